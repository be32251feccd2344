import type { createCityApi } from './city.ts';
import type { createConfigApi } from './config.ts';
import type { createHouseApi } from './house.ts';
import type { CallContext } from './http.ts';
import type { createXiaoquApi } from './xiaoqu.ts';

/**
 * SPEC 7.11: recommendations reuse existing queries; the kind is chosen by a number. SPEC 9 sizes: 30 for lists,
 * 10 for rentals, limit 1 for region shops, hot new homes 10, hot lists 30 by viewNum; houseType 11 or 12.
 */
export const RECOMMEND_KINDS = {
  1: 'region',
  2: 'shopMap',
  3: 'cityList',
  4: 'hotXiaoqu',
  5: 'hotLoupan',
  6: 'newest',
  7: 'loupanRegion',
  8: 'xiaoqu',
  9: 'relatedXiaoqu',
  10: 'rental',
} as const;
export type RecommendKind = keyof typeof RECOMMEND_KINDS;

export const RECOMMEND_SIZES = { list: 30, rental: 10, regionShops: 1, hotLoupan: 10, hotList: 30 } as const;

export interface RecommendContext {
  cityId: number;
  regionId?: number;
  stressId?: number;
  /** 11 second-hand or 12 rental, for the community and rental kinds. */
  houseType?: 11 | 12;
}

export function createRecommendApi(deps: {
  city: ReturnType<typeof createCityApi>;
  config: ReturnType<typeof createConfigApi>;
  house: ReturnType<typeof createHouseApi>;
  xiaoqu: ReturnType<typeof createXiaoquApi>;
}) {
  const { config, house, xiaoqu } = deps;
  return {
    /** One recommendation list by kind number; unknown kinds give []. */
    async recommend(call: CallContext, kind: number, ctx: RecommendContext): Promise<unknown[]> {
      switch (kind as RecommendKind) {
        case 1:
          return config.regions(call, ctx.cityId);
        case 2:
          return ctx.regionId ? xiaoqu.limitShopMaps(call, ctx.regionId, RECOMMEND_SIZES.regionShops) : [];
        case 3:
          return (await xiaoqu.cityLog(call, { cityId: ctx.cityId })) ?? [];
        case 4:
          return xiaoqu.hotStress(call, { cityId: ctx.cityId, limit: RECOMMEND_SIZES.hotList });
        case 5:
          return house.findWapHotLoupan(call, { cityId: ctx.cityId, limit: RECOMMEND_SIZES.hotLoupan, orderBy: 'viewNum' });
        case 6:
          return house.findNewest(call, ctx.cityId, RECOMMEND_SIZES.list);
        case 7:
          return config.loupanRegions(call, ctx.cityId);
        case 8:
          return (await xiaoqu.list(call, { cityId: ctx.cityId, regionId: ctx.regionId, size: RECOMMEND_SIZES.list })).content;
        case 9: {
          if (!ctx.stressId) return [];
          const x = await xiaoqu.findBriefById(call, ctx.stressId);
          if (!x) return [];
          const page = await xiaoqu.list(call, { cityId: ctx.cityId, shopMapId: x.shopMapId, size: RECOMMEND_SIZES.list });
          return page.content.filter((i) => i.stressId !== ctx.stressId);
        }
        case 10:
          return (
            await house.findByCondition(call, {
              cityId: ctx.cityId,
              houseType: ctx.houseType ?? 12,
              regionId: ctx.regionId,
              stressId: ctx.stressId,
              size: RECOMMEND_SIZES.rental,
              sort: 'hot',
            })
          ).content;
        default:
          return [];
      }
    },
  };
}
