import type { InfoDoc, ListingItem, LoupanItem, WendaItem, XiaoquItem } from '../contracts/gateway/index.ts';
import type { Listing } from '../contracts/page-data/cards.ts';
import type {
  ArticleLink,
  CompositeData,
  FaxianData,
  FeedItem,
  QuestionLink,
  RankLoupan,
  TopicDetailData,
  TopicListData,
} from '../contracts/page-data/ranking.ts';
import { errors } from '../errors.ts';
import { listingCardOf } from '../lib/listing-card.ts';
import { emptyQuery, toTail } from '../lib/listing-filters.ts';
import { HOUSE_TYPES } from '../lib/listing-kinds.ts';
import { RANKINGS } from '../lib/rankings.ts';
import { xiaoquListHref } from '../lib/xiaoqu-filters.ts';
import { compositeMeta, faxianMeta, topicDetailMeta, topicListMeta } from '../meta/discover.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { districtOf, rankLoupan, rankXiaoqu } from './bangdan.ts';
import { idOf, locationDict } from './listing-common.ts';
import { optional } from './optional.ts';

/**
 * Topics and discovery (issue 15 part C; SPEC 2.1, 2.7): /topic (the city's housing topics, the footer's 购房专题),
 * /topic/{id}.html (one topic: its articles, questions and listings), /faxian (a feed mixing articles, Q&A and
 * listings) and /composite?regionId= (one district at a glance: prices, communities, estates, listings, Q&A).
 * Heads: src/meta/discover.ts.
 */

const FEED_DOCS = 8;
const FEED_WENDA = 6;
const FEED_LISTINGS = 6;
const FEED_LOUPANS = 4;
const COMPOSITE_SIZE = 6;

export const articleLink = (d: InfoDoc): ArticleLink => ({
  id: d.id,
  title: d.title,
  summary: d.summary,
  cover: d.cover,
  viewNum: d.viewNum,
  createdAt: d.createdAt,
});
export const questionLink = (w: WendaItem): QuestionLink => ({ id: w.id, title: w.title, answerCount: w.answerCount, viewNum: w.viewNum });
const listingOf = (l: ListingItem): Listing => listingCardOf(l);

// ---------- /topic ----------

async function loadTopicList(ctx: PageContext): Promise<LoadResult<TopicListData>> {
  return { data: { topics: await ctx.api.topic.list(ctx.call, ctx.city.cityId) } };
}
export const topicList = pageLoader(loadTopicList, topicListMeta);

// ---------- /topic/{id}.html ----------

async function loadTopicDetail(ctx: PageContext): Promise<LoadResult<TopicDetailData>> {
  const id = idOf(ctx);
  const [t, all] = await Promise.all([
    ctx.api.topic.detail(ctx.call, id),
    optional(ctx, 'topic.list', ctx.api.topic.list(ctx.call, ctx.city.cityId), []),
  ]);
  if (!t || t.cityId !== ctx.city.cityId) throw errors.pageNotFound();
  const { docs, wenda, listings, loupans, ...topic } = t;
  return {
    data: {
      topic,
      docs: docs.map(articleLink),
      wenda: wenda.map(questionLink),
      listings: listings.map(listingOf),
      loupans: loupans.map(rankLoupan),
      others: all.filter((o) => o.id !== id).map((o) => ({ id: o.id, title: o.title })),
    },
  };
}
export const topicDetail = pageLoader(loadTopicDetail, topicDetailMeta);

// ---------- /faxian ----------

/** Round robin over the lists: one of each kind in turn, so the feed mixes them. */
function interleave(lists: FeedItem[][]): FeedItem[] {
  const out: FeedItem[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) for (const l of lists) if (l[i]) out.push(l[i] as FeedItem);
  return out;
}

