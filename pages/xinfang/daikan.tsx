import type { DaikanData } from '../../src/contracts/page-data/xinfang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { groupDigits } from '../../src/ui/paths.ts';
import { AgentRow } from '../../src/ui/xinfang/AgentRow.tsx';
import { XfHero } from '../../src/ui/xinfang/PageHead.tsx';

/** /xinfang/daikanrengou/{id}: monthly subscriptions and deal prices of the estate (SPEC 7.3 findContractList). */
export default function XinfangDaikanPage({ data }: PageProps<DaikanData>) {
  const { estate, contracts } = data;
  const max = Math.max(1, ...contracts.map((c) => c.units));
  const units = contracts.reduce((s, c) => s + c.units, 0);
  return (
    <div className="xf-page">
      <XfHero
        title={`${estate.name}带看认购`}
        sub={`近${contracts.length}个月认购${units}套${data.rank ? ` · 全城销量第${data.rank}名` : ''}`}
        back={{ href: `/xinfang/${estate.houseId}.html`, label: estate.name }}
      />
      <section className="card xf-sec">
        <h2 className="xf-sec__title">月度认购</h2>
        {contracts.length ? (
          <ul className="xf-bars">
            {contracts.map((c) => (
              <li key={c.month} className="xf-bars__row">
                <span className="xf-bars__m">{c.month}</span>
                <span className="xf-bars__track">
                  <span className="xf-bars__fill" style={{ width: `${Math.round((c.units / max) * 100)}%` }} />
                </span>
                <span className="xf-bars__v">{c.units}套</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="dt-empty">暂无认购记录</p>
        )}
      </section>
      {contracts.length ? (
        <section className="card xf-sec">
          <h2 className="xf-sec__title">成交明细</h2>
          <table className="xf-prices">
            <thead>
              <tr>
                <th>月份</th>
                <th>套数</th>
                <th>面积</th>
                <th>成交均价</th>
              </tr>
            </thead>
            <tbody>
              {contracts.map((c) => (
                <tr key={c.month}>
                  <td>{c.month}</td>
                  <td>{c.units}</td>
                  <td>{groupDigits(c.area)}㎡</td>
                  <td>{groupDigits(c.avgPrice)}元/㎡</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {data.belongers.length ? (
        <section className="card xf-sec">
          <h2 className="xf-sec__title">预约带看</h2>
          <div className="xf-agents">
            {data.belongers.map((b) => (
              <AgentRow key={b.belongerId} agent={b} houseId={estate.houseId} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
