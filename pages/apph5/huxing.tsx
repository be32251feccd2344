import type { PolteHuxingData } from '../../src/contracts/page-data/apph5.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { PlanCard } from '../../src/ui/xinfang/PlanCard.tsx';

/** /appH5/polte/huxing/{id}.html: an estate's floor plans, with the count by rooms. */
export default function PolteHuxingPage({ data }: PageProps<PolteHuxingData>) {
  const { estate: e, plans, roomStats } = data;
  return (
    <div className="ah-page">
      <header className="card ah-est">
        <h2 className="ah-est__name">{e.name}户型</h2>
        <p className="ah-est__price">
          共{plans.length}个户型{roomStats.length ? ` · ${roomStats.map((s) => `${s.rooms}室${s.count}个`).join(' · ')}` : ''}
        </p>
      </header>
      {plans.length ? (
        <ul className="xf-plans card ah-plans">
          {plans.map((p) => (
            <li key={p.huxingId}>
              <PlanCard plan={p} estateName={e.name} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="ah-empty card">该楼盘暂未公布户型</p>
      )}
      <AppLink href={`/appH5/polte/allInfo/${e.houseId}.html`} className="card ah-link">
        查看{e.name}楼盘详细信息 ›
      </AppLink>
    </div>
  );
}
