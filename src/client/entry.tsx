import '../ui/styles.css';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { proxy } from 'valtio';
import { memberKey } from '../lib/member-key.ts';
import { APP_ROOT_ID, STATE_SCRIPT_ID } from '../render/dom-ids.ts';
import type { AppState } from '../stores/app-state.ts';
import { createStores } from '../stores/context.tsx';
import { loadState, saveState } from '../stores/persistence.ts';
import { loadParts } from '../ui/lazy-part.tsx';
import { ClientRoot } from './ClientRoot.tsx';
import type { Navigation } from './navigation.ts';
import { loadPage } from './pages.ts';
import type { Runtime } from './runtime.ts';
import type { Tracker } from './tracking.ts';

const storage = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

/** The server leaves the first screen's JSON-LD out of the state; it is in the head already. */
function jsonLdInHead(): unknown[] {
  return [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((el) => JSON.parse(el.textContent || 'null'));
}

/**
 * Browser entry: seed the stores from exactly the server's snapshot, load the screen's chunk, hydrate; from then on
 * links navigate client-side (navigation.ts), state is persisted on pagehide, pages are tracked.
 */
/** The service worker's page side (issue 37 part 5): its own chunk, out of the JavaScript before interactive. */
const offline = () => import('./offline.ts');

async function start(): Promise<void> {
  const el = document.getElementById(STATE_SCRIPT_ID);
  const root = document.getElementById(APP_ROOT_ID);
  if (!el || !root) return;
  const snapshot = JSON.parse(el.textContent || '{}') as AppState;
  snapshot.route.head.jsonLd = jsonLdInHead();
  const initialUrl = location.pathname + location.search;
  const state = proxy(snapshot);
  const stores = createStores();
  const restored = loadState(storage());
  // Page tracking (SPEC 4, 5) is its own chunk, fetched alongside the screen's and never waited for: a call made
  // before it arrived runs when it does, in order (issue 20: not in the JavaScript before the page is interactive).
  let tracker: Tracker | null = null;
  const trackerLoad = import('./tracking.ts').then(
    (m) => (tracker = m.createTracker()),
    () => null,
  );
  const track = (call: (t: Tracker) => void) => {
    if (tracker) call(tracker);
    else void trackerLoad.then((t) => t && call(t));
  };
  const { search: firstSearch, href: firstHref } = location;
  track((t) => t.checkQuery(firstSearch, snapshot.route.page, firstHref));

  try {
    await loadPage(snapshot.route.module, el.dataset.page);
  } catch {
    // The first screen's chunk failed: the server's HTML stays as it is (no reload loop); a later visit retries.
    return;
  }

  let pendingScroll: { scroll: number | null; hash: string } | null = null;
  // The navigation runtime is its own chunk, loaded right after hydration; a tap before it arrived waits for it.
  let runtime: Runtime | null = null;
  let runtimeLoad: Promise<Runtime> | null = null;
  const loadRuntime = (): Promise<Runtime> => {
    runtimeLoad ??= import('./runtime.ts').then((m) => {
      runtime = m.startRuntime({
        state,
        fetchStates: stores.fetch,
        // A screen shown by a client navigation comes with its lazy parts (and the others known by then): nothing of it
        // waits for a chunk once it is shown. The first screen's parts load on view or on tap instead.
        loadPage: (key) => loadPage(key).then((page) => loadParts().then(() => page)),
        initialUrl,
        checkQuery: (search, page, href) => track((t) => t.checkQuery(search, page, href)),
        // A swapped screen scrolls once it is in the DOM (onScreen); an anchor on the same screen scrolls now.
        committed: (info) => {
          // From the first client navigation on, scroll positions are ours to restore (back/forward); a reload of
          // the page as loaded keeps the browser's own restoration.
          if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
          if (info.swapped) pendingScroll = info;
          else runtime?.applyScroll(info);
        },
      });
      return runtime;
    });
    runtimeLoad.catch(() => {
      runtimeLoad = null;
    });
    return runtimeLoad;
  };
  const navigation: Navigation = {
    navigate: (to, opts) =>
      loadRuntime().then(
        (r) => r.navigation.navigate(to, opts),
        // The runtime chunk itself failed: the browser does the navigation (SPEC 8).
        () => location.assign(to),
      ),
    pop: () =>
      loadRuntime().then(
        (r) => r.navigation.pop(),
        () => location.reload(),
      ),
  };
  // SPEC 4 forced logout: a member's browser keeps the member socket open (its own chunk, never loaded for visitors);
  // it follows the login state as screens change (signed out, signed in as someone else).
  let memberSession: { key: string; started: Promise<{ stop(): void } | null> } | null = null;
  const syncMemberSession = () => {
    const key = memberKey(state.user);
    if ((memberSession?.key ?? '') === key) return;
    void memberSession?.started.then((s) => s?.stop());
    memberSession = key
      ? {
          key,
          started: import('./member-session.ts').then(
            (m) =>
              m.startMemberSession({
                state,
                navigate: (to) => navigation.navigate(to),
                tracker: { logout: (url) => track((t) => t.logout(url)) },
              }),
            () => null,
          ),
        }
      : null;
  };
  let first = true;
  // Hydration as a transition: React renders it in slices and yields to the browser between them, instead of one
  // long task that blocks input for the whole page (issue 11 point 6: total blocking time on a phone).
  startTransition(() => {
    hydrateRoot(
      root,
      <ClientRoot
        state={state}
        stores={stores}
        navigation={navigation}
        onHydrated={() => {
          stores.pages.restore(restored);
          syncMemberSession();
        }}
        onScreen={() => {
          // The first screen's head is the server's own.
          if (!first && runtime) {
            runtime.applyHead(state.route.head);
            runtime.announceScreen(state.route.head.title);
            if (pendingScroll) runtime.applyScroll(pendingScroll);
          }
          pendingScroll = null;
          if (!first) {
            syncMemberSession();
            const kept = location.href;
            void offline().then((m) => m.keepForOffline(kept));
          }
          const shown = state.route;
          const href = location.href;
          track((t) => t.route(shown, href));
          if (first) {
            first = false;
            track((t) => t.agentRequest());
          }
        }}
      />,
    );
  });
  window.addEventListener('popstate', () => void navigation.pop());
  const save = () => saveState(storage(), stores.pages.persistable());
  window.addEventListener('pagehide', () => {
    save();
    track((t) => t.leave());
    // A reload or a return from the back/forward cache restores the scroll position itself.
    if ('scrollRestoration' in history) history.scrollRestoration = 'auto';
  });
  // Mobile browsers may discard a hidden tab without a pagehide: save when the page is hidden too.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') save();
  });
  window.addEventListener('pageshow', (e) => {
    if (!e.persisted) return;
    const shown = state.route;
    const href = location.href;
    track((t) => t.resume(shown, href));
    // Back from the back/forward cache after client navigations: scroll positions are ours again.
    if ('scrollRestoration' in history && typeof (history.state as { scroll?: unknown } | null)?.scroll === 'number')
      history.scrollRestoration = 'manual';
  });
  void offline().then((m) => m.registerServiceWorker());
  const idle = () => void loadRuntime().catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(idle, { timeout: 1500 });
  else setTimeout(idle, 200);
}

void start();
