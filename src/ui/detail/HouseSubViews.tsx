import type { DaikanData, DongtaiData, HouseBrief, ReferrerData, ZhouData } from '../../contracts/page-data/ershoufang.ts';
import { AppLink } from '../AppLink.tsx';
import { ListingCard } from '../ListingCard.tsx';
import { AgentCard } from './AgentCard.tsx';
import { CommunityCard, Timeline } from './blocks.tsx';
import { Gallery } from './Gallery.tsx';
import { num } from './links.ts';
import { DetailBlock, KeyFacts } from './parts.tsx';
import { SimilarListings } from './SimilarListings.tsx';

const day = (s: string) => s.slice(0, 10);

/** The listing a sub-page is about, linking back to its detail. */
export function HouseHeader({ house, kind = 'ershoufang' }: { house: HouseBrief; kind?: 'ershoufang' | 'zufang' }) {
  return (
    <section className="dt-block dt-house">
      <ListingCard
        kind={kind}
        listing={{
          houseId: house.houseId,
          title: house.title,
          img: house.img,
          huxing: house.huxing,
          area: house.area,
          xiaoquName: house.xiaoquName,
          price: house.price,
        }}
      />
    </section>
  );
}

export function DaikanView({ data }: { data: DaikanData }) {
  return (
    <div className="dt-sub">
      <HouseHeader house={data.house} />
      <DetailBlock title={`带看记录（${data.records.length}次）`}>
        <Timeline
          items={data.records.map((r) => ({
            key: r.id,
            when: day(r.createdAt),
            text: (
              <>
                <b>{r.name}</b> 带 {r.customer} 看房：{r.remark}
              </>
            ),
          }))}
        />
      </DetailBlock>
      <p className="dt-report">
        <AppLink className="btn btn--ghost btn--sm" href={`/ershoufang/${data.house.houseId}.html`}>
          查看房源详情
        </AppLink>
      </p>
    </div>
  );
}

export function DongtaiView({ data }: { data: DongtaiData }) {
  if (data.house) {
    return (
      <div className="dt-sub">
        <HouseHeader house={data.house} />
        <DetailBlock title={`房源动态 · 调价${data.changeTimes}次`}>
          <Timeline
            items={data.log.map((l) => ({
              key: l.id,
              when: day(l.createdAt),
              text:
                l.kind === '调价' && l.oldPrice != null && l.newPrice != null
                  ? `调价 ${num(l.oldPrice)}万 → ${num(l.newPrice)}万`
                  : `${l.kind}${l.newPrice != null ? ` 挂牌${num(l.newPrice)}万` : ''}`,
            }))}
          />
        </DetailBlock>
        <p className="dt-report">
          <AppLink className="btn btn--ghost btn--sm" href={`/ershoufang/${data.house.houseId}.html`}>
            查看房源详情
          </AppLink>
        </p>
      </div>
    );
  }
  return (
    <div className="dt-sub">
      <SimilarListings title="最新上架" items={data.newest} kind="ershoufang" more={{ href: '/ershoufang/co1/', label: '更多' }} />
      <SimilarListings title="降价房源" items={data.priceCut} kind="ershoufang" more={{ href: '/ershoufang/pc1/', label: '更多' }} />
    </div>
  );
}

export function ReferrerView({ data }: { data: ReferrerData }) {
  const h = data.house;
  const a = data.agent;
  return (
    <div className="dt-sub">
      <Gallery key={h.houseId} photos={h.photos} title={h.title} photoHref={`/photo?id=${h.houseId}&type=${data.kind}`} />
      <header className="dt-head">
        <h1 className="dt-head__title">{h.title}</h1>
      </header>
      <KeyFacts
        headline={[
          { label: data.kind === 'zufang' ? '租金' : '总价', value: h.priceText },
          { label: '户型', value: h.huxing },
          { label: '面积', value: `${num(h.area)}㎡` },
        ]}
        facts={[
          { label: '小区', value: h.xiaoquName ?? '' },
          { label: '区域', value: [h.regionName, h.shopMapName].filter(Boolean).join(' ') },
        ]}
      />
      <p className="dt-report">
        <AppLink className="btn btn--primary btn--sm" href={`/${data.kind}/${h.houseId}.html`}>
          查看房源完整详情
        </AppLink>
      </p>
      <AgentCard
        heading="推荐经纪人"
        agent={
          a
            ? {
                name: a.name,
                uid: a.uid,
                belongerId: a.belongerId,
                portrait: a.portrait,
                storeName: a.storeName,
                years: a.years,
                score: a.score,
                tags: a.tags,
              }
            : null
        }
        phone={data.agentPhone}
        house={{ houseId: h.houseId, houseType: h.houseType }}
      />
      <SimilarListings title={`${a?.name ?? '经纪人'}的其他房源`} items={data.more} kind={data.kind} />
    </div>
  );
}

export function ZhouView({ data }: { data: ZhouData }) {
  const h = data.house;
  return (
    <div className="dt-sub">
      <HouseHeader house={h} />
      <DetailBlock title="交通与位置">
        <p className="dt-desc">
          {[h.regionName, h.shopMapName].filter(Boolean).join(' · ')}
          {h.stationName ? `，近地铁${h.stationName}站` : '，周边暂无地铁站'}
        </p>
      </DetailBlock>
      <CommunityCard community={data.community} />
      <DetailBlock title="周边学校">
        {data.schools.length ? (
          <ul className="dt-links">
            {data.schools.map((s) => (
              <li key={s.schoolId}>
                <AppLink href={`/school/${s.schoolId}.html`}>
                  {s.name}
                  {s.level ? ` · ${s.level}` : ''}
                </AppLink>
              </li>
            ))}
          </ul>
        ) : (
          <p className="dt-empty">暂无学校信息</p>
        )}
      </DetailBlock>
      <DetailBlock title="周边小区">
        {data.nearbyCommunities.length ? (
          <ul className="dt-links">
            {data.nearbyCommunities.map((x) => (
              <li key={x.stressId}>
                <AppLink href={`/xiaoqu/${x.stressId}.html`}>{x.name}</AppLink>
              </li>
            ))}
          </ul>
        ) : (
          <p className="dt-empty">暂无</p>
        )}
      </DetailBlock>
      <SimilarListings title="同商圈在售" items={data.nearbyListings} kind="ershoufang" />
    </div>
  );
}
