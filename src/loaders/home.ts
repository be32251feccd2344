import type { HomeData } from '../contracts/page-data/cards.ts';
import { HOUSE_TYPES } from '../lib/listing-kinds.ts';
import type { LoadResult, PageContext } from '../pipeline/types.ts';
import { optional } from './optional.ts';

/** SPEC 9: the hot new-home list is limited to 10; the home page shows a short pick of each kind. */
const HOT_LOUPAN_LIMIT = 10;
const HOME_LIST_SIZE = 6;

/**
 * The home page: hot estates, fresh second-hand listings and rentals of the city, fetched in parallel. The lists
 * are a bonus on this page: one that fails is left out and the page renders, marked degraded so that the page cache
 * does not keep the page without it once the gateway is back (issue 33 part 4).
 */
export async function loadHome(ctx: PageContext): Promise<LoadResult<HomeData>> {
  const { cityId } = ctx.city;
  const [xinfang, ershoufang, zufang] = await Promise.all([
    optional(
      ctx,
      'house.findWapHotLoupan',
      ctx.api.house.findWapHotLoupan(ctx.call, { cityId, limit: HOT_LOUPAN_LIMIT, orderBy: 'viewNum' }),
      [],
    ),
    optional(
      ctx,
      'house.findByWapConditionData',
      ctx.api.house.findByWapConditionData(ctx.call, { cityId, houseType: HOUSE_TYPES.ershoufang, size: HOME_LIST_SIZE }),
      null,
    ),
    optional(
      ctx,
      'house.findByWapConditionData',
      ctx.api.house.findByWapConditionData(ctx.call, { cityId, houseType: HOUSE_TYPES.zufang, size: HOME_LIST_SIZE }),
      null,
    ),
  ]);
  const data: HomeData = {
    xinfang: (xinfang ?? []).slice(0, 4),
    ershoufang: ershoufang?.content ?? [],
    zufang: zufang?.content ?? [],
  };
  return { data };
}
