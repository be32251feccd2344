import type { CommercialDetailData } from '../../contracts/page-data/shangpu.ts';
import { isRentHouseType, KIND_NOUNS, kindOfHouseType } from '../../lib/listing-kinds.ts';
import { listedWhen } from '../../lib/time-label.ts';
import { Streamed } from '../../render/deferred.ts';
import { useAppState } from '../../stores/context.tsx';
import { AppLink } from '../AppLink.tsx';
import { groupDigits } from '../paths.ts';
import { AgentCard } from './AgentCard.tsx';
import { agentInfoOf } from './agent.ts';
import { FollowCount, Timeline } from './blocks.tsx';
import { DetailHead } from './DetailHead.tsx';
import { Gallery } from './Gallery.tsx';
import { ListingFooter } from './ListingFooter.tsx';
import { num, priceLogItems } from './links.ts';
import { Description, DetailBlock, type Fact, KeyFacts } from './parts.tsx';
import { SimilarListings } from './SimilarListings.tsx';

/**
 * The shop and office detail screen (for sale and for rent), built from the shared detail parts: gallery, the
 * price / unit price / area headline, the facts, the description, the agent, the listing's events, similar
 * listings of the area and the fixed action bar.
 */
export function CommercialDetailView({ data, notice }: { data: CommercialDetailData; notice?: string }) {
  const { house: h, extras, section } = data;
  const rent = isRentHouseType(h.houseType);
  const kind = kindOfHouseType(h.houseType);
  const noun = KIND_NOUNS[kind];
  const shop = kind === 'shangpucs' || kind === 'shangpucz';
  const agent = agentInfoOf(h.agentInfo);
  // Commercial numbers are long (24,970元/月, 21,740元/㎡): the unit is set small so three fit a phone's width.
  const big = (n: string, u: string) => (
    <>
      {n}
      <small>{u}</small>
    </>
  );
  const headline: Fact[] = [
    rent ? { label: '租金', value: big(groupDigits(h.price), '元/月') } : { label: '总价', value: big(num(h.price), '万') },
    { label: '单价', value: big(groupDigits(h.unitPrice), rent ? '元/㎡·月' : '元/㎡') },
    { label: '面积', value: big(num(h.area), '㎡') },
  ];
  const facts: Fact[] = [
    { label: '类型', value: noun },
    { label: '业态', value: h.businessFormat ? `适合${h.businessFormat}` : '' },
    { label: '楼层', value: `${h.floorLevel}/共${h.totalFloors}层` },
    { label: '装修', value: h.decoration },
    { label: '区域', value: [h.regionName, h.shopMapName].filter(Boolean).join(' ') },
    { label: '地铁', value: h.stationName ? `近${h.stationName}站` : '' },
    { label: '付款', value: h.payType ?? '' },
    { label: '上架', value: listedWhen(h.createdAt, useAppState().route.renderedAt) },
    { label: '编号', value: h.houseNumber },
  ];
  const logItems = priceLogItems(data.log, rent ? '元/月' : '万');
  const listPath = section === 'zhaopu' ? `/zhaopu/ty${rent ? 1 : 2}/` : `/${kind}/`;
  return (
    <article className="dt">
      <Gallery
        photos={h.photos}
        title={h.title}
        photoHref={`/photo?id=${h.houseId}&type=${kind}`}
        badges={[h.hasVr ? 'VR看房' : '', h.status !== '在售' ? h.status : ''].filter(Boolean)}
      />
      {notice ? <p className="dt-notice">{notice}</p> : null}
      <DetailHead title={h.title} tags={h.tags}>
        <p className="dt-head__kind">
          <AppLink href={listPath}>{section === 'zhaopu' ? `找铺 · ${noun}` : noun}</AppLink>
        </p>
      </DetailHead>
      <KeyFacts headline={headline} facts={facts} />
      <Description title={shop ? '商铺介绍' : '写字楼介绍'} text={h.description} />
      <AgentCard agent={agent} phone={extras.agentPhone} house={{ houseId: h.houseId, houseType: h.houseType }} />
      <DetailBlock title="房源动态">
        <Timeline items={logItems.slice(0, 3)} />
        {extras.collectTotal ? (
          <div className="dt-links">
            <FollowCount total={extras.collectTotal} />
          </div>
        ) : null}
      </DetailBlock>
      <Streamed value={extras.similar}>
        {(similar) => (
          <SimilarListings
            title={`${h.shopMapName ?? h.regionName ?? ''}附近${noun}`}
            items={similar}
            kind={section}
            more={{ href: listPath, label: `更多${noun}` }}
          />
        )}
      </Streamed>
      <ListingFooter data={data} agent={agent} />
    </article>
  );
}
