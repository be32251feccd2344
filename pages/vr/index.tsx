import type { VrData } from '../../src/contracts/page-data/media.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { AgentCard, agentInfoOf } from '../../src/ui/detail/index.ts';
import { MediaHouseCard } from '../../src/ui/media/MediaHouseCard.tsx';
import { PanoTour } from '../../src/ui/media/PanoTour.tsx';
import { VrList } from '../../src/ui/media/VrList.tsx';
import { groupDigits } from '../../src/ui/paths.ts';

/** /vr: the city's VR tours; /vr?id=: one tour in the panorama viewer with the house and its agent (issue 19). */
export default function VrPage({ data }: PageProps<VrData>) {
  const { city } = useAppState();
  const { tour, agent } = data;
  if (!tour) {
    return (
      <div className="vr-page">
        <section className="vr-head">
          <h1 className="vr-head__title">{city.selectCityName}VR看房</h1>
          <p className="vr-head__sub">{data.total}套房源与楼盘支持720°全景看房</p>
        </section>
        <VrList list={data.list} />
        {data.totalPages > 1 ? (
          <nav className="vr-pager" aria-label="分页">
            {data.page > 1 ? <AppLink href={data.page === 2 ? '/vr' : `/vr?page=${data.page - 1}`}>上一页</AppLink> : null}
            <span>
              {data.page}/{data.totalPages}
            </span>
            {data.page < data.totalPages ? <AppLink href={`/vr?page=${data.page + 1}`}>下一页</AppLink> : null}
          </nav>
        ) : null}
      </div>
    );
  }
  return (
    <div className="vr-page">
      <PanoTour tour={tour} />
      <section className="vr-head vr-head--tour">
        <h1 className="vr-head__title">{tour.title}</h1>
        <p className="vr-head__sub">
          {tour.roomNames.join(' · ')} · {groupDigits(tour.viewNum)}人看过
        </p>
      </section>
      <section className="vd__house">
        <h2 className="vd__sub">全景中的{tour.house.estate ? '楼盘' : '房源'}</h2>
        <MediaHouseCard house={tour.house} />
      </section>
      <AgentCard
        agent={agentInfoOf(agent)}
        phone={agent?.webCall ? { webCall: agent.webCall } : null}
        house={{ houseId: tour.house.houseId, houseType: tour.house.houseType }}
        heading="带看经纪人"
      />
      {data.list.length ? (
        <section className="vd__related">
          <h2 className="vd__sub">更多VR房源</h2>
          <VrList list={data.list} />
          <AppLink href="/vr" className="vd__all">
            全部VR看房 ›
          </AppLink>
        </section>
      ) : null}
    </div>
  );
}
