import type { PageProps } from '../src/render/page-props.ts';
import { useAppState } from '../src/stores/context.tsx';
import { AppLink } from '../src/ui/AppLink.tsx';
import { ChevronRight } from '../src/ui/icons.tsx';
import { AGREEMENTS, agreementBySlug } from '../src/ui/xieyi-content.ts';

const withBrand = (text: string, brand: string) => text.replaceAll('{brand}', brand);

/** The agreement pages (SPEC 2.2, /xieyi/*): the document is chosen by the last path segment. */
export default function XieyiPage(_props: PageProps<unknown>) {
  const { route, site } = useAppState();
  const slug = route.path.split('/').filter(Boolean).pop() ?? '';
  const doc = agreementBySlug(slug);
  const brand = site.brand;

  if (!doc) {
    return (
      <div className="doc">
        <h1 className="doc__title">协议与声明</h1>
        <ul className="doc__index card">
          {AGREEMENTS.map((a) => (
            <li key={a.slug}>
              <AppLink href={`/xieyi/${a.slug}`} className="doc__index-link">
                <span>
                  《{brand}
                  {a.title}》
                </span>
                <ChevronRight size={16} />
              </AppLink>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <article className="doc">
      <h1 className="doc__title">
        {brand}
        {doc.title}
      </h1>
      <p className="doc__meta">
        更新日期：{doc.updated}　生效日期：{doc.effective}
      </p>
      <div className="doc__intro">
        {doc.intro.map((p) => (
          <p key={p}>{withBrand(p, brand)}</p>
        ))}
      </div>
      <nav className="doc__toc card" aria-label="目录">
        <p className="doc__toc-title">目录</p>
        <ol>
          {doc.sections.map((s, i) => (
            <li key={s.heading}>
              <a href={`#s${i + 1}`}>{s.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {doc.sections.map((s, i) => (
        <section key={s.heading} id={`s${i + 1}`} className="doc__section">
          <h2 className="doc__h2">{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p}>{withBrand(p, brand)}</p>
          ))}
        </section>
      ))}
      <nav className="doc__others" aria-label="其他协议">
        <p className="doc__toc-title">相关协议</p>
        <ul>
          {AGREEMENTS.filter((a) => a.slug !== doc.slug).map((a) => (
            <li key={a.slug}>
              <AppLink href={`/xieyi/${a.slug}`}>
                《{brand}
                {a.title}》
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
