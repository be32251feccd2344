import type { VideoCard, VideoDetailData, VideoFeedData, VrCard, VrData } from '../contracts/page-data/media.ts';
import type { Meta, MetaContext } from '../pipeline/types.ts';
import { absolute, breadcrumbLd, pageLinks, pageNote } from './xinfang-common.ts';

/** Video and VR (issue 19): heads built from the loaded clips and tours. */

/** A gateway time (Beijing wall clock, `YYYY-MM-DD HH:MM:SS`) as ISO 8601 with its offset. */
const isoTime = (s: string) => `${s.replace(' ', 'T')}+08:00`;

/** What a clip shows, for descriptions: the estate's name or the listing's title. */
export const houseName = (v: { house: VideoCard['house'] }): string => v.house.estate?.name ?? v.house.listing?.title ?? '';

/** schema.org VideoObject of a clip. */
export function videoLd(ctx: MetaContext, v: VideoCard) {
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: v.title,
    description: v.summary,
    thumbnailUrl: [absolute(ctx, v.poster)],
    uploadDate: isoTime(v.createdAt),
    duration: `PT${Math.round(v.duration)}S`,
    contentUrl: absolute(ctx, v.url),
    embedUrl: absolute(ctx, `/video/${v.videoId}.html`),
    width: v.width,
    height: v.height,
    interactionStatistic: { '@type': 'InteractionCounter', interactionType: { '@type': 'WatchAction' }, userInteractionCount: v.viewNum },
  };
}

export const videoDetailMeta: Meta<VideoDetailData> = (ctx, { video }) => {
  const name = houseName(video);
  return {
    title: `${video.title}_${ctx.city.name}视频看房_${ctx.site.brand}`,
    description: `${video.title}：${video.summary}${name && !video.title.includes(name) ? `（${name}）` : ''}`,
    keywords: `${name},视频看房,${ctx.city.name}房产视频`,
    canonical: `/video/${video.videoId}.html`,
    jsonLd: [
      breadcrumbLd(ctx, [
        [`${ctx.city.name}视频看房`, '/videoPage'],
        [video.title, `/video/${video.videoId}.html`],
      ]),
      videoLd(ctx, video),
    ],
  };
};

export const videoFeedMeta: Meta<VideoFeedData> = (ctx, { variant, list, page, totalPages }) => {
  const base = variant === 'hot' ? '/videoPage' : '/videoPage/videopush';
  const what = variant === 'hot' ? '视频看房' : '最新房源视频';
  return {
    title: `${ctx.city.name}${what}_实拍房源楼盘短视频${pageNote(page)}_${ctx.site.brand}`,
    description: `${ctx.city.name}${what}：${list
      .slice(0, 3)
      .map((v) => v.title)
      .join('、')}等经纪人实拍视频，滑动观看，足不出户看房。`,
    canonical: page > 1 ? `${base}?page=${page}` : base,
    links: pageLinks(base, page, totalPages),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        itemListElement: list.map((v, i) => ({ '@type': 'ListItem', position: i + 1, url: absolute(ctx, `/video/${v.videoId}.html`) })),
      },
    ],
  };
};

/** The absolute page of a tour (an estate's tour lives on its new-home VR page). */
const tourLd = (ctx: MetaContext, v: VrCard, images: string[]) => ({
  '@context': 'https://schema.org',
  '@type': 'ImageGallery',
  name: v.title,
  url: absolute(ctx, v.href),
  image: images.map((i) => absolute(ctx, i)),
});

export const vrMeta: Meta<VrData> = (ctx, { tour, list, page, totalPages, total }) => {
  if (tour) {
    return {
      title: `${tour.title}_${tour.roomNames.join('_')}全景_${ctx.site.brand}`,
      description: `${tour.title}：${tour.roomNames.join('、')}${tour.roomNames.length}个空间720°全景，拖动或转动手机环视，点击房门进入下一个房间。`,
      // An estate's tour is its new-home VR page; a listing's is this one.
      canonical: tour.href,
      jsonLd: [
        tourLd(
          ctx,
          tour,
          tour.scenes.map((s) => s.panorama),
        ),
      ],
    };
  }
  return {
    title: `${ctx.city.name}VR看房_全景看房${pageNote(page)}_${ctx.site.brand}`,
    description: `${ctx.city.name}${total}套房源与楼盘支持VR全景看房：${list
      .slice(0, 3)
      .map((v) => v.title)
      .join('、')}等，720°环视每个房间。`,
    canonical: page > 1 ? `/vr?page=${page}` : '/vr',
    links: pageLinks('/vr', page, totalPages),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        itemListElement: list.map((v, i) => ({ '@type': 'ListItem', position: i + 1, name: v.title, url: absolute(ctx, v.href) })),
      },
    ],
  };
};
