import type { ActivityDetail } from '../contracts/gateway/index.ts';
import type { AdverData, GrouproomData, HuodongData, NewActivityData } from '../contracts/page-data/campaign.ts';
import {
  ACTIVITY_KIND_NAMES,
  ACTIVITY_STATE_NAMES,
  type ActivityKind,
  type ActivityState,
  deadlineText,
  huodongPath,
  newActivityPath,
} from '../lib/activity.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { Meta, MetaContext } from '../pipeline/types.ts';

const LD = 'https://schema.org';
/** Beijing wall-clock time as ISO 8601 with its offset. */
const iso = (s: string) => `${s.replace(' ', 'T')}+08:00`;

/** The activity as schema.org sees it: an Offer catalogue (special-price flats, coupons) or an Event (the rest). */
function activityLd(ctx: MetaContext, a: ActivityDetail): unknown {
  const url = cityOrigin(ctx.site, ctx.city) + huodongPath(a.kind as ActivityKind, a.id);
  const abs = (p: string) => (p.startsWith('/') ? cityOrigin(ctx.site, ctx.city) + p : p);
  if (a.kind === 'tejiafang' || a.kind === 'youhuihuodong') {
    const offers =
      a.kind === 'tejiafang'
        ? a.items
            .filter((i) => i.listing && i.specialPrice)
            .map((i) => ({
              '@type': 'Offer',
              name: i.listing?.title,
              price: Math.round((i.specialPrice ?? 0) * 10000),
              priceCurrency: 'CNY',
              url: abs(`/ershoufang/${i.listing?.houseId}.html`),
              validFrom: iso(a.startsAt),
              priceValidUntil: a.endsAt.slice(0, 10),
              availability: a.state === 'ended' ? `${LD}/SoldOut` : `${LD}/InStock`,
            }))
        : a.coupons.map((c) => ({
            '@type': 'Offer',
            name: c.title,
            description: c.rule,
            price: 0,
            priceCurrency: 'CNY',
            url,
            validFrom: iso(a.startsAt),
            priceValidUntil: a.endsAt.slice(0, 10),
            availability: a.state === 'ended' ? `${LD}/SoldOut` : `${LD}/InStock`,
          }));
    return { '@context': LD, '@type': 'OfferCatalog', name: a.name, description: a.benefit, url, itemListElement: offers };
  }
  return {
    '@context': LD,
    '@type': 'Event',
    name: a.name,
    description: `${a.subtitle}。${a.benefit}`,
    startDate: iso(a.startsAt),
    endDate: iso(a.endsAt),
    eventStatus: `${LD}/EventScheduled`,
    eventAttendanceMode: `${LD}/OfflineEventAttendanceMode`,
    image: [abs(a.banner)],
    url,
    location: {
      '@type': 'Place',
      name: a.place,
      address: { '@type': 'PostalAddress', addressLocality: ctx.city.name, addressCountry: 'CN' },
    },
    organizer: { '@type': 'Organization', name: ctx.site.brand, url: cityOrigin(ctx.site, ctx.city) },
    offers: {
      '@type': 'Offer',
      price: 0,
      priceCurrency: 'CNY',
      url,
      validFrom: iso(a.startsAt),
      availability: a.state === 'ended' ? `${LD}/SoldOut` : `${LD}/InStock`,
    },
  };
}

/** /huodong/{template}/{id?}: the activity's name, offer and deadline; canonical is its own id's path. */
export const huodongMeta: Meta<HuodongData> = (ctx, d) => {
  const a = d.activity;
  const ended = a.state === 'ended';
  return {
    title: `${a.name}${ended ? '（已结束）' : ''}_${a.benefit}_${ctx.site.brand}`,
    description: `${a.name}：${a.subtitle}。${a.benefit}。${ended ? '活动已结束' : `活动截止${deadlineText(a.endsAt)}`}，${a.place}。`,
    keywords: `${a.name},${ctx.city.name}${ACTIVITY_KIND_NAMES[a.kind as ActivityKind] ?? '购房活动'},${ctx.city.name}购房优惠`,
    canonical: d.path,
    jsonLd: [activityLd(ctx, a)],
  };
};

