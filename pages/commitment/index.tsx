import type { CommitmentData } from '../../src/contracts/page-data/broker.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';

/** /commitment: the company's service commitments; /commitment/{id}: one of them with its terms. */
export default function CommitmentPage({ data }: PageProps<CommitmentData>) {
  const c = data.current;
  return (
    <div className="bk-page">
      {c ? (
        <section className="card bk-sec cm-detail" data-testid="commitment">
          <h1 className="cm-detail__title">{c.title}</h1>
          <p className="cm-detail__sub">{c.subtitle}</p>
          <p className="cm-detail__summary">{c.summary}</p>
          <h2 className="bk-sec__title">承诺条款</h2>
          <ol className="cm-terms">
            {c.terms.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ol>
        </section>
      ) : (
        <section className="card bk-sec cm-hero">
          <h1 className="cm-detail__title">服务承诺</h1>
          <p className="cm-detail__sub">放心交易，全程保障</p>
        </section>
      )}
      <section className="card bk-sec">
        <h2 className="bk-sec__title">{c ? '更多服务承诺' : '我们的承诺'}</h2>
        <ul className="cm-list">
          {data.commitments
            .filter((x) => x.id !== c?.id)
            .map((x) => (
              <li key={x.id}>
                <AppLink href={`/commitment/${x.id}`} data-testid="commitment-link">
                  <b>{x.title}</b>
                  <span>{x.subtitle}</span>
                </AppLink>
              </li>
            ))}
        </ul>
      </section>
    </div>
  );
}
