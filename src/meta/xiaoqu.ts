import type {
  XiaoquDetailData,
  XiaoquHuxingData,
  XiaoquInformationData,
  XiaoquListData,
  XiaoquRecord,
} from '../contracts/page-data/xiaoqu.ts';
import { XIAOQU_LIST_BASE, XIAOQU_PAGE_SIZE, XIAOQU_SORTS, xiaoquListHref } from '../lib/xiaoqu-filters.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { Meta, MetaContext } from '../pipeline/types.ts';

/** Heads of the community pages (SPEC 2.3, 2.4, 7.5): title, description, canonical and JSON-LD from the data. */

const grouped = (n: number) => Math.round(n).toLocaleString('en-US');
const percent = (n: number) => `${n > 0 ? '+' : ''}${n.toFixed(2)}%`;

function breadcrumbs(ctx: MetaContext, items: Array<{ name: string; path: string }>) {
  const origin = cityOrigin(ctx.site, ctx.city);
  const all = [{ name: `${ctx.city.name}${ctx.site.brand}`, path: '/' }, ...items];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: all.map((it, i) => ({ '@type': 'ListItem', position: i + 1, name: it.name, item: origin + it.path })),
  };
}

const detailPath = (id: number) => `/xiaoqu/${id}.html`;

/** The breadcrumb trail of a community: the city's list, its region's list, the community. */
function communityTrail(ctx: MetaContext, x: Pick<XiaoquRecord, 'stressId' | 'name' | 'regionName'>, regionHref: string | null) {
  return [
    { name: `${ctx.city.name}小区`, path: XIAOQU_LIST_BASE },
    ...(x.regionName && regionHref ? [{ name: `${x.regionName}小区`, path: regionHref }] : []),
    { name: x.name, path: detailPath(x.stressId) },
  ];
}

export const xiaoquListMeta: Meta<XiaoquListData> = (ctx, d) => {
  const { query: q, places } = d;
  const city = ctx.city.name;
  const brand = ctx.site.brand;
  const hrefOf = (n: number) => xiaoquListHref({ ...q, page: n > 1 ? n : undefined }, places);
  const sort = q.sort ? XIAOQU_SORTS[q.sort - 1]?.label : undefined;
  const filterText = [...d.labels, q.keyword ? `“${q.keyword}”` : '', sort ?? ''].filter(Boolean).join(' ');
  const pageText = d.page > 1 ? `_第${d.page}页` : '';
  const prices = d.items.map((x) => x.avgPrice).filter((p) => p > 0);
  const priceText = prices.length ? `，均价${grouped(Math.min(...prices))}-${grouped(Math.max(...prices))}元/㎡` : '';
  const origin = cityOrigin(ctx.site, ctx.city);
  return {
    title: `${d.heading}${filterText ? `_${filterText}` : ''}${pageText}_${city}${d.where}小区房价_${brand}`,
    description: `${brand}${d.heading}大全，共${d.total}个${d.where}${d.labels.join('')}小区${priceText}。查看小区均价、房价涨跌、在售二手房与出租房源，按区域、均价、房龄、物业类型筛选。`,
    keywords: `${d.heading},${city}${d.where}小区房价,${d.where}小区均价,${d.where}小区大全`,
    canonical: hrefOf(d.page),
    links: [
      ...(d.page > 1 ? [{ rel: 'prev', href: hrefOf(d.page - 1) }] : []),
      ...(d.page < d.totalPages ? [{ rel: 'next', href: hrefOf(d.page + 1) }] : []),
    ],
    jsonLd: [
      breadcrumbs(ctx, [
        { name: `${city}小区`, path: XIAOQU_LIST_BASE },
        ...(d.where ? [{ name: d.heading, path: xiaoquListHref({ regionId: q.regionId, shopMapId: q.shopMapId }, places) }] : []),
      ]),
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: d.heading,
        numberOfItems: d.items.length,
        itemListElement: d.items.map((x, i) => ({
          '@type': 'ListItem',
          position: (d.page - 1) * XIAOQU_PAGE_SIZE + i + 1,
          url: origin + detailPath(x.stressId),
          name: x.name,
        })),
      },
    ],
  };
};

/** schema.org Residence of a community: address, geo-less (no map here), photos and its facts as properties. */
function residence(ctx: MetaContext, x: XiaoquRecord, extra: Record<string, unknown> = {}) {
  const origin = cityOrigin(ctx.site, ctx.city);
  return {
    '@context': 'https://schema.org',
    '@type': 'Residence',
    name: x.name,
    url: origin + detailPath(x.stressId),
    image: x.photos.slice(0, 3).map((p) => (p.startsWith('/') ? origin + p : p)),
    address: {
      '@type': 'PostalAddress',
      addressLocality: ctx.city.name,
      addressRegion: x.regionName ?? undefined,
      streetAddress: x.address,
      addressCountry: 'CN',
    },
    ...extra,
  };
}

