import type { Belonger, Dianping, ListingItem, LoupanItem } from '../contracts/gateway/index.ts';
import type { BrokerDetailData, BrokerKind, BrokerListData } from '../contracts/page-data/broker.ts';
import type { Estate, Listing } from '../contracts/page-data/cards.ts';
import { errors } from '../errors.ts';
import { parseId } from '../lib/ids.ts';
import { listingCardOf } from '../lib/listing-card.ts';
import { KIND_NOUNS, kindOfHouseType } from '../lib/listing-kinds.ts';
import { brokerDetailMeta, brokerListMeta } from '../meta/broker.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { optional } from './optional.ts';

/** New homes in getMainlyPopularizeHouse (SPEC 7.7): type 1; listings by their house type (11–16). */
const NEW_HOME_TYPE = 1;
const LIST_SIZE = 20;
/** Listings shown per kind on the agent page (the count says how many there are). */
const KIND_SIZE = 4;

const estateOf = (l: LoupanItem): Estate => ({
  houseId: l.houseId,
  name: l.name,
  img: l.img,
  regionName: l.regionName,
  price: l.price,
  saleStatus: l.saleStatus,
  tags: l.tags,
});

/** Average of the reviews' scores to one decimal, or null for none. */
export function reviewAverage(reviews: ReadonlyArray<Pick<Dianping, 'score'>>): number | null {
  if (!reviews.length) return null;
  return Math.round((reviews.reduce((s, r) => s + r.score, 0) / reviews.length) * 10) / 10;
}

async function loadAgent(ctx: PageContext, id: number): Promise<LoadResult<BrokerDetailData>> {
  const card = await ctx.api.belonger.brokerCard(ctx.call, id);
  if (!card || card.cityId !== ctx.city.cityId) throw errors.pageNotFound();
  const counts = card.listingCount.filter((c) => c.count > 0);
  const types = [...(card.louPanList.length ? [NEW_HOME_TYPE] : []), ...counts.map((c) => c.houseType)];
  const [phone, kindLists, viewings, comments, reviews, rating, recommend] = await Promise.all([
    optional(ctx, 'belonger.zhcall', ctx.api.belonger.zhcall(ctx.call, id, 1), null),
    Promise.all(
      types.map((t) => optional(ctx, 'belonger.mainlyPopularizeHouse', ctx.api.belonger.mainlyPopularizeHouse(ctx.call, id, t), [])),
    ),
    optional(ctx, 'belonger.daikanOfBelonger', ctx.api.belonger.daikanOfBelonger(ctx.call, id, { size: 5 }), null),
    optional(ctx, 'belonger.commentsOfBelonger', ctx.api.belonger.commentsOfBelonger(ctx.call, id), []),
    optional(ctx, 'belonger.dianpingList', ctx.api.belonger.dianpingList(ctx.call, { belongerId: id, size: 10 }), null),
    optional(ctx, 'belonger.dianpingAverage', ctx.api.belonger.dianpingAverage(ctx.call, { belongerId: id }), null),
    optional(ctx, 'belonger.recommend', ctx.api.belonger.recommend(ctx.call, ctx.city.cityId), []),
  ]);
  const kinds: BrokerKind[] = types.map((t, i) => {
    const items = kindLists[i] ?? [];
    if (t === NEW_HOME_TYPE) {
      const estates = (items as LoupanItem[]).slice(0, KIND_SIZE).map(estateOf);
      return { houseType: t, label: '新房', count: items.length, listings: [], estates };
    }
    return {
      houseType: t,
      label: KIND_NOUNS[kindOfHouseType(t)],
      count: counts.find((c) => c.houseType === t)?.count ?? items.length,
      listings: (items as ListingItem[]).slice(0, KIND_SIZE).map((x) => listingCardOf(x as unknown as Listing)),
      estates: [],
    };
  });
  const { listingCount: _c, ershoufangList: _e, zufangList: _z, louPanList: _l, ...agent } = card;
  const all = reviews?.content ?? [];
  return {
    data: {
      agent: { ...agent, extNum: phone?.extNum || agent.extNum, webCall: phone?.webCall || '' },
      kinds,
      viewings: viewings?.content ?? [],
      viewingTotal: viewings?.totalElements ?? 0,
      comments: comments.slice(0, 10),
      reviews: all,
      reviewTotal: reviews?.totalElements ?? 0,
      reviewAverage: rating?.average ?? reviewAverage(all),
      recommend: recommend.filter((b: Belonger) => b.belongerId !== id).slice(0, 4),
    },
  };
}

async function loadList(ctx: PageContext): Promise<LoadResult<BrokerListData>> {
  const page = ctx.query.page === undefined ? 1 : parseId(ctx.query.page);
  const storeId = ctx.query.storeId === undefined ? null : parseId(ctx.query.storeId);
  const regionId = ctx.query.regionId === undefined ? null : parseId(ctx.query.regionId);
  if (!page || (ctx.query.storeId !== undefined && !storeId) || (ctx.query.regionId !== undefined && !regionId)) {
    throw errors.pageNotFound();
  }
  const locations = optional(ctx, 'dictionaries.locations', ctx.api.dictionaries.locations(ctx.call, ctx.city.cityId), null);
  const res = await ctx.api.belonger.findByCondition(ctx.call, {
    cityId: ctx.city.cityId,
    iskefu: false,
    ...(storeId ? { storeId } : {}),
    ...(regionId ? { regionId } : {}),
    page,
    size: LIST_SIZE,
  });
  const totalPages = Math.max(1, res.totalPages || Math.ceil(res.totalElements / LIST_SIZE));
  if (page > totalPages) throw errors.pageNotFound();
  const regions = (await locations)?.regions ?? [];
  if (regionId && regions.length && !regions.some((r) => r.regionId === regionId)) throw errors.pageNotFound();
  return { data: { agents: res.content, total: res.totalElements, page, totalPages, storeId, regionId, regions } };
}

/** /broker/{id?}, /broker/details?id=: one agent (validated id), or without an id the city's agents. */
async function loadBroker(ctx: PageContext): Promise<LoadResult<BrokerDetailData | BrokerListData>> {
  const raw = ctx.params.id ?? ctx.query.id;
  if (raw === undefined || raw === '') return loadList(ctx);
  const id = parseId(raw);
  if (id === null) throw errors.pageNotFound();
  return loadAgent(ctx, id);
}

export const brokerLoader = pageLoader(loadBroker, (ctx, d) => ('agent' in d ? brokerDetailMeta(ctx, d) : brokerListMeta(ctx, d)));

export const brokerLoaders = { broker: brokerLoader };
export const brokerLoaderQueryKeys = { broker: ['id', 'page', 'storeId', 'regionId'] };
