import type { ListingDetail } from '../contracts/gateway/index.ts';
import type { ListPageData } from '../contracts/page-data/list.ts';
import { type ListSpec, listPathOf, locationName, locationOnly } from '../lib/list-specs.ts';
import { rentOf } from '../lib/listing-filters.ts';
import { detailPathOf, isCommercialKind, isRentHouseType, KIND_NOUNS, type ListingKind } from '../lib/listing-kinds.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { Meta, MetaContext, PageHead } from '../pipeline/types.ts';

/**
 * The SEO copy the listing families share (issue 12 point 2: a page's head is its `meta`, built from the data its
 * load returned, never from the gateway): the breadcrumb, the list page's head, the listing's schema.org Product.
 */

/** 万 with at most two decimals, as titles print prices and areas. */
export const wan = (n: number) => String(Math.round(n * 100) / 100);

/** schema.org BreadcrumbList from the city's home down to `items`. */
export function breadcrumbs(ctx: MetaContext, items: Array<{ name: string; path: string }>) {
  const origin = cityOrigin(ctx.site, ctx.city);
  const all = [{ name: `${ctx.city.name}${ctx.site.brand}`, path: '/' }, ...items];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: all.map((it, i) => ({ '@type': 'ListItem', position: i + 1, name: it.name, item: origin + it.path })),
  };
}

/** rel prev/next around page `page` of `totalPages`. */
export const pageLinks = (page: number, totalPages: number, hrefOf: (n: number) => string): PageHead['links'] => [
  ...(page > 1 ? [{ rel: 'prev', href: hrefOf(page - 1) }] : []),
  ...(page < totalPages ? [{ rel: 'next', href: hrefOf(page + 1) }] : []),
];

/** What a list's title says after city + location + noun, and what its description says it filters by. */
const LIST_COPY: Readonly<Record<ListingKind, { suffix: string; blurb: string }>> = {
  ershoufang: { suffix: '出售', blurb: '按区域、地铁、价格、户型筛选' },
  zufang: { suffix: '信息', blurb: '按区域、地铁、价格、户型筛选' },
  shangpucs: { suffix: '信息', blurb: '按区域、总价、面积、业态筛选' },
  shangpucz: { suffix: '信息', blurb: '按区域、租金、面积、业态筛选' },
  xieziloucs: { suffix: '信息', blurb: '按区域、总价、面积筛选' },
  xieziloucz: { suffix: '信息', blurb: '按区域、租金、面积筛选' },
  zhaopu: { suffix: '选址', blurb: '按区域、租金、面积、业态找铺' },
};

/** The head of a filtered list of `spec`: title with the filters and page, canonical path, rel prev/next, ItemList. */
export const listMeta =
  (spec: ListSpec): Meta<ListPageData> =>
  (ctx, data) => {
    const { query: q, dict, page: pageNo, totalPages, heading, labels } = data;
    const noun = data.noun ?? spec.noun;
    const cityName = ctx.city.name;
    const where = locationName(q, dict);
    const brand = ctx.site.brand;
    const hrefOf = (n: number) => listPathOf(spec, { ...q, page: n > 1 ? n : undefined }, dict);
    const filterText = [...labels, q.keyword ? `“${q.keyword}”` : ''].filter(Boolean).join(' ');
    const pageText = pageNo > 1 ? `_第${pageNo}页` : '';
    const prices = data.items.map((l) => l.price).filter((p) => p > 0);
    const rent = rentOf(spec.kind, q);
    const unit = rent ? '元/月' : '万';
    const priceText = prices.length && rent !== null ? `，价格${Math.min(...prices)}-${Math.max(...prices)}${unit}` : '';
    const { suffix, blurb } = LIST_COPY[spec.kind];
    const origin = cityOrigin(ctx.site, ctx.city);
    return {
      title: `${heading}${filterText ? `_${filterText}` : ''}${pageText}_${cityName}${where}${noun}${suffix}_${brand}`,
      description: `${brand}${heading}频道，共${data.total}套${where}${filterText ? `${filterText}` : ''}${noun}房源${priceText}。真实房源，实时更新，${blurb}，专业经纪人带看。`,
      keywords: `${heading},${cityName}${noun},${where}${noun}${suffix},${where}${noun}价格`,
      canonical: hrefOf(pageNo),
      links: pageLinks(pageNo, totalPages, hrefOf),
      jsonLd: [
        breadcrumbs(ctx, [
          { name: `${cityName}${spec.noun}`, path: spec.base },
          ...(where ? [{ name: heading, path: listPathOf(spec, locationOnly(q), dict) }] : []),
        ]),
        {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name: heading,
          numberOfItems: data.items.length,
          itemListElement: data.items.map((l, i) => ({
            '@type': 'ListItem',
            position: (pageNo - 1) * spec.pageSize + i + 1,
            url: `${origin}${detailPathOf(spec.kind, l.houseId, l.houseType)}`,
            name: l.title,
          })),
        },
      ],
    };
  };

/** schema.org for a listing: a Product with a sale or a monthly rental Offer, plus the breadcrumb. */
export function listingJsonLd(ctx: MetaContext, house: ListingDetail, kind: ListingKind, canonicalPath: string) {
  const origin = cityOrigin(ctx.site, ctx.city);
  const rent = isRentHouseType(house.houseType);
  const commercial = isCommercialKind(kind);
  const noun = commercial ? KIND_NOUNS[kind === 'zhaopu' ? (rent ? 'shangpucz' : 'shangpucs') : kind] : rent ? '租房' : '二手房';
  const listPath = kind === 'zhaopu' ? '/zhaopu/' : `/${kind}/`;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: house.title,
      sku: house.houseNumber,
      image: house.photos.slice(0, 5).map((p) => origin + p),
      description: house.description,
      category: noun,
      offers: {
        '@type': 'Offer',
        url: origin + canonicalPath,
        priceCurrency: 'CNY',
        price: rent ? house.price : Math.round(house.price * 10000),
        ...(rent
          ? { priceSpecification: { '@type': 'UnitPriceSpecification', price: house.price, priceCurrency: 'CNY', unitText: 'MON' } }
          : {}),
        availability: house.status === '在售' ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
        businessFunction: rent ? 'http://purl.org/goodrelations/v1#LeaseOut' : 'http://purl.org/goodrelations/v1#Sell',
      },
      additionalProperty: commercial
        ? [
            { '@type': 'PropertyValue', name: '面积', value: `${house.area}㎡` },
            { '@type': 'PropertyValue', name: '类型', value: house.useType },
            ...(house.businessFormat ? [{ '@type': 'PropertyValue', name: '适合业态', value: house.businessFormat }] : []),
            { '@type': 'PropertyValue', name: '区域', value: [house.regionName, house.shopMapName].filter(Boolean).join(' ') },
          ]
        : [
            { '@type': 'PropertyValue', name: '户型', value: house.huxing },
            { '@type': 'PropertyValue', name: '面积', value: `${house.area}㎡` },
            { '@type': 'PropertyValue', name: '小区', value: house.xiaoquName ?? '' },
          ],
    },
    breadcrumbs(ctx, [
      { name: `${ctx.city.name}${noun}`, path: listPath },
      ...(house.regionName ? [{ name: `${house.regionName}${noun}`, path: listPath }] : []),
      { name: house.title, path: canonicalPath },
    ]),
  ];
}
