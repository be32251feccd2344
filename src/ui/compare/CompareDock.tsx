import { useEffect, useState } from 'react';
import {
  COMPARE_CHANGE_EVENT,
  COMPARE_STORAGE_KEY,
  type CompareList,
  compareHref,
  compareListOf,
  EMPTY_COMPARE,
} from '../../lib/compare.ts';
import { isMember } from '../../stores/app-state.ts';
import { useAppState } from '../../stores/context.tsx';
import { AppLink } from '../AppLink.tsx';

/** What a tap does is in its own chunk, fetched at the first tap (issue 35 part 4's budget: the list page's first JS). */
const store = () => import('../../client/compare/store.ts');

function stored(): CompareList {
  try {
    return compareListOf(JSON.parse(window.localStorage.getItem(COMPARE_STORAGE_KEY) ?? 'null'));
  } catch {
    return EMPTY_COMPARE;
  }
}

/**
 * The floating 对比(n) entry (issue 37 part 4), and the one listener of every 加入对比 button (`data-compare="kind:id"`:
 * the detail bars' and the list cards'). Without JavaScript those buttons post their form (/-/compare/add); with it
 * the tap is taken here and the list kept in the browser (and, for a member, on the gateway). Renders nothing on the
 * server and until the browser has a list, so cached pages are the same for everyone.
 */
export function CompareDock() {
  const { user, route } = useAppState();
  const member = isMember(user);
  const memberKey = member ? user.uid || user.userId : '';
  const [list, setList] = useState<CompareList>(EMPTY_COMPARE);
  useEffect(() => {
    const read = () => setList(stored());
    read();
    const onClick = (e: MouseEvent) => {
      const el = (e.target as Element | null)?.closest?.('[data-compare]');
      if (!el) return;
      e.preventDefault();
      const value = el.getAttribute('data-compare');
      void store().then((m) => {
        const item = m.itemOf(value);
        if (item) return m.addItem(item.kind, item.id, memberKey !== '');
      });
    };
    window.addEventListener(COMPARE_CHANGE_EVENT, read);
    window.addEventListener('storage', read);
    document.addEventListener('click', onClick);
    if (memberKey) void store().then((m) => m.syncMember(memberKey));
    return () => {
      window.removeEventListener(COMPARE_CHANGE_EVENT, read);
      window.removeEventListener('storage', read);
      document.removeEventListener('click', onClick);
    };
  }, [memberKey]);
  // not over the comparison itself
  if (!list.kind || !list.ids.length || /^\/duibi(\/|$)/i.test(route.path)) return null;
  return (
    <AppLink className="cmp-dock" href={compareHref(list)} data-testid="compare-dock" aria-label={`对比${list.ids.length}套房源`}>
      对比<b>{list.ids.length}</b>
    </AppLink>
  );
}