/** /newActivity/*: the list tab and page, or one activity. */
export const newActivityMeta: Meta<NewActivityData> = (ctx, d) => {
  const brand = ctx.site.brand;
  const city = ctx.city.name;
  if (d.view === 'detail') {
    const a = d.activity;
    return {
      title: `${a.name}_${city}最新活动_${brand}`,
      description: `${a.name}：${a.benefit}。${a.state === 'ended' ? '活动已结束' : `截止${deadlineText(a.endsAt)}`}。`,
      canonical: `/newActivity/${a.id}.html`,
      jsonLd: [activityLd(ctx, a)],
    };
  }
  const tab = d.state
    ? ACTIVITY_STATE_NAMES[d.state as ActivityState]
    : d.template
      ? ACTIVITY_KIND_NAMES[d.template as ActivityKind]
      : '全部';
  const path = newActivityPath({ state: d.state as ActivityState | null, template: d.template as ActivityKind | null, page: d.page });
  const links: Array<{ rel: string; href: string }> = [];
  const base = { state: d.state as ActivityState | null, template: d.template as ActivityKind | null };
  if (d.page > 1) links.push({ rel: 'prev', href: newActivityPath({ ...base, page: d.page - 1 }) });
  if (d.page < d.totalPages) links.push({ rel: 'next', href: newActivityPath({ ...base, page: d.page + 1 }) });
  return {
    title: `${city}最新购房活动_${tab}活动${d.page > 1 ? `_第${d.page}页` : ''}_${brand}`,
    description: `${city}${tab}购房活动共${d.total}场：${d.items
      .slice(0, 3)
      .map((a) => a.name)
      .join('、')}等，报名即享专属优惠。`,
    canonical: path,
    links,
    jsonLd: [
      {
        '@context': LD,
        '@type': 'ItemList',
        name: `${city}购房活动`,
        itemListElement: d.items.map((a, i) => ({
          '@type': 'ListItem',
          position: (d.page - 1) * 10 + i + 1,
          url: cityOrigin(ctx.site, ctx.city) + huodongPath(a.kind as ActivityKind, a.id),
          name: a.name,
        })),
      },
    ],
  };
};

/** /grouproom: the upcoming group viewings as Events. */
export const grouproomMeta: Meta<GrouproomData> = (ctx, d) => {
  const city = ctx.city.name;
  const origin = cityOrigin(ctx.site, ctx.city);
  return {
    title: `${city}看房团_免费专车看房_${ctx.site.brand}`,
    description: `${city}近期看房团${d.sessions.length}场：${d.sessions
      .slice(0, 3)
      .map((s) => s.loupan.name)
      .join('、')}等，专车接送，报名即享团购优惠。`,
    canonical: '/grouproom',
    jsonLd: d.sessions.slice(0, 10).map((s) => ({
      '@context': LD,
      '@type': 'Event',
      name: s.title,
      startDate: iso(s.startsAt),
      eventStatus: `${LD}/EventScheduled`,
      eventAttendanceMode: `${LD}/OfflineEventAttendanceMode`,
      location: {
        '@type': 'Place',
        name: s.meetingPoint,
        address: { '@type': 'PostalAddress', addressLocality: city, addressCountry: 'CN' },
      },
      url: `${origin}/grouproom#session-${s.id}`,
      offers: { '@type': 'Offer', price: 0, priceCurrency: 'CNY', availability: s.seatsLeft > 0 ? `${LD}/InStock` : `${LD}/SoldOut` },
    })),
  };
};

/** /adver: promoted items; an ad page is not for search. */
export const adverMeta: Meta<AdverData> = (ctx, d) => ({
  title: `精选推广_${ctx.city.name}特价好房推荐_${ctx.site.brand}`,
  description: `${ctx.city.name}精选推广楼盘与房源${d.promotions.length}个：${d.promotions
    .slice(0, 3)
    .map((p) => p.loupan?.name ?? p.listing?.title ?? '')
    .join('、')}。`,
  canonical: '/adver',
  robots: 'noindex, follow',
});
