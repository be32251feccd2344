import type { VrCard } from '../../contracts/page-data/media.ts';
import { AppLink } from '../AppLink.tsx';
import { LazyImage } from '../LazyImage.tsx';
import { groupDigits } from '../paths.ts';

/** VR tours as covers (issue 19): each opens its tour (an estate's on its new-home VR page). */
export function VrList({ list }: { list: VrCard[] }) {
  return (
    <ul className="vr-list">
      {list.map((v, i) => (
        <li key={v.vrId}>
          <AppLink href={v.href} className="vr-list__item" data-vr-id={v.vrId}>
            <span className="vr-list__media">
              <LazyImage className="vr-list__img" src={v.cover} alt={v.title} width={343} height={172} eager={i === 0} />
              <span className="vr-list__mark" aria-hidden="true">
                720°
              </span>
            </span>
            <span className="vr-list__title">{v.title}</span>
            <span className="vr-list__meta">
              {v.roomNames.join(' · ')} · {groupDigits(v.viewNum)}人看过
            </span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
