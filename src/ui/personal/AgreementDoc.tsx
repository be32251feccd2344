import { useAppState } from '../../stores/context.tsx';
import { AppLink } from '../AppLink.tsx';
import { agreementBySlug } from '../xieyi-content.ts';

const withBrand = (text: string, brand: string) => text.replaceAll('{brand}', brand);

/**
 * One of the agreement texts of /xieyi/* (src/ui/xieyi-content.ts) inside the personal centre, so a member reads the
 * same words the agreement pages show.
 */
export function AgreementDoc({ slug }: { slug: string }) {
  const { site } = useAppState();
  const doc = agreementBySlug(slug);
  if (!doc) return null;
  const brand = site.brand;
  return (
    <article className="doc" data-testid="agreement">
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
      {doc.sections.map((s) => (
        <section key={s.heading} className="doc__section">
          <h2 className="doc__h2">{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p}>{withBrand(p, brand)}</p>
          ))}
        </section>
      ))}
      <p className="pc-form__back">
        <AppLink href={`/xieyi/${doc.slug}`}>在协议页打开</AppLink>　<AppLink href="/personalcenter">返回个人中心</AppLink>
      </p>
    </article>
  );
}
