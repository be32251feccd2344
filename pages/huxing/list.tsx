import type { HuxingListData } from '../../src/contracts/page-data/huxing.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { XfHero } from '../../src/ui/xinfang/PageHead.tsx';
import { PlanCard } from '../../src/ui/xinfang/PlanCard.tsx';

/** /huxing/lp{id}/[l{rooms}/]: an estate's floor plans by rooms; /huxing/: plans of the city's hot estates. */
export default function HuxingListPage({ data }: PageProps<HuxingListData>) {
  const { city } = useAppState();
  const e = data.estate;
  return (
    <div className="xf-page">
      <XfHero
        title={e ? `${e.name}户型图` : `${city.selectCityName}新房户型图`}
        sub={e ? `${data.roomStats.reduce((s, r) => s + r.count, 0)}个户型` : '热门楼盘在售户型'}
        back={e ? { href: `/xinfang/${e.houseId}.html`, label: e.name } : undefined}
      />
      {e && data.roomStats.length ? (
        <nav className="xf-tabs" aria-label="居室">
          <AppLink href={`/huxing/lp${e.houseId}/`} className={`xf-tabs__tab${!data.rooms ? ' is-on' : ''}`}>
            全部
          </AppLink>
          {data.roomStats.map((s) => (
            <AppLink
              key={s.rooms}
              href={`/huxing/lp${e.houseId}/l${s.rooms}/`}
              className={`xf-tabs__tab${data.rooms === s.rooms ? ' is-on' : ''}`}
            >
              {s.rooms}室({s.count})
            </AppLink>
          ))}
        </nav>
      ) : null}
      {data.groups.map((g) => (
        <section key={g.estate.houseId} className="card xf-sec">
          {!e ? (
            <h2 className="xf-sec__title">
              <AppLink href={`/huxing/lp${g.estate.houseId}/`}>{g.estate.name}</AppLink>
            </h2>
          ) : null}
          <ul className="xf-plans" data-testid="xf-plans">
            {g.plans.map((p) => (
              <li key={p.huxingId}>
                <PlanCard plan={p} estateName={g.estate.name} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
