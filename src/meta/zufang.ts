import type { ZuyjListData } from '../contracts/page-data/ershoufang.ts';
import type { Meta } from '../pipeline/types.ts';
import { pageLinks } from './listing.ts';

/** The rental heads beside the shared list and detail ones: 品牌公寓's list, paged by ?page. */
export const zuyjListMeta: Meta<ZuyjListData> = (ctx, { total, page, totalPages }) => {
  const href = (n: number) => (n > 1 ? `/zufang/zuyj?page=${n}` : '/zufang/zuyj');
  const city = ctx.city.name;
  return {
    title: `${city}品牌公寓_精装整租公寓出租${page > 1 ? `_第${page}页` : ''}_${ctx.site.brand}`,
    description: `${city}品牌公寓频道：${total}套精装整租公寓，拎包入住，真实房源在线预约看房。`,
    canonical: href(page),
    links: pageLinks(page, totalPages, href),
  };
};
