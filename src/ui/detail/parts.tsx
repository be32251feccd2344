import type { ReactNode } from 'react';
import { AppLink } from '../AppLink.tsx';

/** One labelled value of the key facts grid. */
export interface Fact {
  label: string;
  value: ReactNode;
}

/** The headline prices (3 big numbers, Beike style) and the facts grid below them. */
export function KeyFacts({ headline, facts }: { headline: Fact[]; facts: Fact[] }) {
  return (
    <section className="dt-facts">
      <div className="dt-facts__head">
        {headline.map((f) => (
          <div key={f.label} className="dt-facts__big">
            <strong>{f.value}</strong>
            <span>{f.label}</span>
          </div>
        ))}
      </div>
      <dl className="dt-facts__grid">
        {facts
          .filter((f) => f.value !== '' && f.value !== null && f.value !== undefined)
          .map((f) => (
            <div key={f.label} className="dt-facts__item">
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

/** A titled white block of the detail page. */
export function DetailBlock({
  title,
  more,
  children,
  id,
}: {
  title: string;
  more?: { href: string; label: string };
  children: ReactNode;
  id?: string;
}) {
  return (
    <section className="dt-block" id={id}>
      <div className="dt-block__head">
        <h2 className="dt-block__title">{title}</h2>
        {more ? (
          <AppLink className="dt-block__more" href={more.href}>
            {more.label}
          </AppLink>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** The description: paragraphs split on blank lines or 。-runs longer than the screen stay one paragraph. */
export function Description({
  title = '房源描述',
  text,
  extra,
}: {
  title?: string;
  text: string | null | undefined;
  extra?: Array<{ label: string; text: string }>;
}) {
  if (!text && !extra?.length) return null;
  return (
    <DetailBlock title={title}>
      {text
        ?.split(/\n+/)
        .filter(Boolean)
        .map((p) => (
          <p key={p} className="dt-desc">
            {p}
          </p>
        ))}
      {extra?.map((e) => (
        <div key={e.label} className="dt-desc__extra">
          <h3>{e.label}</h3>
          <p className="dt-desc">{e.text}</p>
        </div>
      ))}
    </DetailBlock>
  );
}
