import type { ReactNode } from 'react';
import { AppLink } from '../AppLink.tsx';

/** The green heading band of the new-home sub-pages: title, a line under it, an optional link back to the estate. */
export function XfHero({
  title,
  sub,
  back,
  children,
}: {
  title: string;
  sub?: ReactNode;
  back?: { href: string; label: string };
  children?: ReactNode;
}) {
  return (
    <section className="xf-hero">
      {back ? (
        <AppLink href={back.href} className="xf-hero__back">
          ‹ {back.label}
        </AppLink>
      ) : null}
      <h1 className="xf-hero__title">{title}</h1>
      {sub ? <p className="xf-hero__sub">{sub}</p> : null}
      {children}
    </section>
  );
}
