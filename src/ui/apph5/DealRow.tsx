import type { DealRecord } from '../../contracts/gateway/index.ts';
import { AppLink } from '../AppLink.tsx';
import { groupDigits } from '../paths.ts';

/** One closed deal (成交): community, layout and area, date, price and unit price, days on the market. */
export function DealRow({ deal: d, linkCommunity = true }: { deal: DealRecord; linkCommunity?: boolean }) {
  const sale = d.unitPrice !== null;
  const name = <b className="ah-deal__name">{d.xiaoquName}</b>;
  return (
    <li className="ah-deal" data-testid="deal">
      <div className="ah-deal__main">
        {linkCommunity ? (
          <AppLink href={`/appH5/knockdown/r${d.regionId}/x${d.stressId}/`} className="ah-deal__link">
            {name}
          </AppLink>
        ) : (
          name
        )}
        <span className="ah-deal__facts">
          {d.rooms}室{d.halls}厅 · {d.area}㎡ · {d.orientation} · {d.floor}
        </span>
        <span className="ah-deal__meta">
          {d.regionName} · {sale ? '二手房' : '租房'} · 挂牌{sale ? `${d.listPrice}万` : `${groupDigits(d.listPrice)}元/月`}
        </span>
      </div>
      <div className="ah-deal__side">
        <span className="ah-deal__price">{sale ? `${d.price}万` : `${groupDigits(d.price)}元/月`}</span>
        {sale ? <span className="ah-deal__unit">{groupDigits(d.unitPrice ?? 0)}元/㎡</span> : null}
        <time className="ah-deal__date" dateTime={d.dealDate}>
          {d.dealDate}
        </time>
        <span className="ah-deal__days">成交周期{d.days}天</span>
      </div>
    </li>
  );
}
