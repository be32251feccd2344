/**
 * Page tracking rules (SPEC 3 "Tracking attributes", SPEC 4 "Page tracking", SPEC 5 query check). Pure: the browser
 * glue (src/client/tracking.ts) and the server endpoint (plugins/tracking.ts) share these shapes and rules.
 */

/** SPEC 9: a page view is recorded this long after a route change... */
export const PAGE_VIEW_DELAY_MS = 50;
/** ...and the agent-request call this long after the page loaded. */
export const AGENT_REQUEST_DELAY_MS = 1000;
export const TRACK_ENDPOINT = '/-/track';

/** `logout`: a forced logout (SPEC 4 step 6). */
export type TrackKind = 'pageview' | 'close' | 'agent' | 'xss' | 'logout';

/** SPEC 3: the tracking attributes the gateway's call takes. */
export interface TrackAttrs {
  platFormDesc: string;
  pageUrl: string;
  sourcePlate?: string;
  actPlate?: string;
  shareUserId?: string;
  homeImg?: string;
  commodity_name?: string;
  commodity_brokerId?: string;
}

export interface TrackEvent extends TrackAttrs {
  kind: TrackKind;
  /** Registry page name of the screen. */
  page: string;
  /** Close events: epoch ms the page was opened and closed, and the time on it. */
  openTime?: number;
  closeTime?: number;
  stayTime?: number;
  /** Agent-request events: the agent the visitor came through. */
  belongerId?: string;
  /** Query-check events (SPEC 5). */
  hasXss?: boolean;
}

export const PLATFORM_DESC = 'wap';

/**
 * SPEC 4: page views are not recorded on detail pages: rental, second-hand and new-home `.html` details, their ad
 * variants (params.ad), community details and rental-agency details. Which pages those are is registry data
 * (`params.track: "false"`, issue 12 point 3), not a pattern over page names.
 */
export function isUntrackedPage(params: Readonly<Record<string, string>> = {}): boolean {
  return params.ad === 'true' || params.track === 'false';
}

/** The route fields tracking looks at. */
export interface TrackedRoute {
  page: string;
  params: Readonly<Record<string, string>>;
  noTrack: boolean;
  status: number;
}

/** A page view is recorded for a screen the server did not mark untracked and that is not a detail page. */
export function shouldTrackPageView(route: TrackedRoute): boolean {
  return !route.noTrack && !isUntrackedPage(route.params);
}

/** Query parameters that name the visitor's source (a shared link, an agent's link). */
export function sourceAttrs(query: Readonly<Record<string, string>>): Pick<TrackAttrs, 'shareUserId' | 'sourcePlate'> {
  const out: Pick<TrackAttrs, 'shareUserId' | 'sourcePlate'> = {};
  const share = query.shareUserId ?? query.shareuserid;
  if (share) out.shareUserId = share.slice(0, 64);
  const source = query.sourcePlate ?? query.source ?? query.utm_source;
  if (source) out.sourcePlate = source.slice(0, 64);
  return out;
}

/** The agent the visitor came through, if the URL names one. */
export function agentOf(query: Readonly<Record<string, string>>): string | null {
  const id = query.belongerId ?? query.brokerId ?? query.agentId;
  return id && /^\w{1,64}$/.test(id) ? id : null;
}

/** One close event per page visit: open time, stay time and close time (SPEC 4). */
export function closeEvent(base: Omit<TrackEvent, 'kind'>, openedAt: number, closedAt: number): TrackEvent {
  return { ...base, kind: 'close', openTime: openedAt, closeTime: closedAt, stayTime: Math.max(0, closedAt - openedAt) };
}

/** The JSON schema of an event as the endpoint accepts it (plugins/tracking.ts). */
export const trackEventSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'page', 'pageUrl', 'platFormDesc'],
  properties: {
    kind: { type: 'string', enum: ['pageview', 'close', 'agent', 'xss', 'logout'] },
    page: { type: 'string', maxLength: 100 },
    pageUrl: { type: 'string', minLength: 1, maxLength: 2048 },
    platFormDesc: { type: 'string', maxLength: 32 },
    sourcePlate: { type: 'string', maxLength: 64 },
    actPlate: { type: 'string', maxLength: 64 },
    shareUserId: { type: 'string', maxLength: 64 },
    homeImg: { type: 'string', maxLength: 1024 },
    commodity_name: { type: 'string', maxLength: 200 },
    commodity_brokerId: { type: 'string', maxLength: 64 },
    openTime: { type: 'integer', minimum: 0 },
    closeTime: { type: 'integer', minimum: 0 },
    stayTime: { type: 'integer', minimum: 0 },
    belongerId: { type: 'string', maxLength: 64 },
    hasXss: { type: 'boolean' },
  },
} as const;
