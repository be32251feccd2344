import type { ListingDetailData, ZuyjListData } from '../contracts/page-data/ershoufang.ts';
import type { ListPageData } from '../contracts/page-data/list.ts';
import { errors } from '../errors.ts';
import type { Loader, PageContext } from '../pipeline/types.ts';
import { ERSHOUFANG_LIST, loadListingDetail } from './ershoufang.ts';
import { type ListSpec, loadList } from './listing-common.ts';
import { COMMERCIAL_LISTS } from './shangpu.ts';

export const ZUFANG_LIST: ListSpec = { kind: 'zufang', base: '/zufang/', houseType: 12, noun: '租房', pageSize: 20 };
/** Short-term rentals (/duanzu/*, /zufang/duanzu): the rental codes, shortTerm on. */
export const DUANZU_LIST: ListSpec = { kind: 'zufang', base: '/duanzu/', houseType: 12, noun: '短租房', pageSize: 20, shortTerm: true };

export const zufangListLoader: Loader<ListPageData> = (ctx) => loadList(ctx, ZUFANG_LIST);
export const duanzuListLoader: Loader<ListPageData> = (ctx) => loadList(ctx, DUANZU_LIST);

/** Rental detail; similar rentals come 10 at a time (SPEC 7.11, 9). */
export const zufangDetailLoader: Loader<ListingDetailData> = (ctx) => loadListingDetail(ctx, 'zufang');
/** /zufang/zuyj/{id}.html: a brand-apartment rental, the same detail with its own canonical. */
export const zuyjDetailLoader: Loader<ListingDetailData> = (ctx) => loadListingDetail(ctx, 'zufang', { zuyj: true });

const LIST_SPECS: Readonly<Record<string, ListSpec>> = {
  ershoufang: ERSHOUFANG_LIST,
  zufang: ZUFANG_LIST,
  duanzu: DUANZU_LIST,
  ...COMMERCIAL_LISTS,
};

/** The list spec of a list page (for the listing-query middleware), by its registry `params.list`. */
export function listSpecOf(ctx: Pick<PageContext, 'page'>): ListSpec | null {
  const list = ctx.page.params?.list;
  return list && Object.hasOwn(LIST_SPECS, list) ? (LIST_SPECS[list] as ListSpec) : null;
}

const ZUYJ_SIZE = 20;

/**
 * /zufang/zuyj[?page=n]: 品牌公寓, the whole-flat, fully fitted rentals of the city, newest first; each links to its
 * brand-apartment detail /zufang/zuyj/{id}.html. A page past the end or a malformed page is the 404 screen.
 */
export const zuyjListLoader: Loader<ZuyjListData> = async (ctx) => {
  const raw = ctx.query.page;
  if (raw !== undefined && !/^[1-9][0-9]{0,4}$/.test(raw)) throw errors.pageNotFound();
  const page = Number(raw ?? 1);
  const result = await ctx.api.house.findByCondition(ctx.call, {
    cityId: ctx.city.cityId,
    houseType: 12,
    rentType: '整租',
    decoration: '精装',
    sort: 'newest',
    page,
    size: ZUYJ_SIZE,
  });
  const totalPages = Math.max(1, result.totalPages || Math.ceil(result.totalElements / ZUYJ_SIZE));
  if (page > totalPages) throw errors.pageNotFound();
  const href = (n: number) => (n > 1 ? `/zufang/zuyj?page=${n}` : '/zufang/zuyj');
  const city = ctx.city.name;
  return {
    data: { items: result.content, total: result.totalElements, page, totalPages },
    head: {
      title: `${city}品牌公寓_精装整租公寓出租${page > 1 ? `_第${page}页` : ''}_${ctx.site.brand}`,
      description: `${city}品牌公寓频道：${result.totalElements}套精装整租公寓，拎包入住，真实房源在线预约看房。`,
      canonical: href(page),
      links: [
        ...(page > 1 ? [{ rel: 'prev', href: href(page - 1) }] : []),
        ...(page < totalPages ? [{ rel: 'next', href: href(page + 1) }] : []),
      ],
    },
  };
};
