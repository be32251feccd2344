import { LRUCache } from 'lru-cache';
import type { Overseas, OverseasHuxing } from '../contracts/gateway/index.ts';
import type { CountryCount, HaiwaiDetailData, HaiwaiHomeData, HaiwaiHuxingData, HaiwaiListData } from '../contracts/page-data/haiwai.ts';
import { errors } from '../errors.ts';
import {
  countrySlug,
  OVERSEAS_LIST_BASE as HAIWAI_LIST,
  overseasLabels,
  parseOverseasTail,
  toOverseasApiFilter,
  toOverseasTail,
} from '../lib/overseas-filters.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { Loader, PageContext } from '../pipeline/types.ts';
import { breadcrumbs, idOf, orNotFound } from './listing-common.ts';
import { optional } from './optional.ts';

export const HAIWAI_HOME = '/haiwaihome';
export const haiwaiDetailPath = (id: number | string) => `/haiwaidetails/${id}`;
export const haiwaiHuxingPath = (id: number | string, rooms?: number) => `/haiwaihuxing/${id}${rooms ? `/${rooms}` : ''}`;

/** Listings per list page. */
export const HAIWAI_PAGE_SIZE = 10;
const FEATURED_SIZE = 6;
const SIMILAR_SIZE = 4;

/** SPEC 9 "a second cache holds 1 hour": the countries with listings (the list's country dictionary). */
const countryCache = new LRUCache<'all', CountryCount[]>({ max: 1, ttl: 60 * 60 * 1000 });

export async function overseasCountries(ctx: PageContext): Promise<CountryCount[]> {
  const hit = countryCache.get('all');
  if (hit) return hit;
  const list = await ctx.api.info.overseasCountries(ctx.call);
  countryCache.set('all', list);
  return list;
}

const wan = (n: number) => String(Math.round(n * 100) / 100);
const priceRange = (items: Overseas[]) => {
  const prices = items.map((o) => o.price).filter((p) => p > 0);
  return prices.length ? `${wan(Math.min(...prices))}-${wan(Math.max(...prices))}万` : '';
};

// ---------- /haiwaihome ----------

/** /haiwaihome: the countries with their listing counts, the newest listings and the lowest total prices. */
export const haiwaiHomeLoader: Loader<HaiwaiHomeData> = async (ctx) => {
  const [countries, featured, affordable] = await Promise.all([
    overseasCountries(ctx),
    ctx.api.info.overseasList(ctx.call, { sort: 'default', size: FEATURED_SIZE }),
    ctx.api.info.overseasList(ctx.call, { sort: 'priceAsc', size: 4 }),
  ]);
  const names = countries.map((c) => c.country);
  const brand = ctx.site.brand;
  return {
    data: { countries, total: featured.totalElements, featured: featured.content, affordable: affordable.content },
    head: {
      title: `海外房产_海外买房置业_${names.slice(0, 4).join('、')}房产_${brand}`,
      description: `${brand}海外房产频道：${names.length}个国家${featured.totalElements}套海外房源，${names.slice(0, 6).join('、')}等热门置业目的地，总价${priceRange(affordable.content)}起，海外置业顾问一对一服务。`,
      keywords: ['海外房产', '海外买房', ...names.slice(0, 6).map((n) => `${n}房产`)].join(','),
      canonical: HAIWAI_HOME,
      jsonLd: [breadcrumbs(ctx, [{ name: '海外房产', path: HAIWAI_HOME }])],
    },
  };
};

// ---------- /haiwaihome/list/* ----------

/** The wildcard tail of `/haiwaihome/list/*` and `/haiwaihuxing/*`. */
export const tailOf = (ctx: Pick<PageContext, 'params'>) => ctx.params['*'] ?? '';

/** The list: filters from the tail, one gateway call, SEO head with canonical, rel prev/next and an ItemList. */
export const haiwaiListLoader: Loader<HaiwaiListData> = async (ctx) => {
  const countries = await overseasCountries(ctx);
  const q = parseOverseasTail(
    tailOf(ctx),
    countries.map((c) => c.country),
  );
  if (!q) throw errors.pageNotFound();
  const result = await ctx.api.info.overseasList(ctx.call, { ...toOverseasApiFilter(q), size: HAIWAI_PAGE_SIZE });
  const pageNo = q.page ?? 1;
  const totalPages = Math.max(1, result.totalPages || Math.ceil(result.totalElements / HAIWAI_PAGE_SIZE));
  if (pageNo > totalPages) throw errors.pageNotFound();
  const labels = overseasLabels(q);
  const where = q.country ?? '海外';
  const heading = `${where}房产`;
  const brand = ctx.site.brand;
  const hrefOf = (n: number) => HAIWAI_LIST + toOverseasTail({ ...q, page: n > 1 ? n : undefined });
  const filterText = labels.join(' ');
  const range = priceRange(result.content);
  return {
    data: { query: q, countries, items: result.content, total: result.totalElements, page: pageNo, totalPages, heading, labels },
    head: {
      title: `${heading}${filterText ? `_${filterText}` : ''}${pageNo > 1 ? `_第${pageNo}页` : ''}_${where}买房_海外房源_${brand}`,
      description: `${brand}${heading}频道，共${result.totalElements}套${where}${filterText ? `${filterText}` : ''}房源${range ? `，总价${range}` : ''}。按国家、总价、户型筛选，海外置业顾问一对一服务。`,
      keywords: `${heading},${where}买房,${where}房价,海外房产`,
      canonical: hrefOf(pageNo),
      links: [
        ...(pageNo > 1 ? [{ rel: 'prev', href: hrefOf(pageNo - 1) }] : []),
        ...(pageNo < totalPages ? [{ rel: 'next', href: hrefOf(pageNo + 1) }] : []),
      ],
      jsonLd: [
        breadcrumbs(ctx, [
          { name: '海外房产', path: HAIWAI_HOME },
          ...(q.country ? [{ name: heading, path: `${HAIWAI_LIST}${countrySlug(q.country)}/` }] : []),
        ]),
        {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name: heading,
          numberOfItems: result.content.length,
          itemListElement: result.content.map((o, i) => ({
            '@type': 'ListItem',
            position: (pageNo - 1) * HAIWAI_PAGE_SIZE + i + 1,
            url: cityOrigin(ctx.site, ctx.city) + haiwaiDetailPath(o.houseId),
            name: o.title,
          })),
        },
      ],
    },
  };
};

