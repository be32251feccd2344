import type { ListingDetailData } from '../../contracts/page-data/ershoufang.ts';
import { calculatorHref } from '../../lib/loan-link.ts';
import { listedWhen } from '../../lib/time-label.ts';
import { wendaHref } from '../../lib/wenda.ts';
import { Streamed } from '../../render/deferred.ts';
import { useAppState } from '../../stores/context.tsx';
import { AppLink } from '../AppLink.tsx';
import { BrokerRow } from '../broker/BrokerCard.tsx';
import { LocationMap } from '../map/LocationMap.tsx';
import { groupDigits } from '../paths.ts';
import { AgentCard, agentInfoOf } from './AgentCard.tsx';
import { Gallery } from './Gallery.tsx';
import { ListingFooter } from './ListingFooter.tsx';
import { num, priceLogItems } from './links.ts';
import {
  CommunityCard,
  Description,
  DetailBlock,
  DetailHead,
  type Fact,
  FollowCount,
  KeyFacts,
  SimilarListings,
  Timeline,
} from './parts.tsx';

/** The second-hand and rental detail screen, built from the shared detail parts. */
export function ListingDetailView({ data, notice }: { data: ListingDetailData; notice?: string }) {
  const { house: h, extras, kind } = data;
  const rent = kind === 'zufang';
  const descriptionTitle = rent ? '房源介绍' : '房源描述';
  const agent = agentInfoOf(h.agentInfo);
  const listed = { label: '上架', value: listedWhen(h.createdAt, useAppState().route.renderedAt) };
  const headline: Fact[] = rent
    ? [
        { label: '租金', value: `${groupDigits(h.price)}元/月` },
        { label: '户型', value: h.huxing || '—' },
        { label: '面积', value: `${num(h.area)}㎡` },
      ]
    : [
        { label: '总价', value: `${num(h.price)}万` },
        { label: '房型', value: h.huxing || '—' },
        { label: '建面', value: `${num(h.area)}㎡` },
      ];
  const facts: Fact[] = [
    rent ? { label: '方式', value: h.rentType ?? '' } : { label: '单价', value: `${groupDigits(h.unitPrice)}元/㎡` },
    rent ? { label: '付款', value: h.payType ?? '' } : listed,
    { label: '朝向', value: h.orientation },
    { label: '楼层', value: `${h.floorLevel}/共${h.totalFloors}层` },
    { label: '装修', value: h.decoration },
    { label: '电梯', value: h.elevator ? '有' : '无' },
    { label: '年代', value: h.buildYear ? `${h.buildYear}年` : '' },
    { label: '用途', value: h.useType },
    { label: '区域', value: [h.regionName, h.shopMapName].filter(Boolean).join(' ') },
    { label: '地铁', value: h.stationName ? `近${h.stationName}站` : '' },
    { label: '小区', value: h.xiaoquName ?? '' },
    ...(rent ? [listed] : []),
    { label: '编号', value: h.houseNumber },
  ];
  const houseRef = { houseId: h.houseId, houseType: h.houseType };
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
      {/* The description is in the shell; the owner's note and the agent's comments join it when they arrive. */}
      <Streamed value={data.notes} fallback={<Description title={descriptionTitle} text={h.description} />}>
        {(notes) => (
          <Description
            title={descriptionTitle}
            text={h.description}
            extra={[
              ...(notes.readme ? [{ label: '业主自荐', text: notes.readme }] : []),
              ...notes.comments.map((c) => ({ label: `经纪人点评 · ${c.name}`, text: c.content })),
            ]}
          />
        )}
      </Streamed>
      <AgentCard agent={agent} phone={extras.agentPhone} house={houseRef} />
      <Streamed value={extras.recommended}>
        {(recommended) =>
          recommended?.length ? (
            <DetailBlock title="为您推荐经纪人" more={{ href: '/broker/', label: '更多经纪人' }}>
              <div data-testid="recommended-agents">
                {recommended.map((b) => (
                  <BrokerRow key={b.belongerId} agent={b} />
                ))}
              </div>
            </DetailBlock>
          ) : null
        }
      </Streamed>
      <CommunityCard community={extras.community} />
      {data.location ? (
        <DetailBlock title="位置与周边">
          <LocationMap data={data.location} />
        </DetailBlock>
      ) : null}
      {rent ? null : (
        <DetailBlock title="房源动态" more={{ href: `/ershoufang/dongtai?id=${h.houseId}`, label: '全部动态' }}>
          <Streamed value={data.log} fallback={<p className="dt-empty">加载中…</p>}>
            {(log) => <Timeline items={priceLogItems(log, '万').slice(0, 3)} />}
          </Streamed>
          <div className="dt-links">
            <AppLink href={`/ershoufang/daikan?id=${h.houseId}`}>
              <Streamed value={data.notes} fallback="带看记录">
                {(notes) => `带看记录 ${notes.daikanCount}次`}
              </Streamed>
            </AppLink>
            <AppLink href={`/ershoufang/zhou?id=${h.houseId}`}>周边配套</AppLink>
            <FollowCount total={extras.collectTotal} />
          </div>
        </DetailBlock>
      )}
      <Streamed value={extras.questions}>
        {(questions) =>
          questions?.length ? (
            <DetailBlock title="大家都在问" more={{ href: '/wenda/tiwen', label: '我要提问' }}>
              <ul className="dt-asks">
                {questions.map((q) => (
                  <li key={q.id}>
                    <AppLink href={wendaHref(q.id)}>{q.question}</AppLink>
                  </li>
                ))}
              </ul>
            </DetailBlock>
          ) : null
        }
      </Streamed>
      <Streamed value={extras.similar}>
        {(similar) => (
          <SimilarListings
            title={rent ? '附近租房推荐' : '同小区/同商圈房源'}
            items={similar}
            kind={kind}
            more={{ href: `/${kind}/`, label: '更多房源' }}
          />
        )}
      </Streamed>
      <ListingFooter data={data} agent={agent} />
    </article>
  );
}
