import type {
  ClassifyData,
  DaikanData,
  EstateAgentsData,
  HangqingData,
  MediaData,
  PjguwenData,
  RankingData,
  StarAgentData,
  TabData,
  WendaListData,
  XinfangDetailData,
  XinfangListData,
} from '../contracts/page-data/xinfang.ts';
import { saleStatusLabel } from '../lib/sale-status.ts';
import { filterWords, PAGE_SIZE, xinfangPath } from '../lib/xinfang-filters.ts';
import type { Meta } from '../pipeline/types.ts';
import { videoLd } from './media.ts';
import { absolute, breadcrumbLd, pageLinks, pageNote, priceText } from './xinfang-common.ts';

/** The heads of the new-home (新房) pages, from the data their loaders found (src/loaders/xinfang.ts). */

/** /xinfang/*: the place and filters in words, the count and the cheapest of the page; prev/next; a search is not indexed. */
export const listMeta: Meta<XinfangListData> = (ctx, d) => {
  const city = ctx.city.name;
  const region = d.regions.find((r) => r.regionId === d.filter.regionId);
  const place = `${city}${region?.regionName ?? ''}`;
  const words = filterWords(d.filter);
  const what = `${words.join('')}新房`;
  const lowest = d.list.filter((e) => e.price).map((e) => e.price);
  const names = d.list.slice(0, 3).map((e) => e.name);
  const links: Array<{ rel: string; href: string }> = [];
  if (d.page > 1) links.push({ rel: 'prev', href: xinfangPath({ ...d.filter, page: d.page - 1 }, d.slugs) });
  if (d.page < d.totalPages) links.push({ rel: 'next', href: xinfangPath({ ...d.filter, page: d.page + 1 }, d.slugs) });
  const crumbs: Array<[string, string]> = [
    [`${city}房产网`, '/'],
    [`${city}新房`, '/xinfang/'],
  ];
  if (region) crumbs.push([`${region.regionName}新房`, xinfangPath({ regionId: region.regionId }, d.slugs)]);
  return {
    title: d.keyword
      ? `${city}“${d.keyword}”相关新楼盘${pageNote(d.page)}_${ctx.site.brand}`
      : `${place}${what}_${place}新楼盘_${place}新开楼盘${pageNote(d.page)}_${ctx.site.brand}`,
    description: `${place}${what}共${d.total}个楼盘${lowest.length ? `，本页均价${Math.min(...lowest)}元/㎡起` : ''}${
      names.length ? `，有${names.join('、')}等` : ''
    }。查看${place}新楼盘最新价格、开盘时间、户型图、楼盘动态，置业顾问免费咨询。`,
    keywords: `${place}新房,${place}新楼盘,${place}楼盘价格,${place}新开楼盘${words.length ? `,${words.join(',')}` : ''}`,
    canonical: xinfangPath(d.filter, d.slugs),
    links,
    robots: d.keyword ? 'noindex, follow' : undefined,
    jsonLd: [
      breadcrumbLd(ctx, crumbs),
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: `${place}${what}`,
        numberOfItems: d.total,
        itemListElement: d.list.map((e, i) => ({
          '@type': 'ListItem',
          position: (d.page - 1) * PAGE_SIZE + i + 1,
          url: absolute(ctx, `/xinfang/${e.houseId}.html`),
          name: e.name,
        })),
      },
    ],
  };
};

/** The estate and all its twins share /xinfang/{id}.html; the ad, old-style and guide twins are not indexed. */
export const detailMeta: Meta<XinfangDetailData> = (ctx, { estate, variant }) => {
  const city = ctx.city.name;
  const region = estate.regionName ?? '';
  const types = (estate.typeNames ?? []).join('、');
  const canonical = `/xinfang/${estate.houseId}.html`;
  return {
    title: `${estate.name}_${city}${estate.name}房价_户型图_售楼处电话_${ctx.site.brand}`,
    description: `${estate.name}位于${city}${region}${estate.shopMapName ?? ''}，${priceText(estate)}${
      estate.totalMin ? `，总价${estate.totalMin}-${estate.totalMax}万` : ''
    }，${saleStatusLabel(estate.saleStatus)}，物业类型${types || '住宅'}，开发商${estate.developer}，预计${estate.handoverDate}交房。查看${estate.name}户型图、楼盘动态与置业顾问电话。`,
    keywords: `${estate.name},${estate.name}房价,${estate.name}户型,${city}${region}新楼盘`,
    canonical,
    robots: variant === 'ad' || variant === 'old' || variant === 'daogou' ? 'noindex, follow' : undefined,
    jsonLd: [
      breadcrumbLd(ctx, [
        [`${city}房产网`, '/'],
        [`${city}新房`, '/xinfang/'],
        [estate.name, canonical],
      ]),
      {
        '@context': 'https://schema.org',
        '@type': 'ApartmentComplex',
        name: estate.name,
        url: absolute(ctx, canonical),
        image: estate.photos?.[0] ? absolute(ctx, estate.photos[0]) : undefined,
        description: estate.description,
        address: { '@type': 'PostalAddress', addressLocality: city, addressRegion: region, streetAddress: estate.address },
        geo: estate.lat && estate.lng ? { '@type': 'GeoCoordinates', latitude: estate.lat, longitude: estate.lng } : undefined,
        numberOfAccommodationUnits: estate.households,
        ...(estate.price
          ? { offers: { '@type': 'Offer', priceCurrency: 'CNY', price: estate.price, description: `均价${estate.price}元/㎡` } }
          : {}),
      },
    ],
  };
};

