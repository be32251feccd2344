import type { HuxingDetailData, HuxingListData, MagnifyData } from '../contracts/page-data/huxing.ts';
import type { Meta } from '../pipeline/types.ts';
import { breadcrumbLd } from './xinfang-common.ts';

/** The heads of the floor-plan (户型) pages, from the data their loaders found (src/loaders/huxing.ts). */

/** /huxing/lp{id}/[l{rooms}/]: one estate's plans; /huxing/: the plans of the city's hot estates. */
export const huxingListMeta: Meta<HuxingListData> = (ctx, { estate, rooms, groups, hotNames }) => {
  const city = ctx.city.name;
  if (!estate) {
    return {
      title: `${city}新房户型图大全_${city}热门楼盘户型_${ctx.site.brand}`,
      description: `${city}热门新楼盘户型图大全：${hotNames.slice(0, 3).join('、')}等楼盘的在售户型、面积与参考总价。`,
      canonical: '/huxing/',
    };
  }
  const plans = groups[0]?.plans ?? [];
  const roomWord = rooms ? `${rooms}室` : '';
  const base = `/huxing/lp${estate.houseId}/`;
  return {
    title: `${estate.name}${roomWord}户型图_${estate.name}户型_${city}${estate.regionName ?? ''}新房户型_${ctx.site.brand}`,
    description: `${estate.name}共${plans.length}个${roomWord}户型：${plans
      .slice(0, 4)
      .map((p) => `${p.name}${p.huxing}建面约${p.area}㎡`)
      .join('，')}。查看${estate.name}户型图、面积与参考总价。`,
    canonical: rooms ? `${base}l${rooms}/` : base,
    jsonLd: [
      breadcrumbLd(ctx, [
        [`${city}新房`, '/xinfang/'],
        [estate.name, `/xinfang/${estate.houseId}.html`],
        [`${estate.name}户型图`, base],
      ]),
    ],
  };
};

export const huxingDetailMeta: Meta<HuxingDetailData> = (ctx, { plan, estate }) => {
  const city = ctx.city.name;
  const self = `/huxing/${plan.huxingId}.html`;
  return {
    title: `${estate.name}${plan.name}${plan.huxing}${plan.area}㎡户型图_${city}${estate.name}户型_${ctx.site.brand}`,
    description: `${estate.name}${plan.name}：${plan.huxing}，建面约${plan.area}㎡，${plan.orientation}朝向，参考总价${plan.totalPrice}万，${plan.status}。${plan.description}`,
    canonical: self,
    jsonLd: [
      breadcrumbLd(ctx, [
        [`${city}新房`, '/xinfang/'],
        [estate.name, `/xinfang/${estate.houseId}.html`],
        [`${estate.name}户型图`, `/huxing/lp${estate.houseId}/`],
        [plan.name, self],
      ]),
    ],
  };
};

/** The big picture is a view of the plan page, not a page of its own for search engines. */
export const huxingMagnifyMeta: Meta<MagnifyData> = (ctx, { plan, estate }) => ({
  title: `${estate.name}${plan.name}户型大图_${ctx.site.brand}`,
  description: `${estate.name}${plan.name}${plan.huxing}建面约${plan.area}㎡户型高清大图。`,
  canonical: `/huxing/magnifyImg?id=${plan.huxingId}`,
  robots: 'noindex, follow',
});
