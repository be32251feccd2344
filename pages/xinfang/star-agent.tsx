import type { StarAgentData } from '../../src/contracts/page-data/xinfang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { Pagination } from '../../src/ui/list/Pagination.tsx';
import { AgentRow } from '../../src/ui/xinfang/AgentRow.tsx';
import { XfHero } from '../../src/ui/xinfang/PageHead.tsx';

/** /xinfang/starAgent: the city's star advisers (SPEC 7.3 newHouseStarBelonger/pubPage). */
export default function XinfangStarAgentPage({ data }: PageProps<StarAgentData>) {
  const { city } = useAppState();
  return (
    <div className="xf-page">
      <XfHero title={`${city.selectCityName}明星置业顾问`} sub="服务好评多、成交多的金牌顾问" />
      <section className="card xf-sec">
        <div className="xf-agents" data-testid="xf-stars">
          {data.list.map((b, i) => (
            <div key={b.belongerId} className="xf-star">
              <span className={`xf-star__no${i + (data.page - 1) * 10 < 3 ? ' is-top' : ''}`}>{i + 1 + (data.page - 1) * 10}</span>
              <AgentRow agent={b} houseId={0} />
              <AppLink href={`/broker/${b.belongerId}`} className="xf-star__more">
                查看主页
              </AppLink>
            </div>
          ))}
        </div>
      </section>
      <Pagination
        page={data.page}
        totalPages={data.totalPages}
        hrefOf={(n) => (n === 1 ? '/xinfang/starAgent' : `/xinfang/starAgent?page=${n}`)}
      />
    </div>
  );
}
