import type { ListingDetailData } from '../../contracts/page-data/ershoufang.ts';
import { calculatorHref } from '../../lib/loan-link.ts';
import { listedWhen } from '../../lib/time-label.ts';
import { useAppState } from '../../stores/context.tsx';
import { AppLink } from '../AppLink.tsx';
import { lazyPart } from '../lazy-part.tsx';
import { DetailHead } from './DetailHead.tsx';
import { areaText, buildYearText, floorText, layoutFact, perSquareText, rentText, totalPriceText } from './figures.ts';
import { Gallery } from './Gallery.tsx';
import { num } from './links.ts';
import { type Fact, KeyFacts } from './parts.tsx';

/**
 * Under the first screen, each its own chunk loaded when it comes into view (issue 35 part 4): the description (with
 * the notes that stream), then everything from the agent card down.
 */
const Text = lazyPart(() => import('./ListingDescription.tsx').then((m) => m.ListingDescription), {
  when: 'view',
  fallback: () => <div className="dt-wait dt-wait--text" />,
});

const More = lazyPart(() => import('./ListingDetailMore.tsx').then((m) => m.ListingDetailMore), {
  when: 'view',
  fallback: () => <div className="dt-wait" />,
});

/**
 * The report link and the fixed action bar: the bar is always in view, so its chunk is fetched as soon as the page is
 * hydrated; before that its links and the favourite form work as plain HTML, and a site link tapped is followed once
 * the bar is hydrated (issue 35 part 4).
 */
const Footer = lazyPart(() => import('./ListingFooter.tsx').then((m) => m.DetailFooter), { when: 'view' });

/** The second-hand and rental detail screen, built from the shared detail parts. */
export function ListingDetailView({ data, notice }: { data: ListingDetailData; notice?: string }) {
  const { house: h, kind } = data;
  const rent = kind === 'zufang';
  const listed = { label: '上架', value: listedWhen(h.createdAt, useAppState().route.renderedAt) };
  const headline: Fact[] = rent
    ? [
        { label: '租金', value: rentText(h.price) },
        { label: '户型', value: layoutFact(h.huxing) },
        { label: '面积', value: areaText(h.area) },
      ]
    : [
        { label: '总价', value: totalPriceText(h.price) },
        { label: '房型', value: layoutFact(h.huxing) },
        { label: '建面', value: areaText(h.area) },
      ];
  const facts: Fact[] = [
    rent ? { label: '方式', value: h.rentType ?? '' } : { label: '单价', value: perSquareText(h.unitPrice) },
    rent ? { label: '付款', value: h.payType ?? '' } : listed,
    { label: '朝向', value: h.orientation },
    { label: '楼层', value: floorText(h) },
    { label: '装修', value: h.decoration },
    { label: '电梯', value: h.elevator ? '有' : '无' },
    { label: '年代', value: buildYearText(h.buildYear) },
    { label: '用途', value: h.useType },
    { label: '区域', value: [h.regionName, h.shopMapName].filter(Boolean).join(' ') },
    { label: '地铁', value: h.stationName ? `近${h.stationName}站` : '' },
    { label: '小区', value: h.xiaoquName ?? '' },
    ...(rent ? [listed] : []),
    { label: '编号', value: h.houseNumber },
  ];
  const photoHref = `/photo?id=${h.houseId}&type=${kind}`;
  return (
    <article className="dt">
      <Gallery
        photos={h.photos}
        title={h.title}
        photoHref={photoHref}
        videoUrl={h.videoUrl}
        badges={[h.hasVr ? 'VR看房' : '', h.status !== '在售' ? h.status : ''].filter(Boolean)}
      />
      {notice ? <p className="dt-notice">{notice}</p> : null}
      <DetailHead title={h.title} tags={h.tags} />
      <KeyFacts headline={headline} facts={facts} />
      {!rent && h.price > 0 ? (
        <AppLink className="loan-link" href={calculatorHref(h.price)}>
          房贷计算器：总价{num(h.price)}万，算算月供
        </AppLink>
      ) : null}
      <Text data={data} />
      <More data={data} />
      <Footer data={data} />
    </article>
  );
}
