import type { WendaDetailData } from '../../src/contracts/page-data/wenda.ts';
import { huidaHref, wendaHref, wendaListHref } from '../../src/lib/wenda.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { AnswerItem } from '../../src/ui/wenda/AnswerItem.tsx';

/** /wenda/{id}.html: the question, its answers (most liked first, agents with their badge), the way to answer. */
export default function WendaDetailPage({ data: { question: q, related, liked } }: PageProps<WendaDetailData>) {
  const here = wendaHref(q.id);
  return (
    <div className="wd-page">
      <article className="card wd-question">
        <nav className="bk-crumbs" aria-label="位置">
          <AppLink href="/wenda/">问答</AppLink> ›{' '}
          <AppLink href={wendaListHref({ category: q.category, sort: 'newest', page: 1 })}>{q.category}</AppLink>
        </nav>
        <h1 className="wd-question__title">{q.title}</h1>
        {q.content && q.content !== q.title ? <p className="wd-question__text">{q.content}</p> : null}
        <p className="wd-question__meta">
          {q.nickName} · {q.createdAt.slice(0, 10)} · {q.viewNum}次浏览
        </p>
        <AppLink href={huidaHref(q.id)} className="btn wd-question__answer">
          我来回答
        </AppLink>
      </article>
      <section className="card wd-answers">
        <h2 className="bk-sec__title" data-testid="answer-count">
          {q.answers.length}个回答
        </h2>
        {q.answers.length ? (
          <ul>
            {q.answers.map((a, i) => (
              <AnswerItem key={a.id} a={a} wendaId={q.id} back={here} liked={liked.includes(a.id)} best={i === 0 && a.likes > 0} />
            ))}
          </ul>
        ) : (
          <p className="dt-empty">还没有人回答，快来帮TA解答吧</p>
        )}
      </section>
      {related.length ? (
        <section className="card bk-sec">
          <h2 className="bk-sec__title">相关问题</h2>
          <ul className="bk-links">
            {related.map((r) => (
              <li key={r.id}>
                <AppLink href={wendaHref(r.id)}>{r.title}</AppLink>
                <small>{r.answerCount}个回答</small>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
