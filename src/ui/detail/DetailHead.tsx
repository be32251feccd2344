import type { ReactNode } from 'react';
import { Tags } from '../Tags.tsx';

/** The head of a detail page: an optional line above the title (kind, place), the title and the listing's tags. */
export function DetailHead({ title, tags, children }: { title: string; tags: readonly string[]; children?: ReactNode }) {
  return (
    <header className="dt-head">
      {children}
      <h1 className="dt-head__title">{title}</h1>
      <Tags tags={tags} className="dt-head__tags" />
    </header>
  );
}
