import type { ListingItem, LoupanItem, MediaListQuery, VideoItem, VrItem, VrTour } from '../contracts/gateway/index.ts';
import type {
  MediaEstate,
  MediaHouse,
  VideoCard,
  VideoDetailData,
  VideoFeedData,
  VrCard,
  VrData,
  VrTourView,
} from '../contracts/page-data/media.ts';
import { errors } from '../errors.ts';
import { parseId } from '../lib/ids.ts';
import { listingCardOf } from '../lib/listing-card.ts';
import { detailPathOf, kindOfHouseType } from '../lib/listing-kinds.ts';
import { videoDetailMeta, videoFeedMeta, vrMeta } from '../meta/media.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { optional } from './optional.ts';
import { withCalls } from './xinfang-common.ts';

/** A new-home estate's house type in the media calls; listings carry theirs (11 second-hand, 12 rental). */
export const ESTATE = 1;
export const FEED_SIZE = 8;
export const VR_PAGE_SIZE = 10;

const estateOf = (e: LoupanItem): MediaEstate => ({
  houseId: e.houseId,
  name: e.name,
  img: e.img,
  price: e.price,
  saleStatus: e.saleStatus,
  regionName: e.regionName,
  shopMapName: e.shopMapName,
  typeCodes: e.typeCodes,
  tags: e.tags,
  totalMin: e.totalMin,
  totalMax: e.totalMax,
});

function houseOf(item: { houseType: number; houseId: number; listing: ListingItem | null; estate: LoupanItem | null }): MediaHouse {
  if (item.houseType === ESTATE) {
    return {
      houseType: ESTATE,
      houseId: item.houseId,
      listing: null,
      estate: item.estate ? estateOf(item.estate) : null,
      href: `/xinfang/${item.houseId}.html`,
    };
  }
  const kind = kindOfHouseType(item.houseType);
  return {
    houseType: item.houseType,
    houseId: item.houseId,
    listing: item.listing ? listingCardOf(item.listing) : null,
    estate: null,
    href: detailPathOf(kind, item.houseId),
  };
}

export const videoCardOf = (v: VideoItem): VideoCard => ({
  videoId: v.videoId,
  title: v.title,
  summary: v.summary,
  url: v.url,
  poster: v.poster,
  duration: v.duration,
  width: v.width,
  height: v.height,
  viewNum: v.viewNum,
  createdAt: v.createdAt,
  house: houseOf(v),
});

/** A tour's own page: an estate's is its VR page, a listing's is /vr?id=. */
export const vrHref = (v: Pick<VrItem, 'vrId' | 'houseType' | 'houseId'>): string =>
  v.houseType === ESTATE ? `/xinfang/vr/${v.houseId}.html` : `/vr?id=${v.vrId}`;

export const vrCardOf = (v: VrItem): VrCard => ({
  vrId: v.vrId,
  title: v.title,
  cover: v.cover,
  roomNames: v.roomNames,
  viewNum: v.viewNum,
  house: houseOf(v),
  href: vrHref(v),
});

export const vrTourOf = (v: VrTour): VrTourView => ({ ...vrCardOf(v), scenes: v.scenes });

/** `?page=`: absent is 1; anything but a page number is the 404 screen. */
function pageOf(ctx: PageContext): number {
  if (ctx.query.page === undefined) return 1;
  const page = parseId(ctx.query.page);
  if (page === null || page > 9999) throw errors.pageNotFound();
  return page;
}

// ---------------------------------------------------------------------------------------------------------------

/** /video/{id}.html: the clip, the listing or estate it shows, its agent and more clips (of the same house first). */
async function loadVideoDetail(ctx: PageContext): Promise<LoadResult<VideoDetailData>> {
  const id = parseId(ctx.params.id);
  if (id === null) throw errors.pageNotFound();
  const video = await ctx.api.media.video(ctx.call, id);
  if (!video || video.cityId !== ctx.city.cityId) throw errors.pageNotFound();
  const q: MediaListQuery = { cityId: ctx.city.cityId, size: 7 };
  const [same, hot, agents] = await Promise.all([
    optional(ctx, 'media.videoList', ctx.api.media.videoList(ctx.call, { ...q, houseType: video.houseType, houseId: video.houseId }), null),
    optional(ctx, 'media.videoList', ctx.api.media.videoList(ctx.call, q), null),
    video.agent ? withCalls(ctx, [video.agent], 1) : Promise.resolve([]),
  ]);
  const seen = new Set([video.videoId]);
  const related = [...(same?.content ?? []), ...(hot?.content ?? [])]
    .filter((v) => !seen.has(v.videoId) && seen.add(v.videoId))
    .slice(0, 6);
  return { data: { video: videoCardOf(video), agent: agents[0] ?? null, related: related.map(videoCardOf) } };
}

/** /videoPage (most viewed first) and /videoPage/videopush (newest first): the vertical feed, a page at a time. */
function loadFeed(variant: 'hot' | 'new') {
  return async (ctx: PageContext): Promise<LoadResult<VideoFeedData>> => {
    const page = pageOf(ctx);
    const res = await ctx.api.media.videoList(ctx.call, { cityId: ctx.city.cityId, sort: variant, page, size: FEED_SIZE });
    if (page > 1 && page > res.totalPages) throw errors.pageNotFound();
    return { data: { variant, list: res.content.map(videoCardOf), page, totalPages: Math.max(1, res.totalPages) } };
  };
}

/** /vr: the city's tours (covers and rooms); /vr?id=: one tour in the panorama viewer. */
async function loadVr(ctx: PageContext): Promise<LoadResult<VrData>> {
  const id = ctx.query.id === undefined ? null : parseId(ctx.query.id);
  if (ctx.query.id !== undefined && id === null) throw errors.pageNotFound();
  if (id !== null) {
    const tour = await ctx.api.media.vr(ctx.call, id);
    if (!tour || tour.cityId !== ctx.city.cityId) throw errors.pageNotFound();
    const [agents, more] = await Promise.all([
      tour.agent ? withCalls(ctx, [tour.agent], 1) : Promise.resolve([]),
      optional(ctx, 'media.vrList', ctx.api.media.vrList(ctx.call, { cityId: ctx.city.cityId, size: 5 }), null),
    ]);
    const list = (more?.content ?? []).filter((v) => v.vrId !== tour.vrId).slice(0, 4);
    return {
      data: { tour: vrTourOf(tour), agent: agents[0] ?? null, list: list.map(vrCardOf), page: 1, totalPages: 1, total: list.length },
    };
  }
  const page = pageOf(ctx);
  const res = await ctx.api.media.vrList(ctx.call, { cityId: ctx.city.cityId, page, size: VR_PAGE_SIZE });
  if (page > 1 && page > res.totalPages) throw errors.pageNotFound();
  return {
    data: {
      tour: null,
      agent: null,
      list: res.content.map(vrCardOf),
      page,
      totalPages: Math.max(1, res.totalPages),
      total: res.totalElements,
    },
  };
}

export const mediaLoaders = {
  videoDetail: pageLoader(loadVideoDetail, videoDetailMeta),
  videoPage: pageLoader(loadFeed('hot'), videoFeedMeta),
  videoPush: pageLoader(loadFeed('new'), videoFeedMeta),
  vr: pageLoader(loadVr, vrMeta),
};
export const mediaLoaderQueryKeys = { videoDetail: ['id'], videoPage: ['page'], videoPush: ['page'], vr: ['id', 'page'] };