export const belongerMeta: Meta<EstateAgentsData> = (ctx, { estate, total }) => ({
  title: `${estate.name}置业顾问_${estate.name}售楼处电话_${ctx.site.brand}`,
  description: `${estate.name}的${total}位置业顾问，在线咨询${estate.name}价格、优惠与看房安排，一键拨打电话。`,
  canonical: `/xinfang/belonger?id=${estate.houseId}`,
});

export const daikanMeta: Meta<DaikanData> = (ctx, { estate, contracts }) => {
  const units = contracts.reduce((s, c) => s + c.units, 0);
  return {
    title: `${estate.name}带看认购记录_${estate.name}成交量_${ctx.site.brand}`,
    description: `${estate.name}近${contracts.length}个月网签认购${units}套，${priceText(estate)}。查看${estate.name}每月认购套数、成交面积与成交均价。`,
    canonical: `/xinfang/daikanrengou/${estate.houseId}`,
  };
};

export const pjguwenMeta: Meta<PjguwenData> = (ctx, { belonger, total }) => ({
  title: `评价置业顾问${belonger.name}_${ctx.site.brand}`,
  description: `为置业顾问${belonger.name}的服务打分评价，已有${total}条评价，综合评分${belonger.score}。`,
  canonical: `/xinfang/pjguwen/${belonger.belongerId}`,
});

export const wendalistMeta: Meta<WendaListData> = (ctx, { estate, total }) => {
  const name = estate?.name ?? `${ctx.city.name}新房`;
  return {
    title: `${name}问答_${name}怎么样_${ctx.site.brand}`,
    description: `关于${name}价格、交房、配套、户型的${total}个问题与置业顾问解答。`,
    canonical: estate ? `/xinfang/wendalist?id=${estate.houseId}` : '/xinfang/wendalist',
  };
};

/** /xinfang/video and /xinfang/vr: one estate's media page, or the city's estates that have that media. */
export const mediaMeta: Meta<MediaData> = (ctx, { kind, estate, list, videos }) => {
  const label = kind === 'vr' ? 'VR看房' : '视频看房';
  if (estate) {
    return {
      title: `${estate.name}${label}_${estate.name}${kind === 'vr' ? '全景样板间' : '实景视频'}_${ctx.site.brand}`,
      description: `${estate.name}${label}：足不出户看${estate.name}沙盘、样板间与周边实景，${priceText(estate)}。`,
      canonical: `/xinfang/${kind}/${estate.houseId}.html`,
      // Issue 19: the estate's clips as schema.org VideoObjects.
      jsonLd: videos.map((v) => videoLd(ctx, v)),
    };
  }
  return {
    title: `${ctx.city.name}新房${label}_楼盘${kind === 'vr' ? 'VR全景' : '视频'}_${ctx.site.brand}`,
    description: `${ctx.city.name}${list.length}个新楼盘支持${label}：${list
      .slice(0, 3)
      .map((e) => e.name)
      .join('、')}等，足不出户看新房。`,
    canonical: `/xinfang/${kind}`,
  };
};

export const salesRankingMeta: Meta<RankingData> = (ctx, { list, page, totalPages }) => {
  const city = ctx.city.name;
  const base = '/xinfang/salesRanking';
  return {
    title: `${city}新房销售排行榜_${city}热销楼盘排名${pageNote(page)}_${ctx.site.brand}`,
    description: `${city}新楼盘销量排行榜：${list
      .slice(0, 3)
      .map((e) => `第${e.rank}名${e.name}`)
      .join('，')}。热销楼盘一目了然。`,
    canonical: page > 1 ? `${base}?page=${page}` : base,
    links: pageLinks(base, page, totalPages),
  };
};

export const starAgentMeta: Meta<StarAgentData> = (ctx, { list, page, totalPages }) => {
  const city = ctx.city.name;
  const base = '/xinfang/starAgent';
  return {
    title: `${city}明星置业顾问_${city}新房金牌顾问${pageNote(page)}_${ctx.site.brand}`,
    description: `${city}服务评价高、成交多的明星置业顾问：${list
      .slice(0, 3)
      .map((b) => b.name)
      .join('、')}等，免费咨询新房价格与优惠。`,
    canonical: page > 1 ? `${base}?page=${page}` : base,
    links: pageLinks(base, page, totalPages),
  };
};

export const hangqingMeta: Meta<HangqingData> = (ctx, { avgPrice, ershouAvgPrice }) => {
  const city = ctx.city.name;
  return {
    title: `${city}新房行情_${city}新房均价走势_${ctx.site.brand}`,
    description: `${city}新房均价${avgPrice ? `${avgPrice}元/㎡` : '待定'}，二手房均价${ershouAvgPrice}元/㎡。查看${city}新楼盘成交排行、各区域在售楼盘数量与最新开盘。`,
  };
};

export const classifyMeta: Meta<ClassifyData> = (ctx, { types }) => {
  const city = ctx.city.name;
  return {
    title: `${city}楼盘分类_${city}住宅别墅公寓写字楼商铺新房_${ctx.site.brand}`,
    description: `按物业类型找${city}新房：${types
      .filter((t) => t.count)
      .map((t) => `${t.name}${t.count}个`)
      .join('，')}。`,
  };
};

export const tabsMeta: Meta<TabData> = (ctx, { tab, title, list }) => {
  const city = ctx.city.name;
  return {
    title: `${city}${title}_${city}新楼盘${title}_${ctx.site.brand}`,
    description: `${city}${title}：${list
      .slice(0, 3)
      .map((e) => `${e.name}${priceText(e)}`)
      .join('，')}等${list.length}个楼盘。`,
    canonical: `/xinfangTabPages/${tab}`,
  };
};
