import type { PageHead } from '../contracts/head.ts';
import type { AppState, RouteState, UserState } from '../stores/app-state.ts';
import { type FetchStates, runFetch } from '../stores/fetch-state.ts';
import type { ClientRoutes } from './route-table.ts';

export const DATA_PREFIX = '/-/data';
/** A chain of redirects longer than this is left to the browser (a full load). */
const MAX_REDIRECTS = 5;
/** Back/forward within this time shows the screen kept from the visit instead of fetching it again. */
const BACK_CACHE_MS = 2 * 60 * 1000;
const BACK_CACHE_SIZE = 10;

/** GET /-/data/<path> answers (src/pipeline/handle.tsx handleDataRequest / handleError). */
export interface DataAnswer {
  status: number;
  redirect?: string;
  route?: RouteState;
  user?: UserState;
  message?: string;
}

export interface NavigateOptions {
  replace?: boolean;
  /** The browser already moved (back/forward): no history entry is written. */
  pop?: boolean;
}

/** Everything the controller touches in the browser, injectable for tests. */
export interface NavigationDeps {
  state: AppState;
  fetchStates: FetchStates;
  routes(): Promise<ClientRoutes | null>;
  hasModule(key: string): boolean;
  loadPage(key: string): Promise<unknown>;
  /** The screen's own stylesheet, applied before the swap (issue 20; src/client/page-css.ts). */
  loadStyles?(key: string, routes: ClientRoutes): Promise<void>;
  fetchData(url: string, signal: AbortSignal): Promise<DataAnswer>;
  /** A full page load of `href` (replace: without a new history entry). */
  fullLoad(href: string, replace: boolean): void;
  location(): { href: string; origin: string; pathname: string; search: string; hash: string };
  history: Pick<History, 'pushState' | 'replaceState' | 'state'>;
  scrollY(): number;
  /** After a screen was swapped in: where to scroll (a saved position, an anchor, or the top). */
  committed(info: { pop: boolean; scroll: number | null; hash: string; swapped: boolean }): void;
  /** Path and query of the screen shown when the controller starts (default: the address bar's). */
  initialUrl?: string;
  /** SPEC 5: the query check of a client navigation (reported, never blocking). */
  checkQuery(search: string, page: string, href: string): void;
}

/** The screen shown for an answer without a route: 404 → the 404 screen, anything else → the error page (SPEC 8). */
export function errorRoute(state: AppState, status: number, message: string, path: string, query: Record<string, string>): RouteState {
  const notFound = status === 404;
  const head: PageHead = {
    title: `${notFound ? '页面不存在' : '出错了'}_${state.site.brand}`,
    description: '',
    keywords: '',
    canonical: '',
    robots: 'noindex',
  };
  return {
    page: notFound ? 'notFound' : 'error',
    module: notFound ? 'not-found' : 'error',
    layout: 'default',
    header: true,
    footer: true,
    path,
    params: {},
    query,
    status,
    data: { message: notFound ? message || 'This page could not be found' : '', status },
    head,
    noTrack: false,
    renderedAt: Date.now(),
  };
}

const queryOf = (search: string): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(search)) if (!(k in out)) out[k] = v;
  return out;
};

/**
 * Client navigation (issue 4 point 1): match the path with the server's matcher, load the screen's chunk and its data
 * (GET /-/data/<path>, the same middleware, validate and loader as a full load) in parallel, then write history and
 * swap the screen. A redirect is followed as the browser would; a 404 shows the 404 screen; other errors the error
 * page; a path the client does not know, a module it has no chunk for or a chunk that fails to load → a full load.
 */
