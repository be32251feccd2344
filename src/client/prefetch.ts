import type { ClientRoutes } from './route-table.ts';

/**
 * A finger on a site link (or a mouse over it) starts loading the next screen's chunk, so the tap that follows only
 * waits for its data. Chunks only: data is fetched on the tap itself (it may depend on the moment). Failures are
 * ignored here; the navigation handles them.
 */
export function startPrefetch(routes: () => Promise<ClientRoutes | null>, load: (module: string) => Promise<unknown>): void {
  const seen = new Set<string>();
  const onIntent = (e: Event) => {
    const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!a || a.target || a.hasAttribute('download') || a.origin !== location.origin) return;
    const path = a.pathname;
    if (seen.has(path)) return;
    seen.add(path);
    void routes().then((r) => {
      const hit = r && !r.redirects(path) ? r.match(path) : null;
      if (hit) load(hit.module).catch(() => undefined);
    });
  };
  document.addEventListener('touchstart', onIntent, { passive: true, capture: true });
  document.addEventListener('mouseover', onIntent, { passive: true, capture: true });
}
