import type { HotGroup } from '../../contracts/page-data/search.ts';
import { searchHref } from '../../lib/search-groups.ts';
import { AppLink } from '../AppLink.tsx';

/** Hot searches per kind (api/search/hotcommont), each keyword a search. */
export function HotSearches({ groups }: { groups: HotGroup[] }) {
  if (!groups.length) return null;
  return (
    <div className="srch-hot" data-testid="hot-searches">
      {groups.map((g) => (
        <section key={g.type} className="srch-panel">
          <h2 className="srch-panel__head">{g.label}</h2>
          <p className="srch-chips">
            {g.keywords.map((k, i) => (
              <AppLink key={k} href={searchHref(k)} className={`srch-chip${i < 3 && g.type === 5 ? ' is-hot' : ''}`}>
                {k}
              </AppLink>
            ))}
          </p>
        </section>
      ))}
    </div>
  );
}
