import type { MediaData } from '../../src/contracts/page-data/xinfang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { LazyImage } from '../../src/ui/LazyImage.tsx';
import { AgentRow } from '../../src/ui/xinfang/AgentRow.tsx';
import { EstateItem } from '../../src/ui/xinfang/EstateItem.tsx';
import { XfHero } from '../../src/ui/xinfang/PageHead.tsx';

/** /xinfang/video/{id}.html and /xinfang/vr/{id}.html (an estate's video or VR tour); without an id, the estates that have one. */
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
  const photos = e.photos?.length ? e.photos : [e.img];
  return (
    <div className="xf-page">
      <div className={`xf-media xf-media--${data.kind}`}>
        <LazyImage className="xf-media__img" src={photos[0]} alt={`${e.name}${label}`} width={375} height={250} />
        <span className="xf-media__play" aria-hidden="true">
          {data.kind === 'vr' ? '360°' : '▶'}
        </span>
        <p className="xf-media__cap">
          {e.name} · {data.kind === 'vr' ? '全景沙盘与样板间' : '楼盘实景视频'}
        </p>
      </div>
      <XfHero
        title={`${e.name}${label}`}
        sub={`${e.regionName ?? ''} · ${e.price ? `均价${e.price}元/㎡` : '价格待定'}`}
        back={{ href: `/xinfang/${e.houseId}.html`, label: '楼盘详情' }}
      />
      {data.kind === 'vr' ? (
        <section className="card xf-sec">
          <h2 className="xf-sec__title">全景空间</h2>
          <ul className="xf-hxrow">
            {photos.map((p, i) => (
              <li key={p} className="xf-hxrow__item">
                <span className="xf-hx">
                  <span className="xf-hx__media">
                    <LazyImage className="xf-hx__img" src={p} alt={`${e.name}全景${i + 1}`} width={140} height={105} />
                  </span>
                  <span className="xf-hx__name">{['沙盘', '客厅', '主卧', '厨房', '园林', '大堂'][i % 6]}</span>
                </span>
              </li>
            ))}
          </ul>
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
