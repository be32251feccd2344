import type { BaikeDetailData } from '../../src/contracts/page-data/baike.ts';
import { baikeHref, baikeListHref } from '../../src/lib/baike.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { BaikeBlocks } from '../../src/ui/baike/BaikeBlocks.tsx';

/** /baike/{id}.html: one knowledge entry, the glossary terms it uses and more of its stage. */
export default function BaikeDetailPage({ data: { entry, terms } }: PageProps<BaikeDetailData>) {
  return (
    <div className="bk-page">
      <article className="card bk-article">
        <nav className="bk-crumbs" aria-label="位置">
          <AppLink href="/baike/">百科</AppLink> › <AppLink href={baikeListHref(entry.category)}>{entry.category}</AppLink>
        </nav>
        <h1 className="bk-article__title">{entry.title}</h1>
        <p className="bk-article__meta">
          <span className="bk-tag">{entry.category}</span>
          {entry.viewNum.toLocaleString('en-US')}人读过 · {entry.createdAt.slice(0, 10)}
        </p>
        <BaikeBlocks blocks={entry.blocks} />
      </article>
      {terms.length ? (
        <section className="card bk-sec">
          <h2 className="bk-sec__title">本文相关名词</h2>
          <dl className="bk-terms">
            {terms.map((t) => (
              <div key={t.id}>
                <dt>{t.baikeId && t.baikeId !== entry.id ? <AppLink href={baikeHref(t.baikeId)}>{t.term}</AppLink> : t.term}</dt>
                <dd>{t.definition}</dd>
              </div>
            ))}
          </dl>
          <AppLink href="/zidian" className="bk-more">
            查看房产词典 ›
          </AppLink>
        </section>
      ) : null}
      {entry.related.length ? (
        <section className="card bk-sec">
          <h2 className="bk-sec__title">{entry.category}相关知识</h2>
          <ul className="bk-links">
            {entry.related.map((r) => (
              <li key={r.id}>
                <AppLink href={baikeHref(r.id)}>{r.title}</AppLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="card bk-ask">
        <p>还有疑问？向经纪人和网友提问</p>
        <AppLink href="/wenda/tiwen" className="btn btn--sm">
          我要提问
        </AppLink>
      </section>
    </div>
  );
}
