import type { ReactNode } from 'react';
import type { XiaoquPlan } from '../../contracts/gateway/index.ts';
import type { NearbySchool, ServingStore, XiaoquCard as XiaoquCardData, XiaoquRecord } from '../../contracts/page-data/xiaoqu.ts';
import { AppLink } from '../AppLink.tsx';
import { telHref } from '../detail/links.ts';
import { DetailBlock, type Fact } from '../detail/parts.tsx';
import { LazyImage } from '../LazyImage.tsx';
import { groupDigits, num } from '../paths.ts';
import { XiaoquCard } from './XiaoquCard.tsx';

/** The recorded facts of a community, in the order a buyer asks for them; missing ones are left out by KeyFacts. */
export function xiaoquFacts(x: XiaoquRecord): Fact[] {
  return [
    { label: '建成年代', value: x.buildYear ? `${x.buildYear}年` : '' },
    { label: '物业类型', value: x.propertyType },
    { label: '建筑类型', value: x.buildType },
    { label: '开发商', value: x.developer },
    { label: '物业公司', value: x.propertyCompany },
    { label: '物业费', value: x.propertyFee != null ? `${num(x.propertyFee)}元/㎡·月` : '' },
    { label: '总户数', value: x.households ? `${x.households}户` : '' },
    { label: '楼栋数', value: x.buildings ? `${x.buildings}栋` : '' },
    { label: '容积率', value: x.plotRatio != null ? num(x.plotRatio) : '' },
    { label: '绿化率', value: x.greenRate != null ? `${num(x.greenRate)}%` : '' },
    { label: '停车位', value: x.parking },
  ];
}

/** A floor plan's area: 89㎡ or 89-120㎡. */
export const planArea = (p: Pick<XiaoquPlan, 'minArea' | 'maxArea'>): string =>
  p.minArea === p.maxArea ? `${num(p.minArea)}㎡` : `${num(p.minArea)}-${num(p.maxArea)}㎡`;

/** The floor plans of a community as a horizontal strip of cards, each linking to its plan page. */
export function PlanStrip({ plans, stressId, current }: { plans: readonly XiaoquPlan[]; stressId: number; current?: number }) {
  return (
    <ul className="xq-plans" data-testid="xiaoqu-plans">
      {plans.map((p) => (
        <li key={p.hxId}>
          <AppLink
            className={`xq-plan${p.hxId === current ? ' is-on' : ''}`}
            href={`/xiaoqu/huxing/${p.hxId}/${stressId}/`}
            aria-current={p.hxId === current ? 'page' : undefined}
          >
            <LazyImage className="xq-plan__img" src={p.img ?? undefined} alt={`${p.name}户型图`} width={120} height={90} />
            <strong className="xq-plan__name">{p.name}</strong>
            <span className="xq-plan__line">{planArea(p)}</span>
            <span className="xq-plan__line">
              在售{p.count}套 · 在租{p.rentCount}套
            </span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * Where the community is, as text: address, district and shop area, metro. `map` is the slot of the static map
 * (issue 14 part B); without it the block is the text alone.
 */
export function LocationBlock({ x, map }: { x: XiaoquRecord; map?: ReactNode }) {
  return (
    <DetailBlock title="位置与交通" id="location">
      {map ? <div className="xq-loc__map">{map}</div> : null}
      <dl className="xq-loc" data-testid="xiaoqu-location">
        <div>
          <dt>地址</dt>
          <dd>{x.address}</dd>
        </div>
        <div>
          <dt>区域</dt>
          <dd>{[x.regionName, x.shopMapName].filter(Boolean).join(' · ')}</dd>
        </div>
        {x.stationName ? (
          <div>
            <dt>地铁</dt>
            <dd>近{x.stationName}站</dd>
          </div>
        ) : null}
      </dl>
    </DetailBlock>
  );
}

export function SchoolList({ schools }: { schools: readonly NearbySchool[] }) {
  if (!schools.length) return null;
  return (
    <DetailBlock title="对口学校">
      <ul className="xq-rows" data-testid="xiaoqu-schools">
        {schools.map((s) => (
          <li key={s.schoolId}>
            <AppLink className="xq-row" href={`/school/${s.schoolId}.html`}>
              <strong>{s.name}</strong>
              <span>{[s.level, s.nature].filter(Boolean).join(' · ')}</span>
              <span>{s.address}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </DetailBlock>
  );
}

export function StoreList({ stores }: { stores: readonly ServingStore[] }) {
  if (!stores.length) return null;
  return (
    <DetailBlock title="服务门店">
      <ul className="xq-rows" data-testid="xiaoqu-stores">
        {stores.map((s) => (
          <li key={s.storeId} className="xq-row xq-row--store">
            <AppLink href={`/mendian/${s.storeId}.html`}>
              <strong>{s.name}</strong>
              <span>{s.address}</span>
            </AppLink>
            {s.phone ? (
              <a className="btn btn--ghost btn--sm" href={telHref(s.phone)} aria-label={`电话 ${s.name}`}>
                电话
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </DetailBlock>
  );
}

export function SimilarXiaoqu({ items, moreHref }: { items: readonly XiaoquCardData[]; moreHref: string | null }) {
  if (!items.length) return null;
  return (
    <DetailBlock title="相似小区" more={moreHref ? { href: moreHref, label: '更多小区' } : undefined}>
      <ul className="dt-similar" data-testid="xiaoqu-similar">
        {items.map((x) => (
          <li key={x.stressId}>
            <XiaoquCard xiaoqu={x} />
          </li>
        ))}
      </ul>
    </DetailBlock>
  );
}

/** 参考均价 as the headline shows it. */
export const avgPriceText = (n: number) => (n > 0 ? `${groupDigits(n)}元/㎡` : '暂无均价');
