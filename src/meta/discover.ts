import type { CompositeData, FaxianData, FeedItem, TopicDetailData, TopicListData } from '../contracts/page-data/ranking.ts';
import { compositeHref, districtRankingHref, topicHref } from '../lib/rankings.ts';
import type { Meta } from '../pipeline/types.ts';
import { breadcrumbs, entryLink, grouped, itemList, percent } from './ranking-ld.ts';

/** Heads of the topics and discovery pages (issue 15 part C), from the loaded data only. */

const TOPICS = '/topic';
const FAXIAN = '/faxian';

const listingPath = (houseId: string | number) => `/ershoufang/${houseId}.html`;

export const topicListMeta: Meta<TopicListData> = (ctx, d) => {
  const city = ctx.city.name;
  return {
    title: `${city}购房专题_${city}学区房_地铁房_刚需房专题_${ctx.site.brand}`,
    description: `${ctx.site.brand}${city}购房专题${d.topics.length}个：${d.topics.map((t) => t.title).join('、')}。`,
    keywords: `${city}购房专题,${d.topics.map((t) => t.title).join(',')}`,
    canonical: TOPICS,
    jsonLd: [
      breadcrumbs(ctx, [{ name: `${city}购房专题`, path: TOPICS }]),
      itemList(
        ctx,
        `${city}购房专题`,
        d.topics.map((t) => ({ name: t.title, path: topicHref(t.id) })),
      ),
    ],
  };
};

export const topicDetailMeta: Meta<TopicDetailData> = (ctx, d) => {
  const city = ctx.city.name;
  const t = d.topic;
  const path = topicHref(t.id);
  const items = [
    ...d.docs.map((a) => ({ name: a.title, path: `/zixun/${a.id}.html` })),
    ...d.listings.map((l) => ({ name: l.title, path: listingPath(l.houseId) })),
    ...d.loupans.map(entryLink),
    ...d.wenda.map((w) => ({ name: w.title, path: `/wenda/${w.id}.html` })),
  ];
  return {
    title: `${t.title}_${city}购房专题_${ctx.site.brand}`,
    description: t.intro,
    keywords: `${t.title},${city}购房专题`,
    canonical: path,
    jsonLd: [
      breadcrumbs(ctx, [
        { name: `${city}购房专题`, path: TOPICS },
        { name: t.title, path },
      ]),
      itemList(ctx, t.title, items),
    ],
  };
};

const feedLink = (f: FeedItem) => {
  switch (f.kind) {
    case 'doc':
      return { name: f.title, path: `/zixun/${f.id}.html` };
    case 'wenda':
      return { name: f.title, path: `/wenda/${f.id}.html` };
    case 'listing':
      return { name: f.listing.title, path: listingPath(f.listing.houseId) };
    case 'loupan':
      return entryLink(f.estate);
  }
};

export const faxianMeta: Meta<FaxianData> = (ctx, d) => {
  const city = ctx.city.name;
  const first = d.feed.slice(0, 3).map((f) => feedLink(f).name);
  return {
    title: `发现_${city}楼市热点_资讯问答与精选房源_${ctx.site.brand}`,
    description: `${city}楼市新鲜事：最新资讯、热门问答、精选二手房与人气新盘${first.length ? `。${first.join('；')}` : ''}。`,
    canonical: FAXIAN,
    jsonLd: [breadcrumbs(ctx, [{ name: '发现', path: FAXIAN }]), itemList(ctx, `${city}发现`, d.feed.map(feedLink))],
  };
};

export const compositeMeta: Meta<CompositeData> = (ctx, d) => {
  const city = ctx.city.name;
  const x = d.district;
  const path = compositeHref(x.regionId);
  return {
    title: `${city}${x.regionName}房产综合_${x.regionName}小区_新房_二手房_房价_${ctx.site.brand}`,
    description: `${city}${x.regionName}参考均价${grouped(x.avgPrice)}元/㎡，环比上月${percent(x.ratio)}，本月成交${x.deals}套。一页看全${x.regionName}热门小区、新楼盘、在售二手房与购房问答。`,
    keywords: `${x.regionName}房价,${x.regionName}小区,${x.regionName}新房,${x.regionName}二手房`,
    canonical: path,
    jsonLd: [
      breadcrumbs(ctx, [
        { name: `${x.regionName}榜单`, path: districtRankingHref(x.regionId) },
        { name: `${x.regionName}综合`, path },
      ]),
      itemList(ctx, `${x.regionName}热门小区`, d.xiaoqu.map(entryLink)),
      itemList(ctx, `${x.regionName}新楼盘`, d.loupans.map(entryLink)),
    ],
  };
};
