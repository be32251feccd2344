import { isId } from '../lib/ids.ts';
import { listSpecOf, listTailOf } from '../lib/list-specs.ts';
import { parseTail } from '../lib/listing-filters.ts';
import { parseOverseasTail } from '../lib/overseas-filters.ts';
import type { Validator } from '../pipeline/types.ts';

/** The named validate hooks registry.json may refer to. False → the 404 screen (SPEC 2.5). */
export const validators: Readonly<Record<string, Validator>> = {
  /** `:id` (or `?id=` on a plain twin like /ershoufang/details) is an id (src/lib/ids.ts). */
  numericId: (ctx) => isId(ctx.params.id ?? ctx.query.id),
  /** Present id, if any, must be numeric (optional id tails). */
  optionalNumericId: (ctx) => {
    const id = ctx.params.id ?? ctx.query.id;
    return id === undefined || isId(id);
  },
  /** The tail of a filtered list (`/ershoufang/yuelu/p3l2/`) is a filter state of the page's `params.list` (SPEC 2.5, 9). */
  listTail: async (ctx) => {
    const spec = listSpecOf(ctx.page.params);
    if (!spec) return false;
    return parseTail(listTailOf(ctx.params), spec.kind, await ctx.api.dictionaries.locations(ctx.call, ctx.city.cityId)) !== null;
  },
  /** The tail of the overseas list (`/haiwaihome/list/japan/l2/`) is a filter state over the countries with listings. */
  overseasTail: async (ctx) => {
    const countries = await ctx.api.dictionaries.overseasCountries(ctx.call);
    return (
      parseOverseasTail(
        listTailOf(ctx.params),
        countries.map((c) => c.country),
      ) !== null
    );
  },
};

/** The query keys each validator reads: the pipeline hands a cached page no others (issue 11 point 4). */
export const validatorQueryKeys: Readonly<Record<string, readonly string[]>> = {
  numericId: ['id'],
  optionalNumericId: ['id'],
};