async function loadFaxian(ctx: PageContext): Promise<LoadResult<FaxianData>> {
  const cityId = ctx.city.cityId;
  const [topics, docs, wenda, listings, loupans] = await Promise.all([
    ctx.api.topic.list(ctx.call, cityId),
    optional(
      ctx,
      'info.docList',
      ctx.api.info.docList(ctx.call, { cityId, sort: 'newest', size: FEED_DOCS }).then((p) => p.content),
      [] as InfoDoc[],
    ),
    optional(
      ctx,
      'info.wendaList',
      ctx.api.info.wendaList(ctx.call, { cityId, size: FEED_WENDA }).then((p) => p.content),
      [] as WendaItem[],
    ),
    optional(
      ctx,
      'house.findByCondition',
      ctx.api.house
        .findByCondition(ctx.call, { cityId, houseType: HOUSE_TYPES.ershoufang, sort: 'hot', size: FEED_LISTINGS })
        .then((p) => p.content),
      [] as ListingItem[],
    ),
    optional(
      ctx,
      'house.findWapHotLoupan',
      ctx.api.house.findWapHotLoupan(ctx.call, { cityId, limit: FEED_LOUPANS, orderBy: 'viewNum' }),
      [] as LoupanItem[],
    ),
  ]);
  const feed = interleave([
    docs.map((d): FeedItem => ({ kind: 'doc', ...articleLink(d) })),
    listings.map((l): FeedItem => ({ kind: 'listing', listing: listingOf(l) })),
    wenda.map((w): FeedItem => ({ kind: 'wenda', ...questionLink(w) })),
    loupans.map((l, i): FeedItem => ({ kind: 'loupan', estate: rankLoupan(l, i) })),
  ]);
  return {
    data: {
      topics: topics.map(({ id, title, cover }) => ({ id, title, cover })),
      boards: RANKINGS.map((r) => ({ slug: r.slug, name: r.name })),
      feed,
    },
  };
}
export const faxian = pageLoader(loadFaxian, faxianMeta);

// ---------- /composite?regionId= ----------

async function loadComposite(ctx: PageContext): Promise<LoadResult<CompositeData>> {
  const cityId = ctx.city.cityId;
  const { district, districts } = await districtOf(ctx);
  const regionId = district.regionId;
  const [xiaoqu, loupans, listings, wenda, links] = await Promise.all([
    optional(
      ctx,
      'xiaoqu.list',
      ctx.api.xiaoqu.list(ctx.call, { cityId, regionId, size: COMPOSITE_SIZE }).then((p) => p.content),
      [] as XiaoquItem[],
    ),
    optional(
      ctx,
      'house.findListByWap',
      ctx.api.house.findListByWap(ctx.call, { cityId, regionId, sort: 'hot', size: COMPOSITE_SIZE }).then((p) => p.content),
      [] as LoupanItem[],
    ),
    optional(
      ctx,
      'house.findByCondition',
      ctx.api.house
        .findByCondition(ctx.call, { cityId, regionId, houseType: HOUSE_TYPES.ershoufang, sort: 'hot', size: COMPOSITE_SIZE })
        .then((p) => p.content),
      [] as ListingItem[],
    ),
    optional(
      ctx,
      'info.wendaList',
      ctx.api.info.wendaList(ctx.call, { cityId, size: 4 }).then((p) => p.content),
      [] as WendaItem[],
    ),
    optional(
      ctx,
      'locations',
      locationDict(ctx).then((dict): CompositeData['links'] => ({
        xiaoqu: xiaoquListHref({ regionId }, dict),
        ershoufang: `/ershoufang/${toTail(Object.assign(emptyQuery(), { regionId }), 'ershoufang', dict)}`,
      })),
      { xiaoqu: null, ershoufang: null } as CompositeData['links'],
    ),
  ]);
  return {
    data: {
      district,
      xiaoqu: xiaoqu.slice(0, COMPOSITE_SIZE).map(rankXiaoqu),
      loupans: loupans.slice(0, COMPOSITE_SIZE).map(rankLoupan) satisfies RankLoupan[],
      listings: listings.slice(0, COMPOSITE_SIZE).map(listingOf),
      wenda: wenda.map(questionLink),
      districts: districts.map(({ regionId, regionName }) => ({ regionId, regionName })),
      links,
    },
  };
}
export const composite = pageLoader(loadComposite, compositeMeta);
