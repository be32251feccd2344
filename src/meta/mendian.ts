import type { Store } from '../contracts/gateway/index.ts';
import type {
  MendianDetailData,
  MendianDongtaiData,
  MendianFangyuanData,
  MendianLicenseData,
  MendianListData,
  MendianSearchData,
  MendianXiaoquData,
} from '../contracts/page-data/mendian.ts';
import type { Meta, MetaContext } from '../pipeline/types.ts';
import { breadcrumbs, itemList, origin } from './ranking-ld.ts';

/** Heads of the store pages (issue 17 part B), from the loaded data only. */

export const storeHref = (id: number): string => `/mendian/${id}.html`;

/** The schema.org RealEstateAgent of a store: address, phone, hours, position. */
export function storeLd(ctx: MetaContext, s: Store) {
  const [opens, closes] = (s.hours ?? '').split('-');
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateAgent',
    name: s.name,
    url: origin(ctx) + storeHref(s.storeId),
    telephone: s.phone,
    image: origin(ctx) + s.img,
    address: {
      '@type': 'PostalAddress',
      streetAddress: s.address,
      addressLocality: ctx.city.name,
      addressRegion: s.regionName ?? undefined,
      addressCountry: 'CN',
    },
    ...(typeof s.lat === 'number' && typeof s.lng === 'number'
      ? { geo: { '@type': 'GeoCoordinates', latitude: s.lat, longitude: s.lng } }
      : {}),
    ...(opens && closes
      ? {
          openingHoursSpecification: {
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
            opens,
            closes,
          },
        }
      : {}),
  };
}

const trail = (ctx: MetaContext, s: Store, listHref: string, last?: { name: string; path: string }) =>
  breadcrumbs(ctx, [
    { name: `${ctx.city.name}门店`, path: '/mendian/' },
    ...(s.regionName && listHref !== '/mendian/' ? [{ name: `${s.regionName}门店`, path: listHref }] : []),
    { name: s.name, path: storeHref(s.storeId) },
    ...(last ? [last] : []),
  ]);

export const mendianListMeta: Meta<MendianListData> = (ctx, d) => {
  const brand = ctx.site.brand;
  const pageText = d.page > 1 ? `_第${d.page}页` : '';
  return {
    title: `${d.heading}${pageText}_${ctx.city.name}${d.where}房产门店地址电话_${brand}`,
    description: `${brand}${d.heading}，共${d.total}家${d.where}门店。查看门店地址、营业时间、联系电话、门店经纪人与在售房源，就近到店咨询买房卖房。`,
    keywords: `${d.heading},${ctx.city.name}${d.where}房产中介,${d.where}门店地址`,
    canonical: currentOf(d),
    links: [
      ...(d.pageHrefs.prev ? [{ rel: 'prev', href: d.pageHrefs.prev }] : []),
      ...(d.pageHrefs.next ? [{ rel: 'next', href: d.pageHrefs.next }] : []),
    ],
    jsonLd: [
      breadcrumbs(ctx, [
        { name: `${ctx.city.name}门店`, path: '/mendian/' },
        ...(d.where ? [{ name: d.heading, path: currentOf({ ...d, page: 1 }) }] : []),
      ]),
      itemList(
        ctx,
        d.heading,
        d.items.map((s) => ({ name: s.name, path: storeHref(s.storeId) })),
      ),
    ],
  };
};

/** The canonical URL of the list page itself: the region's href with the page code. */
function currentOf(d: Pick<MendianListData, 'regions' | 'query' | 'page'>): string {
  const base = d.regions.find((r) => r.regionId === d.query.regionId)?.href ?? '/mendian/';
  return d.page > 1 ? `${base}pg${d.page}/` : base;
}

export const mendianDetailMeta: Meta<MendianDetailData> = (ctx, d) => {
  const s = d.store;
  return {
    title: `${s.name}_${s.regionName ?? ''}${s.shopMapName ?? ''}房产门店地址电话_${ctx.site.brand}`,
    description: `${s.name}位于${s.address}，营业时间${s.hours ?? '09:00-21:00'}，电话${s.phone}。门店有${d.agents.length}位经纪人，在售房源${s.houseNum ?? d.houses.length}套，提供二手房买卖、租房与贷款咨询。`,
    keywords: `${s.name},${s.name}地址,${s.name}电话,${s.regionName ?? ''}房产中介`,
    canonical: storeHref(s.storeId),
    jsonLd: [trail(ctx, s, d.listHref), storeLd(ctx, s)],
  };
};

const subMeta =
  <D extends { store: Store; listHref: string; page?: number }>(
    label: string,
    path: string,
    describe: (d: D) => string,
    extra: (d: D) => string = () => '',
  ): Meta<D> =>
  (ctx, d) => {
    const s = d.store;
    const page = d.page && d.page > 1 ? d.page : 0;
    const href = `${path}?id=${s.storeId}${extra(d)}${page ? `&page=${page}` : ''}`;
    return {
      title: `${s.name}${label}${page ? `_第${page}页` : ''}_${ctx.site.brand}`,
      description: describe(d),
      canonical: href,
      jsonLd: [trail(ctx, s, d.listHref, { name: label, path: href }), storeLd(ctx, s)],
    };
  };

export const mendianFangyuanMeta: Meta<MendianFangyuanData> = subMeta(
  '房源',
  '/mendian/fangyuan',
  (d) =>
    `${d.store.name}在售${d.kind === 'zufang' ? '出租' : '二手'}房源${d.total}套，门店经纪人实地核验，支持预约看房。地址：${d.store.address}。`,
  (d) => (d.kind === 'zufang' ? '&kind=zufang' : ''),
);
export const mendianXiaoquMeta: Meta<MendianXiaoquData> = subMeta(
  '服务小区',
  '/mendian/xiaoqu',
  (d) =>
    `${d.store.name}重点服务${d.total}个小区：${d.items
      .map((x) => x.name)
      .slice(0, 5)
      .join('、')}等，查看小区均价与门店在售房源。`,
);
export const mendianDongtaiMeta: Meta<MendianDongtaiData> = subMeta(
  '动态',
  '/mendian/dongtai',
  (d) =>
    `${d.store.name}最新动态与成交：${d.items
      .map((x) => x.title)
      .slice(0, 2)
      .join('；')}。`,
);
export const mendianLicenseMeta: Meta<MendianLicenseData> = subMeta(
  '资质',
  '/mendian/license',
  (d) =>
    `${d.store.name}营业执照与经纪机构备案信息：${d.store.company ?? ''}，执照编号${d.store.licenseNo}，备案号${d.store.filingNo ?? ''}。`,
);

export const mendianSearchMeta: Meta<MendianSearchData> = (ctx, d) => ({
  title: d.keyword ? `“${d.keyword}”门店搜索结果_${ctx.site.brand}` : `搜索门店_${ctx.city.name}房产门店_${ctx.site.brand}`,
  canonical: '/mendian/search',
  robots: d.keyword ? 'noindex,follow' : undefined,
});
