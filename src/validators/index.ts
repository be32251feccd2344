import { parseNewActivityTail } from '../lib/activity.ts';
import { ACCOUNT_NAME } from '../lib/article-sections.ts';
import { parseHuxingTail } from '../lib/huxing-tail.ts';
import { isId } from '../lib/ids.ts';
import type { PageContext, Validator } from '../pipeline/types.ts';
import { listingValidators } from './listing.ts';
import { rankingValidatorQueryKeys, rankingValidators } from './ranking.ts';

/** The first of these values that is present (`??`): the id a page reads when it accepts several spellings. */
const firstOf = (...values: Array<string | undefined>): string | undefined => values.find((v) => v !== undefined);

/** An optional id: absent or empty (a form's blank field) is no id; anything else must be an id. */
const optionalId = (raw: string | undefined): boolean => raw === undefined || raw === '' || isId(raw);

/** A page number of the city-wide rankings: 1 to 9999, no leading zero. */
const PAGE_NUMBER = /^[1-9][0-9]{0,3}$/;

/** `:id`, else `?id=`: the id of most detail pages. */
const idOf = (ctx: PageContext) => ctx.params.id ?? ctx.query.id;

/** The named validate hooks registry.json may refer to. False → the 404 screen (SPEC 2.5). */
export const validators: Readonly<Record<string, Validator>> = {
  ...listingValidators,
  ...rankingValidators,
  /** `:id` (or `?id=` on a plain twin like /ershoufang/details) is an id (src/lib/ids.ts). */
  numericId: (ctx) => isId(idOf(ctx)),
  /** Present id, if any, must be numeric (optional id tails). */
  optionalNumericId: (ctx) => {
    const id = idOf(ctx);
    return id === undefined || isId(id);
  },
  /** numericId, and the estate of `?houseId=`, when given, is an id too (news items, adviser ratings). */
  numericIdWithHouse: (ctx) => isId(idOf(ctx)) && optionalId(ctx.query.houseId),
  /** An estate by `:id`, `:houseId`, `?id=` or `?houseId=` (the first given) is an id (old estate links, agents). */
  estateId: (ctx) => isId(firstOf(ctx.params.id, ctx.params.houseId, ctx.query.id, ctx.query.houseId)),
  /** Like estateId, but a page without an estate is the city-wide one (new-home Q&A). */
  optionalEstateId: (ctx) => optionalId(firstOf(ctx.params.id, ctx.params.houseId, ctx.query.id, ctx.query.houseId)),
  // Single pages (issue 19)
  /** A floor plan by `?id=` or `?hxId=`, and its estate `?lpId=` when given (/huxingdetail). */
  huxingQueryId: (ctx) => isId(firstOf(ctx.query.id, ctx.query.hxId)) && optionalId(ctx.query.lpId),
  /** A floor plan by `?id=` or `?huxingId=` (the big picture). */
  huxingId: (ctx) => isId(firstOf(ctx.query.id, ctx.query.huxingId)),
  /** A news item by `:id`, `?id=` or `?DTid=`, and `?houseId=` when given (the old-style news page). */
  dongtaiId: (ctx) => isId(firstOf(ctx.params.id, ctx.query.id, ctx.query.DTid)) && optionalId(ctx.query.houseId),
  /** numericId, and `?page=`, when given, is a page number (the same rule as an id). */
  numericIdWithPage: (ctx) => isId(idOf(ctx)) && (ctx.query.page === undefined || isId(ctx.query.page)),
  /** The floor-plan list's tail is `lp{id}`, `lp{id}/l{rooms}` or nothing (src/lib/huxing-tail.ts). */
  huxingTail: (ctx) => parseHuxingTail(ctx.params['*']) !== null,
  /** `?page=`, when given, is a page number from 1 to 9999 (city-wide rankings). */
  pageNumber: ({ query: { page } }) => page === undefined || PAGE_NUMBER.test(page),
  /** An article list's tab `:ids` (a type id) and `?page=`, each when given, are ids (/zixun/{ids?}, /daogou/{ids?}). */
  articleTab: (ctx) => optionalId(ctx.params.ids) && (ctx.query.page === undefined || isId(ctx.query.page)),
  /** An article source account's `:userName` ([A-Za-z0-9_-], 1 to 40) and `?page=` when given. */
  accountUserName: (ctx) => ACCOUNT_NAME.test(ctx.params.userName ?? '') && (ctx.query.page === undefined || isId(ctx.query.page)),
  // Campaigns (issue 19)
  /** /huodong/{template}/{id?}: the id, when given, is an id. */
  huodongId: (ctx) => ctx.params.id === undefined || isId(ctx.params.id),
  /** /newActivity/*: a state or kind tab with its page, a page, or `{id}.html` (src/lib/activity.ts). */
  newActivityTail: (ctx) => parseNewActivityTail(ctx.params['*']) !== null,
};

/** The query keys each validator reads: the pipeline hands a cached page no others (issue 11 point 4). */
export const validatorQueryKeys: Readonly<Record<string, readonly string[]>> = {
  numericId: ['id'],
  optionalNumericId: ['id'],
  numericIdWithHouse: ['id', 'houseId'],
  estateId: ['id', 'houseId'],
  optionalEstateId: ['id', 'houseId'],
  huxingId: ['id', 'huxingId'],
  // Single pages (issue 19)
  huxingQueryId: ['id', 'hxId', 'lpId'],
  dongtaiId: ['id', 'DTid', 'houseId'],
  numericIdWithPage: ['id', 'page'],
  huxingTail: [],
  pageNumber: ['page'],
  ...rankingValidatorQueryKeys,
  articleTab: ['page'],
  accountUserName: ['page'],
  // Campaigns (issue 19)
  huodongId: [],
  newActivityTail: [],
};
