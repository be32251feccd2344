import type { FangjiaData } from '../contracts/page-data/fangjia.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { Meta } from '../pipeline/types.ts';

const grouped = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (r: number | null) => (r === null ? '' : r > 0 ? `上涨${r.toFixed(2)}%` : r < 0 ? `下跌${Math.abs(r).toFixed(2)}%` : '持平');

/** The one address of each price page: a level with its id as `/fangjia/quyu{id}/`, a list as `/fangjia/quyu/`. */
function pathOf(d: FangjiaData): string {
  if (d.level === 'city') return '/fangjia';
  if (d.level === 'search') return '/fangjia/search';
  return `/fangjia/${d.level}${d.place ? d.place.id : ''}/`;
}

/** Heads of the price pages (issue 16): title, description, canonical and JSON-LD from the place and its figure. */
export const fangjiaMeta: Meta<FangjiaData> = (ctx, d) => {
  const origin = cityOrigin(ctx.site, ctx.city);
  const path = pathOf(d);
  const brand = ctx.site.brand;
  const where = d.level === 'city' || !d.place ? d.cityName : `${d.cityName}${d.place.name}`;
  const f = d.figure;
  const figureText = f
    ? `${f.month}${d.place ? d.place.name : d.cityName}二手房参考均价${grouped(f.price)}元/㎡，环比${pct(f.monthRatio)}${
        f.yearRatio !== null ? `，同比${pct(f.yearRatio)}` : ''
      }。`
    : '';
  const listTitle = d.heading ?? d.tables[0]?.title;
  const title =
    d.level === 'search'
      ? `${d.keyword ? `${d.keyword}房价查询` : '小区房价查询'}_${d.cityName}小区房价_${brand}`
      : d.place
        ? `${where}房价_${d.place.name}房价走势_${d.place.kind}均价_${brand}`
        : `${listTitle ?? `${d.cityName}房价`}_${d.cityName}房价走势_${brand}`;
  const description = `${figureText}${d.place ? `查看${d.place.name}近${d.prices.length}个月房价走势、排名与在售房源。` : `${listTitle ?? ''}，房价走势每月更新。`}`;
  const crumbs = [...d.crumbs, ...(d.place && d.level !== 'city' ? [{ name: `${d.place.name}房价`, href: path }] : [])];
  return {
    title,
    description,
    canonical: path,
    jsonLd: crumbs.length
      ? [
          {
            '@context': 'https://schema.org',
            '@type': 'BreadcrumbList',
            itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: origin + c.href })),
          },
        ]
      : undefined,
  };
};
