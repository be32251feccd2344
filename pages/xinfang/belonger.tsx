import type { EstateAgentsData } from '../../src/contracts/page-data/xinfang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AgentRow } from '../../src/ui/xinfang/AgentRow.tsx';
import { XfHero } from '../../src/ui/xinfang/PageHead.tsx';

/** /xinfang/belonger?id=: every adviser of the estate, with phone and chat. */
export default function XinfangBelongerPage({ data }: PageProps<EstateAgentsData>) {
  const { estate, belongers } = data;
  return (
    <div className="xf-page">
      <XfHero
        title={`${estate.name}置业顾问`}
        sub={`${belongers.length}位顾问为您服务，免费咨询价格与优惠`}
        back={{ href: `/xinfang/${estate.houseId}.html`, label: estate.name }}
      />
      <section className="card xf-sec">
        {belongers.length ? (
          <div className="xf-agents">
            {belongers.map((b) => (
              <AgentRow key={b.belongerId} agent={b} houseId={estate.houseId} />
            ))}
          </div>
        ) : (
          <p className="dt-empty">暂无置业顾问，请拨打售楼处电话咨询</p>
        )}
      </section>
    </div>
  );
}
