import type { HomeData } from '../contracts/page-data/cards.ts';
import { HOUSE_TYPES } from '../lib/listing-kinds.ts';
import type { LoadResult, PageContext } from '../pipeline/types.ts';

/** SPEC 9: the hot new-home list is limited to 10; the home page shows a short pick of each kind. */
const HOT_LOUPAN_LIMIT = 10;
const HOME_LIST_SIZE = 6;

/**
 * The home page: hot estates, fresh second-hand listings and rentals of the city, fetched in parallel. The lists
 * are a bonus on this page: one that fails is left out (the failure is logged by the client) and the page renders.
 */
export async function loadHome(ctx: PageContext): Promise<LoadResult<HomeData>> {
  const { cityId } = ctx.city;
  const [xinfang, ershoufang, zufang] = await Promise.allSettled([
    ctx.api.house.findWapHotLoupan(ctx.call, { cityId, limit: HOT_LOUPAN_LIMIT, orderBy: 'viewNum' }),
    ctx.api.house.findByWapConditionData(ctx.call, { cityId, houseType: HOUSE_TYPES.ershoufang, size: HOME_LIST_SIZE }),
    ctx.api.house.findByWapConditionData(ctx.call, { cityId, houseType: HOUSE_TYPES.zufang, size: HOME_LIST_SIZE }),
  ]);
  const data: HomeData = {
    xinfang: xinfang.status === 'fulfilled' ? (xinfang.value ?? []).slice(0, 4) : [],
    ershoufang: ershoufang.status === 'fulfilled' ? ershoufang.value.content : [],
    zufang: zufang.status === 'fulfilled' ? zufang.value.content : [],
  };
  return { data };
}
