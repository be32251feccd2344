import type { MediaData } from '../../src/contracts/page-data/xinfang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { PanoTour } from '../../src/ui/media/PanoTour.tsx';
import { VideoGrid } from '../../src/ui/media/VideoGrid.tsx';
import { VideoPlayer } from '../../src/ui/media/VideoPlayer.tsx';
import { AgentRow } from '../../src/ui/xinfang/AgentRow.tsx';
import { EstateItem } from '../../src/ui/xinfang/EstateItem.tsx';
import { XfHero } from '../../src/ui/xinfang/PageHead.tsx';

/**
 * /xinfang/video/{id}.html and /xinfang/vr/{id}.html: an estate's clips in the page's player, or its show flat in the
 * panorama viewer (issue 19); without an id, the estates that have one.
 */
export default function XinfangMediaPage({ data }: PageProps<MediaData>) {
  const { city } = useAppState();
  const label = data.kind === 'vr' ? 'VR看房' : '视频看房';
  const e = data.estate;
  if (!e) {
    return (
      <div className="xf-page">
        <XfHero title={`${city.selectCityName}新房${label}`} sub={`${data.list.length}个楼盘支持${label}`} />
        <section className="card xf-sec">
          <ul>
            {data.list.map((x) => (
              <li key={x.houseId} className="xf-media__item">
                <EstateItem estate={x} />
                <AppLink href={`/xinfang/${data.kind}/${x.houseId}.html`} className="xf-media__go">
                  {label}
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      </div>
    );
  }
  const [first, ...more] = data.videos;
  return (
    <div className="xf-page">
      {data.kind === 'vr' && data.tour ? <PanoTour tour={data.tour} /> : null}
      {data.kind === 'video' && first ? <VideoPlayer video={first} autoplay /> : null}
      <XfHero
        title={`${e.name}${label}`}
        sub={`${e.regionName ?? ''} · ${e.price ? `均价${e.price}元/㎡` : '价格待定'}`}
        back={{ href: `/xinfang/${e.houseId}.html`, label: '楼盘详情' }}
      />
      {data.kind === 'video' && first ? (
        <section className="card xf-sec">
          <h2 className="xf-sec__title">{first.title}</h2>
          <p className="xf-media__summary">{first.summary}</p>
          {more.length ? <VideoGrid videos={[first, ...more]} /> : null}
        </section>
      ) : null}
      {data.agent ? (
        <section className="card xf-sec">
          <h2 className="xf-sec__title">边看边问</h2>
          <AgentRow agent={data.agent} houseId={e.houseId} />
        </section>
      ) : null}
    </div>
  );
}
