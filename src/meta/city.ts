import type { CityPageData } from '../contracts/page-data/search.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { Meta } from '../pipeline/types.ts';

/** /city: the registry's title; the description names the cities the picker offers; one canonical without the return path. */
export const cityMeta: Meta<CityPageData> = (ctx, data) => {
  const names = data.hot.length ? data.hot.map((c) => c.name) : data.groups.flatMap((g) => g.cities.map((c) => c.name)).slice(0, 8);
  const count = data.groups.reduce((n, g) => n + g.cities.length, 0);
  return {
    description: `当前城市：${data.current.name}。${ctx.site.brand}覆盖${names.join('、')}等${count}个城市，选择您所在的城市，查看当地新房、二手房、租房及房价信息。`,
    canonical: `${cityOrigin(ctx.site, ctx.city)}/city`,
  };
};
