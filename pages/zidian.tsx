import type { ZidianData } from '../src/contracts/page-data/baike.ts';
import { baikeHref } from '../src/lib/baike.ts';
import type { PageProps } from '../src/render/page-props.ts';
import { AppLink } from '../src/ui/AppLink.tsx';

/** /zidian: the glossary of real-estate terms, A–Z, each with a short definition and a link to its knowledge entry. */
export default function ZidianPage({ data }: PageProps<ZidianData>) {
  return (
    <div className="bk-page">
      <header className="bk-hero">
        <h1>房产词典</h1>
        <p>{data.total}个常用房产名词，一句话读懂</p>
        <AppLink href="/baike/" className="bk-hero__link">
          房产百科 ›
        </AppLink>
      </header>
      <nav className="zd-letters" aria-label="首字母">
        {data.groups.map((g) => (
          <a key={g.letter} href={`#zd-${g.letter}`}>
            {g.letter}
          </a>
        ))}
      </nav>
      {data.groups.map((g) => (
        <section key={g.letter} className="card zd-group" id={`zd-${g.letter}`}>
          <h2 className="zd-group__letter">{g.letter}</h2>
          <dl className="bk-terms">
            {g.terms.map((t) => (
              <div key={t.id}>
                <dt>{t.baikeId ? <AppLink href={baikeHref(t.baikeId)}>{t.term}</AppLink> : t.term}</dt>
                <dd>{t.definition}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
