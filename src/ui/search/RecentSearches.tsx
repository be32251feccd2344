import { useEffect, useState } from 'react';
import { searchHref } from '../../lib/search-groups.ts';
import { AppLink } from '../AppLink.tsx';
import { clearRecent, type RecentSearch, readRecent } from './storage.ts';

/** The visitor's recent searches (local storage), each a link again, and 清空. Renders nothing until read in the browser. */
export function RecentSearches({ initial, onClear }: { initial?: RecentSearch[]; onClear?: () => void }) {
  const [list, setList] = useState<RecentSearch[]>(initial ?? []);
  useEffect(() => {
    if (!initial) setList(readRecent());
  }, [initial]);
  if (!list.length) return null;
  return (
    <section className="srch-panel" data-testid="recent-searches">
      <h2 className="srch-panel__head">
        最近搜索
        <button
          type="button"
          className="srch-panel__clear"
          onClick={() => {
            clearRecent();
            setList([]);
            onClear?.();
          }}
        >
          清空
        </button>
      </h2>
      <p className="srch-chips">
        {list.map((r) => (
          <AppLink key={r.q} href={r.url ?? searchHref(r.q)} className="srch-chip">
            {r.q}
          </AppLink>
        ))}
      </p>
    </section>
  );
}
