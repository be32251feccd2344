import type { SearchGroupView } from '../../contracts/page-data/search.ts';
import { AppLink } from '../AppLink.tsx';
import { ChevronRight } from '../icons.tsx';

/**
 * Search results grouped by kind: each group's name and count, its first items and 查看全部 into the kind's list with the
 * keyword applied. `compact` is the suggestion list under a search box.
 */
export function SearchGroups({
  groups,
  compact = false,
  onPick,
}: {
  groups: SearchGroupView[];
  compact?: boolean;
  onPick?: (title: string, url: string) => void;
}) {
  return (
    <div className={`srch-groups${compact ? ' srch-groups--compact' : ''}`}>
      {groups.map((g) => (
        <section key={g.kind} className="srch-group" data-kind={g.kind}>
          <h2 className="srch-group__head">
            <span className="srch-group__label">{g.label}</span>
            <span className="srch-group__count">{g.total}个</span>
            {g.more && !compact ? (
              <AppLink href={g.more} className="srch-group__more">
                查看全部
                <ChevronRight size={14} />
              </AppLink>
            ) : null}
          </h2>
          <ul className="srch-group__list">
            {g.items.map((it) => (
              <li key={it.url}>
                <AppLink href={it.url} className="srch-item" onClick={onPick ? () => onPick(it.title, it.url) : undefined}>
                  <span className="srch-item__title">{it.title}</span>
                  {it.price ? <span className="srch-item__price">{it.price}</span> : null}
                  <span className="srch-item__sub">{it.subtitle}</span>
                </AppLink>
              </li>
            ))}
          </ul>
          {g.more && compact && g.total > g.items.length ? (
            <AppLink href={g.more} className="srch-group__all">
              查看全部{g.total}个{g.label}
            </AppLink>
          ) : null}
        </section>
      ))}
    </div>
  );
}
