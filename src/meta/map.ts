import type { MapData } from '../contracts/page-data/map.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { Meta } from '../pipeline/types.ts';

/**
 * The map screens' head from their data: the city, what is counted and how many, the districts with the most; the
 * canonical is the screen's path with its kind and filters (level and sheet are views of the same page).
 */
export const mapMeta: Meta<MapData> = (ctx, data) => {
  const city = ctx.city.name;
  const what = data.kindLabel;
  const unit = data.kind === 'xinfang' ? '个楼盘' : '套房源';
  const measure = unit.slice(0, 1);
  const top = [...data.bubbles.items]
    .filter((b) => b.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, 3)
    .map((b) => `${b.name}${b.count}${measure}`);
  const filters = [...data.prices, ...data.rooms].filter((c) => c.on).map((c) => c.label);
  const canonical = data.filterQuery ? `${data.path}?${data.filterQuery}` : data.path;
  const origin = cityOrigin(ctx.site, ctx.city);
  return {
    title: `${city}${what}地图找房${filters.length ? `_${filters.join('_')}` : ''}_${city}${what}分布地图_${ctx.site.brand}`,
    description: `${city}地图找${what}：在地图上按区域、商圈、小区查看${city}${what}分布，共${data.bubbles.total}${unit}${top.length ? `，${top.join('、')}` : ''}，点击气泡查看房源与均价。`,
    canonical,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: `${city}${what}区域分布`,
        itemListElement: data.bubbles.items.map((b, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          name: `${b.name} ${b.count}${measure}`,
          url: origin + (data.hrefs[b.id] ?? data.path),
        })),
      },
    ],
  };
};
