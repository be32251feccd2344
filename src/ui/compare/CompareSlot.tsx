import { type ComponentType, useEffect, useState } from 'react';

/**
 * The layout's place for comparing homes (issue 37 part 4): nothing on the server nor at hydration; right after,
 * CompareEntry's chunk (the 加入对比 listener, the login join, the floating 对比(n) entry). A tap before it is in works
 * as the plain form it is.
 */
export function CompareSlot() {
  const [Entry, setEntry] = useState<ComponentType | null>(null);
  useEffect(() => void import('./CompareEntry.tsx').then((m) => setEntry(() => m.default)), []);
  return Entry ? <Entry /> : null;
}
