import type { Belonger, LoupanDetail } from '../contracts/gateway/index.ts';
import type { BelongerWithCall } from '../contracts/page-data/xinfang.ts';
import { errors } from '../errors.ts';
import type { PageContext } from '../pipeline/types.ts';
import { optional } from './optional.ts';

/**
 * Load helpers shared by the new-home, floor-plan and estate-news loaders (xinfang.ts, huxing.ts, dongtai.ts). Ids are
 * read with src/lib/ids.ts (a malformed one never gets here: the page's validator answers 404); the head of each page
 * is built in src/meta.
 */

/**
 * The estate, only when it belongs to the city of the host: another city's id is not a page of this site. No id
 * (null) or no such estate is the 404 screen.
 */
export async function loadEstate(ctx: PageContext, id: number | null): Promise<LoupanDetail> {
  const estate = id === null ? null : await ctx.api.house.findByIdForM(ctx.call, id);
  if (!estate || (estate.cityId && estate.cityId !== ctx.city.cityId)) throw errors.pageNotFound();
  return estate;
}

/** Agents' phones asked during one request, by agent id: each agent's zhcall is made once (see `askPhones`). */
export type PhoneBook = Map<number, Promise<{ webCall?: string } | null>>;

/** SPEC 7.7: the agents' phones through api/zhcall (type 1: new homes), asked now; answers land in `book`. */
export function askPhones(ctx: PageContext, list: Belonger[], book: PhoneBook, limit = 6): void {
  for (const b of list.slice(0, limit)) {
    if (!book.has(b.belongerId))
      book.set(b.belongerId, optional(ctx, 'belonger.zhcall', ctx.api.belonger.zhcall(ctx.call, b.belongerId, 1), null));
  }
}

/** Each agent with its phone (SPEC 7.7 zhcall, asked unless `book` has it); a failed call falls back to the agent's own. */
export async function withCalls(ctx: PageContext, list: Belonger[], limit = 6, book: PhoneBook = new Map()): Promise<BelongerWithCall[]> {
  askPhones(ctx, list, book, limit);
  return Promise.all(
    list.slice(0, limit).map(async (b) => {
      const call = await book.get(b.belongerId);
      return { ...b, webCall: call?.webCall || b.phone || '' };
    }),
  );
}

/**
 * Find which estate of the city holds a child row (floor plan, news item) when only the child's id is known.
 * The gateway has no by-id call for floor plans or news items (SPEC 7.3 only lists them by estate), so this
 * bisects the city's estates, whose child ids ascend with the estate id; `span` answers the child id range of one
 * estate (null: none). Results are kept a day in the shared store (src/shared-store.ts), so a crawler's repeat visit
 * costs nothing, on any process.
 */
export async function locateEstate(
  ctx: PageContext,
  kind: string,
  childId: number,
  span: (estateId: number) => Promise<[number, number] | null>,
): Promise<number | null> {
  const key = `located:${kind}:${ctx.city.cityId}:${childId}`;
  const store = ctx.req.server.sharedStore;
  const hit = await store.get(key);
  if (hit !== null) return hit === '' ? null : Number(hit);
  const ids: number[] = [];
  for (let page = 1; page <= 20; page++) {
    const res = await ctx.api.house.findListByWap(ctx.call, { cityId: ctx.city.cityId, page, size: 100 });
    ids.push(...res.content.map((e) => e.houseId));
    if (res.content.length < 100 || page >= (res.totalPages || 1)) break;
  }
  ids.sort((a, b) => a - b);
  let lo = 0;
  let hi = ids.length - 1;
  let found: number | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = await span(ids[mid]);
    if (!s) {
      hi = mid - 1;
      continue;
    }
    if (childId < s[0]) hi = mid - 1;
    else if (childId > s[1]) lo = mid + 1;
    else {
      found = ids[mid];
      break;
    }
  }
  await store.put(key, found === null ? '' : String(found), LOCATED_TTL_MS);
  return found;
}

/** How long a found estate is kept (issue 33: in the shared store, so every process benefits from one search). */
const LOCATED_TTL_MS = 24 * 3600_000;
