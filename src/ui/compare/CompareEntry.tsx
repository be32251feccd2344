import { useEffect, useState } from 'react';
import { COMPARE_CHANGE_EVENT, COMPARE_STORAGE_KEY } from '../../lib/compare-keys.ts';
import { isMember } from '../../stores/app-state.ts';
import { useAppState } from '../../stores/context.tsx';

import CompareDock from './CompareDock.tsx';

/** What a tap does is a chunk of its own, fetched at the first tap. */
const store = () => import('../../client/compare/store.ts');

const hasList = (): boolean => {
  try {
    return Boolean(window.localStorage.getItem(COMPARE_STORAGE_KEY));
  } catch {
    return false;
  }
};

/**
 * Mounted by CompareSlot once the page is hydrated, in a chunk of its own (issue 35 part 4: every page's first
 * JavaScript stays small; issue 37 part 4): the one listener of every 加入对比 button (`data-compare="kind:id"`, the detail bars'
 * and the list cards'; without JavaScript those post their form to /-/compare/add), a member's list joined with the
 * browser's on the first page of a session, and the floating 对比(n) entry once the browser has a list (never over
 * /duibi itself). Renders nothing on the server, so cached pages are the same for everyone.
 */
export default function CompareEntry() {
  const { user, route } = useAppState();
  const memberKey = isMember(user) ? user.uid || user.userId : '';
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const check = () => setShown(hasList());
    check();
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
    window.addEventListener(COMPARE_CHANGE_EVENT, check);
    document.addEventListener('click', onClick);
    if (memberKey) void store().then((m) => m.syncMember(memberKey));
    return () => {
      window.removeEventListener(COMPARE_CHANGE_EVENT, check);
      document.removeEventListener('click', onClick);
    };
  }, [memberKey]);
  if (!shown || /^\/duibi(\/|$)/i.test(route.path)) return null;
  return <CompareDock />;
}
