import type { ClassifyData } from '../../src/contracts/page-data/xinfang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { XfHero } from '../../src/ui/xinfang/PageHead.tsx';

/** /xinfang/houseClassifyData: estates by SPEC 9 property type, and by feature. */
export default function XinfangClassifyPage({ data }: PageProps<ClassifyData>) {
  const { city } = useAppState();
  return (
    <div className="xf-page">
      <XfHero title={`${city.selectCityName}楼盘分类`} sub="按物业类型与楼盘特色找新房" />
      <section className="card xf-sec">
        <h2 className="xf-sec__title">物业类型</h2>
        <ul className="xf-types" data-testid="xf-types">
          {data.types.map((t) => (
            <li key={t.code}>
              <AppLink href={t.href} className="xf-type">
                <span className="xf-type__name">{t.name}</span>
                <span className="xf-type__n">{t.count}个楼盘</span>
                {t.sample[0] ? <span className="xf-type__eg">如 {t.sample.map((s) => s.name).join('、')}</span> : null}
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
      {data.tags.length ? (
        <section className="card xf-sec">
          <h2 className="xf-sec__title">楼盘特色</h2>
          <p className="xf-hxstats">
            {data.tags.map((t) => (
              <span key={t.id} className="xf-chip">
                {t.name}({t.count})
              </span>
            ))}
          </p>
        </section>
      ) : null}
    </div>
  );
}
