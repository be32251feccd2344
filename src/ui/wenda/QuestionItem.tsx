import type { WendaItem } from '../../contracts/gateway/info.ts';
import { wendaHref } from '../../lib/wenda.ts';
import { AppLink } from '../AppLink.tsx';

/** One question in a list: title, the best answer's first lines, its answer count, category and date. */
export function QuestionItem({ q }: { q: WendaItem }) {
  return (
    <li className="wd-item">
      <AppLink href={wendaHref(q.id)}>
        <span className="wd-item__q" aria-hidden="true">
          问
        </span>
        <span className="wd-item__body">
          <b className="wd-item__title">{q.title}</b>
          {q.bestAnswer ? <span className="wd-item__a">{q.bestAnswer}</span> : <span className="wd-item__wait">等待您来回答</span>}
          <small>
            <span className="bk-tag">{q.category}</span>
            {q.answerCount}个回答 · {q.viewNum}次浏览 · {q.createdAt.slice(0, 10)}
          </small>
        </span>
      </AppLink>
    </li>
  );
}
