import type { LocationDict } from '../contracts/gateway/location.ts';
import type { createConfigApi } from './config.ts';
import type { CallContext } from './http.ts';
import type { createInfoApi } from './info.ts';
import { memoByKey } from './memo.ts';
import type { createXiaoquApi } from './xiaoqu.ts';

export type { LocationDict };

const ONE_HOUR = 60 * 60 * 1000;

/** SPEC 9 "a second cache holds 1 hour": dictionaries every list request needs and that change rarely, per city. */
export function createDictionaryApi(deps: {
  config: ReturnType<typeof createConfigApi>;
  xiaoqu: ReturnType<typeof createXiaoquApi>;
  info: ReturnType<typeof createInfoApi>;
}) {
  /** The countries with overseas listings and their counts: the overseas list's country dictionary. */
  const overseasCountries = memoByKey((_key: 'all', call: CallContext) => deps.info.overseasCountries(call), { max: 1, ttlMs: ONE_HOUR });
  const locations = memoByKey(
    async (cityId: number, call: CallContext): Promise<LocationDict> => {
      const [regions, shopMaps, metros] = await Promise.all([
        deps.config.regions(call, cityId),
        deps.xiaoqu.findShopMaps(call, { cityId }),
        deps.config.metros(call, cityId).catch(() => []),
      ]);
      return {
        regions: regions.map((r) => ({ regionId: r.regionId, regionName: r.regionName })),
        shopMaps: shopMaps.map((s) => ({ shopMapId: s.shopMapId, shopMapName: s.shopMapName, regionId: s.regionId })),
        metros: metros.map((m) => ({
          metroId: m.metroId,
          name: m.name,
          stations: m.stations.map((s) => ({ stationId: s.stationId, name: s.name })),
        })),
      };
    },
    { max: 100, ttlMs: ONE_HOUR },
  );
  const loupanRegions = memoByKey((cityId: number, call: CallContext) => deps.config.loupanRegions(call, cityId), {
    max: 100,
    ttlMs: ONE_HOUR,
  });
  return {
    /** The countries with overseas listings (SPEC 9 second cache). */
    overseasCountries: (call: CallContext): Promise<Array<{ country: string; count: number }>> => overseasCountries.get('all', call),
    /** The first caller's CallContext makes the fetch of a miss (its request id is in the gateway's logs). */
    locations: (call: CallContext, cityId: number): Promise<LocationDict> => locations.get(cityId, call),
    /** The city's new-home districts with their estate counts: the new-home list's middleware and loader both read them. */
    loupanRegions: (call: CallContext, cityId: number) => loupanRegions.get(cityId, call),
    /** Test seam: forget what is cached. */
    clear(): void {
      overseasCountries.clear();
      locations.clear();
      loupanRegions.clear();
    },
  };
}
