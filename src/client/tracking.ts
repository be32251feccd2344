import { queryHasXss } from '../lib/query-scan.ts';
import {
  AGENT_REQUEST_DELAY_MS,
  agentOf,
  closeEvent,
  PAGE_VIEW_DELAY_MS,
  PLATFORM_DESC,
  shouldTrackPageView,
  sourceAttrs,
  TRACK_ENDPOINT,
  type TrackEvent,
  type TrackedRoute,
} from '../lib/tracking.ts';

type Send = (event: TrackEvent) => void;

/** Beacons survive the page being closed; text/plain keeps them a simple request on every browser. */
export const beaconSend: Send = (event) => {
  const body = JSON.stringify(event);
  try {
    if (navigator.sendBeacon?.(TRACK_ENDPOINT, new Blob([body], { type: 'text/plain;charset=UTF-8' }))) return;
  } catch {
    // Fall through to fetch.
  }
  fetch(TRACK_ENDPOINT, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain;charset=UTF-8' } }).catch(
    () => undefined,
  );
};

interface Visit {
  page: string;
  pageUrl: string;
  openedAt: number;
  query: Record<string, string>;
  closed: boolean;
}

/**
 * SPEC 4 page tracking in the browser: a page view 50 ms after each route change (not on the excluded detail pages),
 * one close event per visit with open, stay and close time, the agent-request call 1 s after load, and the query
 * check of SPEC 5. Tracking never throws into the page.
 */
export function createTracker(send: Send = beaconSend, now: () => number = Date.now) {
  let visit: Visit | null = null;
  let pvTimer: ReturnType<typeof setTimeout> | undefined;
  const safeSend: Send = (e) => {
    try {
      send(e);
    } catch {
      // Never disturb the page.
    }
  };
  const base = (v: Visit) => ({ page: v.page, pageUrl: v.pageUrl, platFormDesc: PLATFORM_DESC, actPlate: v.page, ...sourceAttrs(v.query) });

  const close = () => {
    if (!visit || visit.closed) return;
    visit.closed = true;
    safeSend(closeEvent(base(visit), visit.openedAt, now()));
  };

  return {
    /** A screen was shown (the first one after hydration, then each client navigation). */
    route(route: TrackedRoute & { query: Record<string, string> }, pageUrl: string): void {
      close();
      clearTimeout(pvTimer);
      const v: Visit = { page: route.page, pageUrl, openedAt: now(), query: { ...route.query, ...addressQuery(pageUrl) }, closed: false };
      visit = v;
      if (!shouldTrackPageView(route)) return;
      pvTimer = setTimeout(() => {
        if (visit === v) safeSend({ ...base(v), kind: 'pageview' });
      }, PAGE_VIEW_DELAY_MS);
    },
    /** The page is being left (pagehide): the visit's one close event. */
    leave: close,
    /** Back from the back/forward cache: a new visit of the same screen. */
    resume(route: TrackedRoute & { query: Record<string, string> }, pageUrl: string): void {
      if (visit?.closed) this.route(route, pageUrl);
    },
    /** SPEC 4: the agent-request call, once, 1 s after load. */
    agentRequest(): void {
      setTimeout(() => {
        if (!visit) return;
        const belongerId = agentOf(visit.query);
        safeSend({ ...base(visit), kind: 'agent', ...(belongerId ? { belongerId } : {}) });
      }, AGENT_REQUEST_DELAY_MS);
    },
    /** SPEC 4 forced logout, step 6: the logout event, on the screen shown. */
    logout(pageUrl: string): void {
      safeSend({ kind: 'logout', page: visit?.page ?? '', pageUrl, platFormDesc: PLATFORM_DESC });
    },
    /** SPEC 5: suspicious characters in a query are reported (hasXss), never blocked. */
    checkQuery(search: string, page: string, pageUrl: string): void {
      if (queryHasXss(search)) safeSend({ kind: 'xss', page, pageUrl, platFormDesc: PLATFORM_DESC, hasXss: true });
    },
  };
}

export type Tracker = ReturnType<typeof createTracker>;

/**
 * The query of the address the visitor is at. Share attributes (shareUserId, sourcePlate…) ride on it, but a page
 * served from the page cache is handed only the keys that change its content, so they are read here, not from the
 * route.
 */
function addressQuery(pageUrl: string): Record<string, string> {
  const out: Record<string, string> = {};
  try {
    for (const [k, v] of new URL(pageUrl, 'http://same.site').searchParams) if (!(k in out)) out[k] = v;
  } catch {
    // Not a URL: the route's query is all there is.
  }
  return out;
}
