import { pageModules } from '../../pages/modules.ts';
import type { AppState } from '../stores/app-state.ts';
import type { FetchStates } from '../stores/fetch-state.ts';
import { announceScreen } from './announce.ts';
import { applyHead, applyScroll, browserDeps } from './browser.ts';
import { createNavigation, type NavigationDeps } from './navigation.ts';
import { createPageStyles } from './page-css.ts';
import { startPrefetch } from './prefetch.ts';
import { startProgressBar } from './progress.ts';
import { getRoutes } from './routes.ts';

/**
 * Everything the browser needs only from the first client navigation on: the navigation controller, the route table,
 * head and scroll updates, the progress bar, link prefetch. A separate chunk loaded right after hydration (and awaited
 * by a tap that comes first), so the JavaScript before a page is interactive stays small (issue 4 budget).
 */
export interface RuntimeOptions {
  state: AppState;
  fetchStates: FetchStates;
  loadPage(key: string): Promise<unknown>;
  /** Path and query of the page as loaded (the address bar may have moved before the runtime arrived). */
  initialUrl: string;
  checkQuery: NavigationDeps['checkQuery'];
  committed: NavigationDeps['committed'];
}

export function startRuntime(opts: RuntimeOptions) {
  const styles = createPageStyles(document);
  const navigation = createNavigation({
    ...browserDeps(opts.state, opts.fetchStates, (key) => Object.hasOwn(pageModules, key), opts.loadPage, styles),
    initialUrl: opts.initialUrl,
    checkQuery: opts.checkQuery,
    committed: (info) => {
      // In the task that swaps the screen, before React commits it (a microtask) and the browser paints.
      if (info.swapped) styles.show(opts.state.route.module);
      opts.committed(info);
    },
  });
  startProgressBar(opts.fetchStates);
  startPrefetch(getRoutes, opts.loadPage);
  void getRoutes();
  return { navigation, applyHead, applyScroll, announceScreen };
}

export type Runtime = ReturnType<typeof startRuntime>;
