import { useEffect, useState } from 'react';
import {
  COMPARE_CHANGE_EVENT,
  COMPARE_STORAGE_KEY,
  type CompareList,
  compareHref,
  compareListOf,
  EMPTY_COMPARE,
} from '../../lib/compare.ts';
import { AppLink } from '../AppLink.tsx';

function stored(): CompareList {
  try {
    return compareListOf(JSON.parse(window.localStorage.getItem(COMPARE_STORAGE_KEY) ?? 'null'));
  } catch {
    return EMPTY_COMPARE;
  }
}

/** The floating 对比(n) entry (issue 37 part 4): its own chunk, loaded by CompareEntry once the browser has a list. */
export default function CompareDock() {
  const [list, setList] = useState<CompareList>(EMPTY_COMPARE);
  useEffect(() => {
    const read = () => setList(stored());
    read();
    window.addEventListener(COMPARE_CHANGE_EVENT, read);
    window.addEventListener('storage', read);
    return () => {
      window.removeEventListener(COMPARE_CHANGE_EVENT, read);
      window.removeEventListener('storage', read);
    };
  }, []);
  if (!list.kind || !list.ids.length) return null;
  return (
    <AppLink className="cmp-dock" href={compareHref(list)} data-testid="compare-dock" aria-label={`对比${list.ids.length}套房源`}>
      对比<b>{list.ids.length}</b>
    </AppLink>
  );
}
