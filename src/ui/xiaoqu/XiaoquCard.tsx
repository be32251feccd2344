import type { XiaoquCard as XiaoquCardData } from '../../contracts/page-data/xiaoqu.ts';
import { CardFrame, CardPrice } from '../card-parts.tsx';
import { groupDigits } from '../paths.ts';

/** The month-on-month change of an average price: 环比 ↑0.52% (red, prices up), ↓ (green), 持平. */
export function PriceRatio({ ratio, label = '环比上月' }: { ratio: number | null; label?: string }) {
  if (ratio === null) return null;
  const dir = ratio > 0 ? 'up' : ratio < 0 ? 'down' : 'flat';
  const text = dir === 'flat' ? '持平' : `${dir === 'up' ? '↑' : '↓'}${Math.abs(ratio).toFixed(2)}%`;
  return (
    <span className={`xq-ratio xq-ratio--${dir}`} data-testid="ratio">
      {label} {text}
    </span>
  );
}

/** A community in a list: photo, name, place and year, average price with its monthly change, on-sale and for-rent counts. */
export function XiaoquCard({ xiaoqu: x, eager }: { xiaoqu: XiaoquCardData; eager?: boolean }) {
  return (
    <CardFrame
      href={`/xiaoqu/${x.stressId}.html`}
      className="lcard xq-card"
      testId="xiaoqu-card"
      img={x.img}
      alt={x.name}
      eager={eager}
      title={x.name}
      facts={[[x.regionName, x.shopMapName].filter(Boolean).join(' '), x.buildYear ? `${x.buildYear}年建成` : '', x.propertyType]}
    >
      <CardPrice
        price={x.avgPrice > 0 ? groupDigits(x.avgPrice) : '暂无'}
        unit={x.avgPrice > 0 ? '元/㎡' : '均价'}
        priceTestId="avg-price"
        note={<PriceRatio ratio={x.ratio} />}
        noteClassName="xq-card__ratio"
      />
      <p className="xq-card__counts">
        在售<b data-testid="ershoucount">{x.ershoucount}</b>套 · 在租<b data-testid="zufangcount">{x.zufangcount}</b>套
      </p>
    </CardFrame>
  );
}
