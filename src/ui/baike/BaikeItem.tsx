import type { BaikeItem as Entry } from '../../contracts/gateway/info.ts';
import { baikeHref } from '../../lib/baike.ts';
import { AppLink } from '../AppLink.tsx';

/** One knowledge entry in a list: stage, title, summary, reads. */
export function BaikeItem({ entry }: { entry: Entry }) {
  return (
    <li className="bk-item">
      <AppLink href={baikeHref(entry.id)}>
        <b className="bk-item__title">{entry.title}</b>
        <span className="bk-item__sum">{entry.summary}</span>
        <small>
          <span className="bk-tag">{entry.category}</span>
          {entry.viewNum.toLocaleString('en-US')}人读过
        </small>
      </AppLink>
    </li>
  );
}
