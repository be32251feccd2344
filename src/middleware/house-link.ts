import { foundOrNull } from '../api/found.ts';
import { errors } from '../errors.ts';
import { parseId } from '../lib/ids.ts';
import { detailPathOf, HOUSE_TYPES, kindOfHouseType } from '../lib/listing-kinds.ts';
import type { Middleware, PageContext } from '../pipeline/types.ts';

/** The gateway's house type of a new-home estate (src/backend/README.md). */
export const NEW_HOME_TYPE = 1;
const LISTING_TYPES: readonly number[] = Object.values(HOUSE_TYPES);

/** The query keys house-link reads (a cached page is handed only those). */
export const HOUSE_LINK_QUERY_KEYS = ['id', 'houseType'] as const;

/** The canonical detail path of house `id` of the host's city, by its house type; null when it has none. */
export async function canonicalHousePath(ctx: PageContext, id: number, type: number | null): Promise<string | null> {
  if (type !== NEW_HOME_TYPE) {
    const house = await foundOrNull(ctx.api.house.listingDetail(ctx.call, id));
    if (house && house.cityId === ctx.city.cityId && (type === null || house.houseType === type)) {
      return detailPathOf(kindOfHouseType(house.houseType), house.houseId);
    }
    if (type !== null) return null;
  }
  const estate = await foundOrNull(ctx.api.house.findByIdForM(ctx.call, id));
  return estate && estate.cityId === ctx.city.cityId ? `/xinfang/${estate.houseId}.html` : null;
}

/**
 * `house-link` (issue 19; registry middleware of /house/{id}, /house?id= and /xiangqing/{id?}): the generic listing
 * links of old apps and shares answer 301 with the listing's own canonical detail by its house type (second-hand
 * /ershoufang/{id}.html, rental /zufang/{id}.html, shops and offices theirs, new home /xinfang/{id}.html). Listing ids
 * and estate ids are separate series: a listing of the city wins, else the estate; `?houseType=` (1 new home, 11–16 a
 * listing type) picks one. A missing, malformed or unknown id is the 404 screen (DESIGN: canonical 301s come from
 * middleware).
 */
export const houseLink: Middleware = async (ctx) => {
  const id = parseId(ctx.params.id ?? ctx.query.id);
  const rawType = ctx.query.houseType;
  const type = rawType === undefined || rawType === '' ? null : parseId(rawType);
  if (id === null || (rawType && (type === null || (type !== NEW_HOME_TYPE && !LISTING_TYPES.includes(type))))) {
    ctx.log.info({ page: ctx.page.name, id: ctx.params.id ?? ctx.query.id, houseType: rawType }, 'malformed listing link');
    throw errors.pageNotFound();
  }
  const location = await canonicalHousePath(ctx, id, type);
  if (!location) throw errors.pageNotFound();
  return { kind: 'redirect', status: 301, location };
};
