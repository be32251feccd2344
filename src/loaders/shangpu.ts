import type { CommercialDetailData } from '../contracts/page-data/shangpu.ts';
import { LIST_SPECS } from '../lib/list-specs.ts';
import { type CommercialKind, detailPathOf } from '../lib/listing-kinds.ts';
import { listMeta } from '../meta/listing.ts';
import { commercialDetailMeta } from '../meta/shangpu.ts';
import { cityOrigin } from '../pipeline/head.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { loadHouse } from './ershoufang.ts';
import { detailExtras, idOf, isAdVariant, loadList, viewOf } from './listing-common.ts';
import { optional } from './optional.ts';

/**
 * Commercial property (SPEC 1, 2.2, 2.4): shops and offices for sale and for rent, and 找铺, the shop channel over
 * shops for rent and for sale. Lists and details reuse the second-hand machinery: the path-code filters, loadList,
 * detailExtras; their heads are src/meta/shangpu.ts and src/meta/listing.ts.
 */

const SIMILAR_SIZE = 6;

const list = (spec: (typeof LIST_SPECS)[keyof typeof LIST_SPECS]) => pageLoader((ctx) => loadList(ctx, spec), listMeta(spec));

export const shangpucsListLoader = list(LIST_SPECS.shangpucs);
export const shangpuczListLoader = list(LIST_SPECS.shangpucz);
export const xieziloucsListLoader = list(LIST_SPECS.xieziloucs);
export const xiezilouczListLoader = list(LIST_SPECS.xieziloucz);
export const zhaopuListLoader = list(LIST_SPECS.zhaopu);

// ---------- details ----------

/** A shop or office of `kind` by its id (`:id` or `?id=`); another kind, another city or no such listing: 404. */
export async function loadCommercialDetail(
  ctx: PageContext,
  kind: CommercialKind,
  opts: { zhaopu?: boolean } = {},
): Promise<LoadResult<CommercialDetailData>> {
  const house = await loadHouse(ctx, kind, idOf(ctx));
  const ad = isAdVariant(ctx);
  const [extras, log] = await Promise.all([
    detailExtras(ctx, house, { similarSize: SIMILAR_SIZE }),
    optional(ctx, 'houseoperatelog', ctx.api.house.houseOperateLog(ctx.call, house.houseId), []),
  ]);
  const section = opts.zhaopu ? 'zhaopu' : kind;
  // 找铺 shows the same shop inside its channel; search engines get one URL for it, the kind's own .html.
  const url = cityOrigin(ctx.site, ctx.city) + detailPathOf(kind, house.houseId, house.houseType);
  return { data: { section, ad, house, extras, log, url }, view: viewOf(house, ad) };
}

const detail = (kind: CommercialKind, opts?: { zhaopu?: boolean }) =>
  pageLoader((ctx) => loadCommercialDetail(ctx, kind, opts), commercialDetailMeta);

export const shangpucsDetailLoader = detail('shangpucs');
export const shangpuczDetailLoader = detail('shangpucz');
export const xieziloucsDetailLoader = detail('xieziloucs');
export const xiezilouczDetailLoader = detail('xieziloucz');
/** /zhaopucs/{id}.html and /zhaopu/detailscs?id=: a shop for sale seen from the shop channel. */
export const zhaopucsDetailLoader = detail('shangpucs', { zhaopu: true });
/** /zhaopucz/{id}.html and /zhaopu/detailscz?id=: a shop for rent seen from the shop channel. */
export const zhaopuczDetailLoader = detail('shangpucz', { zhaopu: true });
