import { isId } from '../lib/ids.ts';
import { parseIndextypeTail, rankingOfTail } from '../lib/rankings.ts';
import type { Validator } from '../pipeline/types.ts';

/** The tails and ids of the rankings, topics and discovery pages (issue 15 part C). False → the 404 screen. */
export const rankingValidators: Readonly<Record<string, Validator>> = {
  /** /rankingList/{tail}: the tail is a ranking's canonical spelling or one of its SEO aliases (src/lib/rankings.ts). */
  rankingTail: (ctx) => rankingOfTail(ctx.params['*']) !== null,
  /** /indextype/{type}[/p{n}]: a SPEC 9 new-home type, by code (1 to 6, 8) or English term, and a page. */
  loupanTypeTail: (ctx) => parseIndextypeTail(ctx.params['*']) !== null,
  /** A district: `:regionId` (/bangdan/{regionId}/sqbd) or `?regionId=` (/composite) is an id. */
  regionId: (ctx) => isId(ctx.params.regionId ?? ctx.query.regionId),
};

export const rankingValidatorQueryKeys: Readonly<Record<string, readonly string[]>> = {
  rankingTail: [],
  loupanTypeTail: [],
  regionId: ['regionId'],
};
