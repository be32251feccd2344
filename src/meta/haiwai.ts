import type { Overseas } from '../contracts/gateway/index.ts';
import type { HaiwaiDetailData, HaiwaiHomeData, HaiwaiHuxingData, HaiwaiListData } from '../contracts/page-data/haiwai.ts';
import {
  countrySlug,
  HAIWAI_HOME,
  HAIWAI_PAGE_SIZE,
  haiwaiDetailPath,
  haiwaiHuxingPath,
  OVERSEAS_LIST_BASE,
  toOverseasTail,
} from '../lib/overseas-filters.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { Meta } from '../pipeline/types.ts';
import { breadcrumbs, pageLinks, wan } from './listing.ts';

/** The heads of the overseas (海外) pages, built from their loads' data. */

const priceRange = (items: Overseas[]) => {
  const prices = items.map((o) => o.price).filter((p) => p > 0);
  return prices.length ? `${wan(Math.min(...prices))}-${wan(Math.max(...prices))}万` : '';
};

export const haiwaiHomeMeta: Meta<HaiwaiHomeData> = (ctx, { countries, total, affordable }) => {
  const names = countries.map((c) => c.country);
  const brand = ctx.site.brand;
  return {
    title: `海外房产_海外买房置业_${names.slice(0, 4).join('、')}房产_${brand}`,
    description: `${brand}海外房产频道：${names.length}个国家${total}套海外房源，${names.slice(0, 6).join('、')}等热门置业目的地，总价${priceRange(affordable)}起，海外置业顾问一对一服务。`,
    keywords: ['海外房产', '海外买房', ...names.slice(0, 6).map((n) => `${n}房产`)].join(','),
    canonical: HAIWAI_HOME,
    jsonLd: [breadcrumbs(ctx, [{ name: '海外房产', path: HAIWAI_HOME }])],
  };
};

/** The list: title with the filters and page, canonical path, rel prev/next and an ItemList. */
export const haiwaiListMeta: Meta<HaiwaiListData> = (ctx, { query: q, items, total, page: pageNo, totalPages, heading, labels }) => {
  const where = q.country ?? '海外';
  const brand = ctx.site.brand;
  const hrefOf = (n: number) => OVERSEAS_LIST_BASE + toOverseasTail({ ...q, page: n > 1 ? n : undefined });
  const filterText = labels.join(' ');
  const range = priceRange(items);
  const origin = cityOrigin(ctx.site, ctx.city);
  return {
    title: `${heading}${filterText ? `_${filterText}` : ''}${pageNo > 1 ? `_第${pageNo}页` : ''}_${where}买房_海外房源_${brand}`,
    description: `${brand}${heading}频道，共${total}套${where}${filterText ? `${filterText}` : ''}房源${range ? `，总价${range}` : ''}。按国家、总价、户型筛选，海外置业顾问一对一服务。`,
    keywords: `${heading},${where}买房,${where}房价,海外房产`,
    canonical: hrefOf(pageNo),
    links: pageLinks(pageNo, totalPages, hrefOf),
    jsonLd: [
      breadcrumbs(ctx, [
        { name: '海外房产', path: HAIWAI_HOME },
        ...(q.country ? [{ name: heading, path: `${OVERSEAS_LIST_BASE}${countrySlug(q.country)}/` }] : []),
      ]),
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: heading,
        numberOfItems: items.length,
        itemListElement: items.map((o, i) => ({
          '@type': 'ListItem',
          position: (pageNo - 1) * HAIWAI_PAGE_SIZE + i + 1,
          url: origin + haiwaiDetailPath(o.houseId),
          name: o.title,
        })),
      },
    ],
  };
};

export const haiwaiDetailMeta: Meta<HaiwaiDetailData> = (ctx, { house }) => {
  const canonical = haiwaiDetailPath(house.houseId);
  const origin = cityOrigin(ctx.site, ctx.city);
  const place = `${house.country}${house.cityName}`;
  const brand = ctx.site.brand;
  return {
    title: `${house.title}_${place}${house.propertyType}总价${wan(house.price)}万_${house.country}房产_${brand}`,
    description: `${place}${house.propertyType}出售：${house.rooms}居室，建筑面积${wan(house.area)}㎡，总价${wan(house.price)}万（约${house.localPrice}），${house.freehold ? '永久产权' : '有限产权'}。${house.description}`,
    keywords: `${place}房产,${house.country}买房,${house.cityName}${house.propertyType},海外房产`,
    canonical,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: house.title,
        sku: `HW${house.houseId}`,
        image: house.photos.slice(0, 5).map((p) => origin + p),
        description: house.description,
        category: '海外房产',
        offers: {
          '@type': 'Offer',
          url: origin + canonical,
          priceCurrency: 'CNY',
          price: Math.round(house.price * 10000),
          availability: 'https://schema.org/InStock',
          businessFunction: 'http://purl.org/goodrelations/v1#Sell',
        },
        additionalProperty: [
          { '@type': 'PropertyValue', name: '户型', value: `${house.rooms}居室` },
          { '@type': 'PropertyValue', name: '面积', value: `${wan(house.area)}㎡` },
          { '@type': 'PropertyValue', name: '国家/城市', value: `${house.country} ${house.cityName}` },
          { '@type': 'PropertyValue', name: '当地货币总价', value: house.localPrice },
        ],
      },
      breadcrumbs(ctx, [
        { name: '海外房产', path: HAIWAI_HOME },
        { name: `${house.country}房产`, path: `${OVERSEAS_LIST_BASE}${countrySlug(house.country)}/` },
        { name: house.title, path: canonical },
      ]),
    ],
  };
};

/** A project's floor plans, or one plan (listed first in the data); the description names the plans by rooms. */
export const haiwaiHuxingMeta: Meta<HaiwaiHuxingData> = (ctx, { project: p, plans, selected }) => {
  const plan = selected ? plans.find((x) => x.rooms === selected) : undefined;
  const name = p.projectName;
  const brand = ctx.site.brand;
  const canonical = haiwaiHuxingPath(p.houseId, plan?.rooms);
  const planText = [...plans]
    .sort((a, b) => a.rooms - b.rooms)
    .map((x) => `${x.name}${wan(x.minArea)}-${wan(x.maxArea)}㎡`)
    .join('、');
  return {
    title: plan
      ? `${name}${plan.name}户型图_${wan(plan.minArea)}-${wan(plan.maxArea)}㎡_总价${wan(plan.minPrice)}万起_${brand}`
      : `${name}户型图_${plans.length}个户型_${p.country}${p.cityName}房产_${brand}`,
    description: `${name}共${plans.length}个户型：${planText}。查看${p.country}${p.cityName}${p.propertyType}户型图、面积与总价。`,
    canonical,
    jsonLd: [
      breadcrumbs(ctx, [
        { name: '海外房产', path: HAIWAI_HOME },
        { name: p.title, path: haiwaiDetailPath(p.houseId) },
        { name: `${name}户型`, path: canonical },
      ]),
    ],
  };
};
