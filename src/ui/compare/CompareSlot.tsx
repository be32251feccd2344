import { lazy, Suspense, useEffect, useState } from 'react';

const CompareEntry = lazy(() => import('./CompareEntry.tsx'));

/**
 * The layout's place for comparing homes (issue 37 part 4): nothing on the server nor at hydration; right after,
 * CompareEntry's chunk (the 加入对比 listener, the login join, the floating 对比(n) entry). A tap before it is in works
 * as the plain form it is.
 */
export function CompareSlot() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? (
    <Suspense fallback={null}>
      <CompareEntry />
    </Suspense>
  ) : null;
}
