import type { SydcData } from '../contracts/page-data/shangpu.ts';
import { COMMERCIAL_KINDS, HOUSE_TYPES, KIND_NOUNS } from '../lib/listing-kinds.ts';
import { sydcMeta } from '../meta/shangpu.ts';
import { type LoadResult, pageLoader } from '../pipeline/types.ts';
import { optional } from './optional.ts';

/** Recommended listings per kind on the landing. */
const PICKS = 3;

/**
 * /sydc, 商业地产: an entry to each of the four commercial lists with its count, and the most viewed listings of
 * each. One search per kind gives both (its total and its first page sorted by views); a kind whose search fails
 * shows no count and no picks, the page still renders.
 */
export const sydcLoader = pageLoader(async (ctx): Promise<LoadResult<SydcData>> => {
  const { cityId } = ctx.city;
  const kinds = await Promise.all(
    COMMERCIAL_KINDS.map(async (kind) => {
      const page = await optional(
        ctx,
        `findByCondition ${kind}`,
        ctx.api.house.findByCondition(ctx.call, { cityId, houseType: HOUSE_TYPES[kind], sort: 'hot', size: PICKS }),
        null,
      );
      return { kind, noun: KIND_NOUNS[kind], total: page?.totalElements ?? 0, items: page?.content ?? [] };
    }),
  );
  return { data: { kinds, total: kinds.reduce((n, k) => n + k.total, 0) } };
}, sydcMeta);
