import type { Got } from 'got';
import type { MapBubbles, MapLevel, MapQuery, NearbyMap } from '../contracts/gateway/map.ts';
import { getObj, seg } from './call.ts';
import type { CallContext } from './http.ts';
import { type AnswerMemo, createAnswerMemo } from './memo.ts';

/** SPEC 7.3 getHousebyLocation by level (the map's bubbles) and the nearby places of a static location map. */
export function createMapApi(gateway: Got, answers: AnswerMemo = createAnswerMemo()) {
  const nearby = answers.of(
    'nearby',
    (
      _key: string,
      { call, q }: { call: CallContext; q: { cityId: number; lng: number; lat: number; regionId?: number; radius?: number } },
    ) => getObj<NearbyMap>(gateway, call, 'api/map/nearby', { searchParams: q as unknown as Record<string, number> }),
  );
  return {
    async bubbles(call: CallContext, level: MapLevel, q: MapQuery): Promise<MapBubbles> {
      const searchParams = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<
        string,
        string | number
      >;
      const obj = await getObj<MapBubbles>(gateway, call, `api/house/getHousebyLocation/${seg(level)}`, { searchParams });
      return obj && Array.isArray(obj.items) ? obj : { level, kind: q.kind, total: 0, items: [] };
    },
    /** The places around a point (the same for every listing there): kept for a minute (issue 20). */
    nearby: (call: CallContext, q: { cityId: number; lng: number; lat: number; regionId?: number; radius?: number }) =>
      nearby.get(`${q.cityId}:${q.lng}:${q.lat}:${q.regionId ?? ''}:${q.radius ?? ''}`, { call, q }),
  };
}
