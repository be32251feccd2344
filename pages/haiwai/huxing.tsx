import type { HaiwaiHuxingData } from '../../src/contracts/page-data/haiwai.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { PlanList } from '../../src/ui/haiwai/PlanList.tsx';

/** /haiwaihuxing/{id}[/{rooms}]: the floor plans of an overseas listing's project (the named plan first). */
export default function HaiwaiHuxingPage({ data }: PageProps<HaiwaiHuxingData>) {
  const p = data.project;
  const plan = data.selected ? data.plans[0] : null;
  return (
    <div className="hw-huxing">
      <section className="hw-hero hw-hero--sub">
        <AppLink href={`/haiwaidetails/${p.houseId}`} className="hw-hero__back">
          ‹ 返回房源
        </AppLink>
        <h1 className="hw-hero__title">
          {p.projectName}
          {plan ? `${plan.name}户型` : '户型图'}
        </h1>
        <p className="hw-hero__sub">
          {p.country} · {p.cityName} · 共{data.plans.length}个户型
        </p>
      </section>
      <section className="card hw-huxing__list">
        <PlanList projectId={p.houseId} plans={data.plans} selected={data.selected} />
        {plan ? (
          <AppLink href={`/haiwaihuxing/${p.houseId}`} className="block__all">
            查看全部户型
          </AppLink>
        ) : null}
      </section>
    </div>
  );
}
