import type { ReactNode } from 'react';
import { AppLink } from '../AppLink.tsx';

/** One piece of an estate's news as a timeline entry linking to its page (the estate's detail and /dongtai/). */
export function dongtaiEntry(
  d: { DTid: number; kind: string; title: string; content: string },
  when: string,
): { key: number; when: string; text: ReactNode } {
  return {
    key: d.DTid,
    when,
    text: (
      <AppLink href={`/dongtai/${d.DTid}.html`} className="xf-dtl">
        <span className="xf-dtl__kind">{d.kind}</span>
        <b className="xf-dtl__title">{d.title}</b>
        <span className="xf-dtl__text">{d.content}</span>
      </AppLink>
    ),
  };
}
