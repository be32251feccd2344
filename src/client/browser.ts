import type { PageHead } from '../contracts/head.ts';
import type { AppState } from '../stores/app-state.ts';
import type { FetchStates } from '../stores/fetch-state.ts';
import type { DataAnswer, NavigationDeps } from './navigation.ts';
import type { PageStyles } from './page-css.ts';
import { getRoutes } from './routes.ts';

/** The navigation's dependencies on the real browser, and the scroll that follows a swapped screen. */
export function browserDeps(
  state: AppState,
  fetchStates: FetchStates,
  hasModule: (key: string) => boolean,
  loadPage: (key: string) => Promise<unknown>,
  styles: PageStyles,
): Omit<NavigationDeps, 'checkQuery' | 'committed'> {
  return {
    state,
    fetchStates,
    routes: getRoutes,
    hasModule,
    loadPage,
    loadStyles: (key, routes) => styles.load(key, routes.styleOf(key)),
    fetchData: fetchDataAnswer,
    fullLoad(href, replace) {
      if (replace) location.replace(href);
      else location.assign(href);
    },
    location: () => location,
    history,
    scrollY: () => window.scrollY,
  };
}

/** GET /-/data/...: JSON in every case the server answers; anything else (a proxy's HTML page) is its status. */
export async function fetchDataAnswer(url: string, signal: AbortSignal): Promise<DataAnswer> {
  const res = await fetch(url, { signal, credentials: 'same-origin', headers: { accept: 'application/json' } });
  try {
    const body = (await res.json()) as DataAnswer;
    if (body && typeof body === 'object' && typeof body.status === 'number') return body;
  } catch {
    // Not JSON.
  }
  return { status: res.status >= 400 ? res.status : 500, message: '' };
}

/** Where to scroll once the new screen is in: a saved position (back/forward), an anchor, or the top (SPEC 2.8). */
export function applyScroll(info: { scroll: number | null; hash: string }): void {
  if (info.hash && info.scroll === null) {
    let el: Element | null = null;
    try {
      el = document.getElementById(decodeURIComponent(info.hash.slice(1)));
    } catch {
      el = null;
    }
    if (el) {
      el.scrollIntoView();
      return;
    }
  }
  window.scrollTo(0, info.scroll ?? 0);
}

function setMeta(selector: string, create: () => HTMLElement, attr: string, value: string | undefined): void {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!value) {
    el?.remove();
    return;
  }
  if (!el) {
    el = create();
    document.head.appendChild(el);
  }
  el.setAttribute(attr, value);
}

const meta = (name: string) => () => Object.assign(document.createElement('meta'), { name });

/** Title, description, keywords, robots and canonical of the screen shown (SPEC 2: the URL and title change). */
export function applyHead(head: PageHead): void {
  if (head.title && document.title !== head.title) document.title = head.title;
  setMeta('meta[name="description"]', meta('description'), 'content', head.description);
  setMeta('meta[name="keywords"]', meta('keywords'), 'content', head.keywords);
  setMeta('meta[name="robots"]', meta('robots'), 'content', head.robots);
  setMeta('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }), 'href', head.canonical);
  // The screen's own extra links (rel=prev/next) and JSON-LD replace the previous screen's.
  for (const el of document.head.querySelectorAll(
    'link[data-screen], link[rel="prev"], link[rel="next"], script[type="application/ld+json"]',
  ))
    el.remove();
  for (const l of head.links ?? []) {
    if (l.rel === 'canonical') continue;
    const link = Object.assign(document.createElement('link'), { rel: l.rel, href: l.href });
    link.dataset.screen = '';
    document.head.appendChild(link);
  }
  for (const ld of head.jsonLd ?? []) {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = JSON.stringify(ld);
    document.head.appendChild(script);
  }
}
