import { listSpecOf, listTailOf } from '../lib/list-specs.ts';
import { parseTail } from '../lib/listing-filters.ts';
import { parseOverseasTail } from '../lib/overseas-filters.ts';
import type { Validator } from '../pipeline/types.ts';

/** The validate hooks of the filtered listing lists: a tail that is no filter state is the 404 screen (SPEC 2.5, 9). */
export const listingValidators: Readonly<Record<string, Validator>> = {
  /** The tail of a filtered list (`/ershoufang/yuelu/p3l2/`) is a filter state of the page's `params.list`. */
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
