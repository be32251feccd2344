import '../ui/styles.css';
import { hydrateRoot } from 'react-dom/client';
import { proxy } from 'valtio';
import { APP_ROOT_ID, STATE_SCRIPT_ID } from '../render/document.ts';
import type { AppState } from '../stores/app-state.ts';
import { createStores } from '../stores/context.tsx';
import { loadState, saveState } from '../stores/persistence.ts';
import { announceScreen } from './announce.ts';
import { applyHead, applyScroll, browserDeps } from './browser.ts';
import { ClientRoot } from './ClientRoot.tsx';
import { createNavigation } from './navigation.ts';
import { hasPageModule, loadPage } from './pages.ts';
import { startPrefetch } from './prefetch.ts';
import { startProgressBar } from './progress.ts';
import { getRoutes, preloadRoutes } from './routes.ts';
import { createTracker } from './tracking.ts';

const storage = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

/**
 * Browser entry: seed the stores from exactly the server's snapshot, load the screen's chunk, hydrate; from then on
 * links navigate client-side (navigation.ts), state is persisted on pagehide, pages are tracked.
 */
async function start(): Promise<void> {
  const el = document.getElementById(STATE_SCRIPT_ID);
  const root = document.getElementById(APP_ROOT_ID);
  if (!el || !root) return;
  const snapshot = JSON.parse(el.textContent || '{}') as AppState;
  const state = proxy(snapshot);
  const stores = createStores();
  const restored = loadState(storage());
  const tracker = createTracker();
  tracker.checkQuery(location.search, snapshot.route.page, location.href);

  try {
    await loadPage(snapshot.route.module);
  } catch {
    // The first screen's chunk failed: the server's HTML stays as it is (no reload loop); a later visit retries.
    return;
  }

  let pendingScroll: { scroll: number | null; hash: string } | null = null;
  const navigation = createNavigation({
    ...browserDeps(state, stores.fetch, hasPageModule, loadPage),
    checkQuery: (search, page, href) => tracker.checkQuery(search, page, href),
    // A swapped screen scrolls once it is in the DOM (onScreen); an anchor on the same screen scrolls now.
    committed: (info) => {
      // From the first client navigation on, scroll positions are ours to restore (back/forward); a reload of the
      // page as loaded keeps the browser's own restoration.
      if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
      if (info.swapped) pendingScroll = info;
      else applyScroll(info);
    },
  });
  let first = true;
  hydrateRoot(
    root,
    <ClientRoot
      state={state}
      stores={stores}
      navigation={navigation}
      onHydrated={() => stores.pages.restore(restored)}
      onScreen={() => {
        // The first screen's head is the server's own.
        if (!first) {
          applyHead(state.route.head);
          announceScreen(state.route.head.title);
        }
        if (pendingScroll) {
          applyScroll(pendingScroll);
          pendingScroll = null;
        }
        tracker.route(state.route, location.href);
        if (first) {
          first = false;
          tracker.agentRequest();
        }
      }}
    />,
  );
  startProgressBar(stores.fetch);
  window.addEventListener('popstate', () => void navigation.pop());
  const save = () => saveState(storage(), stores.pages.persistable());
  window.addEventListener('pagehide', () => {
    save();
    tracker.leave();
    // A reload or a return from the back/forward cache restores the scroll position itself.
    if ('scrollRestoration' in history) history.scrollRestoration = 'auto';
  });
  // Mobile browsers may discard a hidden tab without a pagehide: save when the page is hidden too.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') save();
  });
  window.addEventListener('pageshow', (e) => {
    if (!e.persisted) return;
    tracker.resume(state.route, location.href);
    // Back from the back/forward cache after client navigations: scroll positions are ours again.
    if ('scrollRestoration' in history && typeof (history.state as { scroll?: unknown } | null)?.scroll === 'number')
      history.scrollRestoration = 'manual';
  });
  preloadRoutes();
  startPrefetch(getRoutes, loadPage);
}

void start();