export function createNavigation(deps: NavigationDeps) {
  let seq = 0;
  let controller: AbortController | null = null;
  const backCache = new Map<string, { route: RouteState; at: number }>();
  const start = deps.location();
  /** Path and query of the screen shown now. */
  let shownUrl = deps.initialUrl ?? start.pathname + start.search;

  const remember = (url: string, route: RouteState) => {
    backCache.delete(url);
    backCache.set(url, { route, at: Date.now() });
    if (backCache.size > BACK_CACHE_SIZE) backCache.delete(backCache.keys().next().value as string);
  };

  async function navigate(to: string, opts: NavigateOptions = {}, hops = 0): Promise<void> {
    const loc = deps.location();
    let url: URL;
    try {
      url = new URL(to, loc.href);
    } catch {
      return;
    }
    if (url.origin !== loc.origin || !/^https?:$/.test(url.protocol)) return deps.fullLoad(url.href, Boolean(opts.replace));
    // A link to the screen already shown reloads its data in place, like a browser replaces the same URL.
    const replace = Boolean(opts.replace) || (!opts.pop && hops === 0 && url.pathname + url.search === shownUrl && !url.hash);
    const target = url.pathname + url.search;
    const current = deps.state.route;
    // Only the hash changes: no new screen, just the anchor.
    if (!opts.pop && url.hash && url.pathname === loc.pathname && url.search === loc.search) {
      if (replace) deps.history.replaceState(deps.history.state, '', url.href);
      else deps.history.pushState({ scroll: 0 }, '', url.href);
      deps.committed({ pop: false, scroll: null, hash: url.hash, swapped: false });
      return;
    }
    if (hops > MAX_REDIRECTS) return deps.fullLoad(url.href, replace);

    const mySeq = ++seq;
    controller?.abort();
    const abort = new AbortController();
    controller = abort;
    const stale = () => mySeq !== seq;

    const routes = await deps.routes();
    if (stale()) return;
    if (!routes || routes.redirects(url.pathname)) return deps.fullLoad(url.href, replace || Boolean(opts.pop));
    const hit = routes.match(url.pathname);
    if (!hit || !deps.hasModule(hit.module)) return deps.fullLoad(url.href, replace || Boolean(opts.pop));
    deps.checkQuery(url.search, hit.name, url.href);

    let route: RouteState;
    let user: UserState | undefined;
    const cached = opts.pop ? backCache.get(target) : undefined;
    if (cached && Date.now() - cached.at < BACK_CACHE_MS) {
      route = cached.route;
    } else {
      // Start the chunk at once; its failure is handled below, where it is awaited.
      deps.loadPage(hit.module).catch(() => undefined);
      let answer: DataAnswer;
      try {
        answer = await runFetch(deps.fetchStates, hit.name, () => deps.fetchData(DATA_PREFIX + target, abort.signal));
      } catch {
        if (stale() || abort.signal.aborted) return;
        // Offline or the server unreachable: let the browser show what it shows for a full load.
        return deps.fullLoad(url.href, replace || Boolean(opts.pop));
      }
      if (stale()) return;
      if (answer.redirect) {
        const next = new URL(answer.redirect, url.href);
        if (next.origin !== loc.origin) return deps.fullLoad(next.href, replace || Boolean(opts.pop));
        // The redirecting URL never becomes a history entry; after back/forward it is replaced.
        return navigate(next.pathname + next.search + next.hash, { replace: replace || Boolean(opts.pop) }, hops + 1);
      }
      route = answer.route ?? errorRoute(deps.state, answer.status || 500, answer.message ?? '', url.pathname, queryOf(url.search));
      user = answer.user;
    }
    if (!deps.hasModule(route.module)) return deps.fullLoad(url.href, replace || Boolean(opts.pop));
    try {
      await Promise.all([deps.loadPage(route.module), deps.loadStyles?.(route.module, routes)]);
    } catch {
      // SPEC 8: a failed chunk (or stylesheet) load is a full page reload.
      if (!stale()) deps.fullLoad(url.href, replace || Boolean(opts.pop));
      return;
    }
    if (stale()) return;

    let scroll: number | null = null;
    if (opts.pop) {
      const saved = (deps.history.state as { scroll?: unknown } | null)?.scroll;
      scroll = typeof saved === 'number' ? saved : 0;
    } else {
      // Keep where the visitor was on the screen being left, for the way back.
      const leaving = deps.history.state as Record<string, unknown> | null;
      deps.history.replaceState({ ...(leaving ?? {}), scroll: deps.scrollY() }, '', loc.href);
      if (replace) deps.history.replaceState({ scroll: 0 }, '', url.href);
      else deps.history.pushState({ scroll: 0 }, '', url.href);
      scroll = url.hash ? null : 0;
    }
    if (current.status < 400) remember(shownUrl, current);
    shownUrl = target;
    deps.state.route = route;
    if (user) deps.state.user = user;
    deps.committed({ pop: Boolean(opts.pop), scroll, hash: url.hash, swapped: true });
  }

  return {
    navigate,
    /** The browser moved through history (popstate): show the screen of the new URL. */
    pop(): Promise<void> {
      const loc = deps.location();
      if (loc.pathname + loc.search === shownUrl) {
        // Only the hash moved.
        deps.committed({ pop: true, scroll: null, hash: loc.hash, swapped: false });
        return Promise.resolve();
      }
      return navigate(loc.pathname + loc.search + loc.hash, { pop: true });
    },
  };
}

export type Navigation = ReturnType<typeof createNavigation>;