export const xiaoquDetailMeta: Meta<XiaoquDetailData> = (ctx, d) => {
  const x = d.xiaoqu;
  const city = ctx.city.name;
  const where = [x.regionName, x.shopMapName].filter(Boolean).join('');
  const last = d.prices.at(-1);
  const mom = d.monthRatio === null ? '' : `，环比上月${percent(d.monthRatio)}`;
  return {
    title: `${x.name}_${x.name}房价_${x.name}二手房_${city}${x.regionName ?? ''}小区_${ctx.site.brand}`,
    description: `${x.name}位于${city}${where}${x.address ? `，${x.address}` : ''}${x.buildYear != null ? `，${x.buildYear}年建成` : ''}。${last ? `${last.month}参考均价${grouped(last.price)}元/㎡${mom}` : `参考均价${grouped(x.avgPrice)}元/㎡`}，在售二手房${x.ershoucount}套，在租${x.zufangcount}套。`,
    keywords: `${x.name},${x.name}房价,${x.name}二手房,${x.name}租房,${where}小区`,
    canonical: detailPath(x.stressId),
    jsonLd: [
      residence(ctx, x, {
        description: x.description,
        additionalProperty: [
          { '@type': 'PropertyValue', name: '参考均价', value: x.avgPrice, unitText: '元/㎡' },
          { '@type': 'PropertyValue', name: '建成年代', value: x.buildYear },
          { '@type': 'PropertyValue', name: '物业类型', value: x.propertyType },
          { '@type': 'PropertyValue', name: '在售二手房', value: x.ershoucount },
          { '@type': 'PropertyValue', name: '在租房源', value: x.zufangcount },
        ],
      }),
      breadcrumbs(ctx, communityTrail(ctx, x, d.regionHref)),
    ],
  };
};

/** The facts a community's record has, in reading order; a fact the gateway left empty is left out, never printed. */
function factsText(x: XiaoquInformationData['xiaoqu']): string {
  const facts = [
    x.buildYear != null ? `${x.buildYear}年建成` : null,
    x.developer ? `开发商${x.developer}` : null,
    x.propertyCompany ? `物业公司${x.propertyCompany}` : null,
    x.propertyFee != null ? `物业费${x.propertyFee}元/㎡·月` : null,
    x.households != null ? `共${x.households}户` : null,
    x.plotRatio != null ? `容积率${x.plotRatio}` : null,
    x.greenRate != null ? `绿化率${x.greenRate}%` : null,
  ];
  return facts.filter(Boolean).join('，') || '建筑年代、开发商、物业等详细信息';
}

export const xiaoquInformationMeta: Meta<XiaoquInformationData> = (ctx, d) => {
  const x = d.xiaoqu;
  const path = `/xiaoqu/information?id=${x.stressId}`;
  return {
    title: `${x.name}小区概况_开发商_物业_${ctx.city.name}${x.regionName ?? ''}小区_${ctx.site.brand}`,
    description: `${x.name}小区概况：${factsText(x)}。`,
    keywords: `${x.name}小区概况,${x.name}物业,${x.name}开发商`,
    canonical: path,
    jsonLd: [residence(ctx, x), breadcrumbs(ctx, [...communityTrail(ctx, x, d.regionHref), { name: `${x.name}小区概况`, path }])],
  };
};

export const xiaoquHuxingMeta: Meta<XiaoquHuxingData> = (ctx, d) => {
  const x = d.xiaoqu;
  const trail = [
    { name: `${ctx.city.name}小区`, path: XIAOQU_LIST_BASE },
    { name: x.name, path: detailPath(x.stressId) },
    { name: `${x.name}户型`, path: `/xiaoqu/huxing?id=${x.stressId}` },
  ];
  if (d.plan) {
    const p = d.plan;
    const path = `/xiaoqu/huxing/${p.hxId}/${x.stressId}/`;
    const area = p.minArea === p.maxArea ? `${p.minArea}㎡` : `${p.minArea}-${p.maxArea}㎡`;
    return {
      title: `${x.name}${p.name}户型图_${area}_${x.name}户型_${ctx.site.brand}`,
      description: `${x.name}${p.name}户型，面积${area}，在售${p.count}套${p.avgPrice ? `，均价约${p.avgPrice}万` : ''}，在租${p.rentCount}套。查看${x.name}${p.name}户型图与在售房源。`,
      keywords: `${x.name}户型图,${x.name}${p.name},${x.name}户型`,
      canonical: path,
      jsonLd: [breadcrumbs(ctx, [...trail, { name: `${x.name}${p.name}`, path }])],
    };
  }
  return {
    title: `${x.name}户型图_${x.name}户型大全_${ctx.city.name}${x.regionName ?? ''}小区户型_${ctx.site.brand}`,
    description: `${x.name}共${d.plans.length}种户型${d.plans.length ? `：${d.plans.map((p) => p.name).join('、')}` : ''}。查看各户型面积、在售与在租房源。`,
    keywords: `${x.name}户型图,${x.name}户型,${x.name}几室`,
    canonical: `/xiaoqu/huxing?id=${x.stressId}`,
    jsonLd: [breadcrumbs(ctx, trail)],
  };
};
