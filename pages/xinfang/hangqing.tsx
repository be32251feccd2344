import type { HangqingData } from '../../src/contracts/page-data/xinfang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { groupDigits } from '../../src/ui/paths.ts';
import { EstateItem } from '../../src/ui/xinfang/EstateItem.tsx';
import { XfHero } from '../../src/ui/xinfang/PageHead.tsx';

/** /xinfang/hangqing: the city's new-home market. */
export default function XinfangHangqingPage({ data }: PageProps<HangqingData>) {
  const { city } = useAppState();
  const maxCount = Math.max(1, ...data.regions.map((r) => r.count ?? 0));
  return (
    <div className="xf-page">
      <XfHero title={`${city.selectCityName}新房行情`} sub="均价、成交排行与区域供应" />
      <section className="card xf-sec xf-kpis">
        <div>
          <strong className="xf-kpis__v">{data.avgPrice ? groupDigits(data.avgPrice) : '--'}</strong>
          <span>新房均价(元/㎡)</span>
        </div>
        <div>
          <strong className="xf-kpis__v">{data.ershouAvgPrice ? groupDigits(data.ershouAvgPrice) : '--'}</strong>
          <span>二手房均价(元/㎡)</span>
        </div>
        <div>
          <strong className={`xf-kpis__v ${data.ratio >= 0 ? 'is-up' : 'is-down'}`}>
            {data.ratio >= 0 ? '+' : ''}
            {data.ratio}%
          </strong>
          <span>二手房环比</span>
        </div>
      </section>
      <section className="card xf-sec">
        <h2 className="xf-sec__title">成交排行</h2>
        <ol className="xf-toplist">
          {data.rank.map((r, i) => (
            <li key={r.id}>
              <AppLink href={`/xinfang/${r.id}.html`}>
                <span className={`xf-toplist__no${i < 3 ? ' is-top' : ''}`}>{i + 1}</span>
                <span className="xf-toplist__name">
                  {r.name}
                  <small>{r.regionName}</small>
                </span>
                <span className="xf-toplist__v">
                  {r.units}套<small>{groupDigits(r.price)}元/㎡</small>
                </span>
              </AppLink>
            </li>
          ))}
        </ol>
      </section>
      <section className="card xf-sec">
        <h2 className="xf-sec__title">各区域在售楼盘</h2>
        <ul className="xf-bars">
          {data.regions.map((r) => (
            <li key={r.regionId} className="xf-bars__row">
              <span className="xf-bars__m">{r.regionName}</span>
              <span className="xf-bars__track">
                <span className="xf-bars__fill" style={{ width: `${Math.round(((r.count ?? 0) / maxCount) * 100)}%` }} />
              </span>
              <span className="xf-bars__v">{r.count ?? 0}个</span>
            </li>
          ))}
        </ul>
      </section>
      {data.newest.length ? (
        <section className="card xf-sec">
          <h2 className="xf-sec__title">最新开盘</h2>
          <ul>
            {data.newest.map((e) => (
              <li key={e.houseId}>
                <EstateItem estate={e} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