// ---------- /haiwaidetails/{id} ----------

/** The detail: the listing, its consultant's phone (api/zhcall), the member's favourite state, plans and similar listings. */
export const haiwaiDetailLoader: Loader<HaiwaiDetailData> = async (ctx) => {
  const id = idOf(ctx);
  const house = await orNotFound(ctx.api.info.overseas(ctx.call, id, ctx.city.cityId));
  const memberId = ctx.user?.uid || ctx.user?.userId || '';
  const agent = house.agentInfo;
  const [phone, collected, similar, huxing] = await Promise.all([
    agent ? optional(ctx, 'zhcall', ctx.api.belonger.zhcall(ctx.call, agent.belongerId, 0), null) : null,
    memberId ? optional(ctx, 'isCollect', ctx.api.user.isCollect(ctx.call, house.houseId, memberId, 'overseas'), false) : false,
    optional(
      ctx,
      'similar',
      ctx.api.info
        .overseasList(ctx.call, { country: house.country, size: SIMILAR_SIZE + 1 })
        .then((p) => p.content.filter((o) => o.houseId !== house.houseId).slice(0, SIMILAR_SIZE)),
      [] as Overseas[],
    ),
    optional(ctx, 'overseasHuxing', ctx.api.info.overseasHuxing(ctx.call, house.houseId), null as OverseasHuxing | null),
  ]);
  const canonical = haiwaiDetailPath(house.houseId);
  const origin = cityOrigin(ctx.site, ctx.city);
  const place = `${house.country}${house.cityName}`;
  const brand = ctx.site.brand;
  return {
    data: { house, phone, collected, similar, plans: huxing?.plans ?? [], url: origin + canonical },
    head: {
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
          { name: `${house.country}房产`, path: `${HAIWAI_LIST}${countrySlug(house.country)}/` },
          { name: house.title, path: canonical },
        ]),
      ],
    },
  };
};

// ---------- /haiwaihuxing/{id}[/{rooms}] ----------

const HUXING_TAIL = /^([1-9][0-9]{0,15})(?:\.html)?(?:\/([1-9]))?\/?$/;

/** /haiwaihuxing/{id} (all plans of the listing's project) and /haiwaihuxing/{id}/{rooms} (one plan first). */
export const haiwaiHuxingLoader: Loader<HaiwaiHuxingData> = async (ctx) => {
  const tail = tailOf(ctx);
  const m = tail ? HUXING_TAIL.exec(tail) : null;
  if (tail && !m) throw errors.pageNotFound();
  const id = m ? idOf({ ...ctx, params: { id: m[1] as string } }) : idOf(ctx);
  const selected = m?.[2] ? Number(m[2]) : null;
  const data = await orNotFound(ctx.api.info.overseasHuxing(ctx.call, id));
  const plan = selected ? data.plans.find((p) => p.rooms === selected) : null;
  if (selected && !plan) throw errors.pageNotFound();
  const p = data.project;
  const name = p.projectName;
  const brand = ctx.site.brand;
  const canonical = haiwaiHuxingPath(p.houseId, plan?.rooms);
  const planText = data.plans.map((x) => `${x.name}${wan(x.minArea)}-${wan(x.maxArea)}㎡`).join('、');
  return {
    data: { project: p, plans: plan ? [plan, ...data.plans.filter((x) => x !== plan)] : data.plans, selected: plan?.rooms ?? null },
    head: {
      title: plan
        ? `${name}${plan.name}户型图_${wan(plan.minArea)}-${wan(plan.maxArea)}㎡_总价${wan(plan.minPrice)}万起_${brand}`
        : `${name}户型图_${data.plans.length}个户型_${p.country}${p.cityName}房产_${brand}`,
      description: `${name}共${data.plans.length}个户型：${planText}。查看${p.country}${p.cityName}${p.propertyType}户型图、面积与总价。`,
      canonical,
      jsonLd: [
        breadcrumbs(ctx, [
          { name: '海外房产', path: HAIWAI_HOME },
          { name: p.title, path: haiwaiDetailPath(p.houseId) },
          { name: `${name}户型`, path: canonical },
        ]),
      ],
    },
  };
};
