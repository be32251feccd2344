import type { CreditsData } from '../src/contracts/page-data/kaiyuan.ts';
import type { PageProps } from '../src/render/page-props.ts';
import { useAppState } from '../src/stores/context.tsx';

/** /kaiyuan (issue 34): 开源许可与数据来源, the one page for licences and data credits, linked from every footer. */
export default function KaiyuanPage({ data }: PageProps<CreditsData>) {
  const { site } = useAppState();
  return (
    <article className="doc" data-testid="credits">
      <h1 className="doc__title">开源许可与数据来源</h1>
      <p className="doc__intro">
        {site.brand}
        的网页使用了下列开源软件与数据。感谢它们的作者；各项按所列许可使用，许可全文见各项目的发布地址。
      </p>
      {data.groups.map((g) => (
        <section key={g.id} className="doc__section" aria-labelledby={`credits-${g.id}`}>
          <h2 className="doc__h2" id={`credits-${g.id}`}>
            {g.title}
          </h2>
          <p className="credits__note">{g.note}</p>
          <ul className="credits">
            {g.items.map((c) => (
              <li key={c.name} className="credits__item">
                <p className="credits__head">
                  <b className="credits__name">{c.name}</b>
                  <span className="credits__licence">{c.licence}</span>
                </p>
                <p className="credits__use">{c.use}</p>
                {c.source ? <p className="credits__source">{c.source}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  );
}
