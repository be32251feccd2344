import type { GatewayBatchSettings } from '../api/batch.ts';
import type { AnswerMemoSettings } from '../api/memo.ts';
/** Shapes of registry.json (validated by registry.schema.json at load) and of its compiled form. */

import type { NativeApp } from '../lib/device.ts';

export type CachePolicy = 'no-cache' | number;

export interface PageMeta {
  title: string;
  description?: string;
  keywords?: string;
}

export interface PageEntry {
  /** Unique, stable name: used in logs, errors and the client route table. */
  name: string;
  /** Path patterns, first one canonical. Syntax: `/a/:id`, `/a/:id?`, `/a/:id(\\d+)`, `/a/:id.html`, `/a/*`. */
  paths: string[];
  /** Module key under pages/ (see pages/modules.ts), e.g. `ershoufang/detail`. */
  module: string;
  layout: string;
  middleware?: string[];
  validate?: string;
  loader?: string;
  cache: CachePolicy;
  meta: PageMeta;
  /** Fixed params merged into the matched ones, e.g. `{ "ad": "true" }` for ad variants. */
  params?: Record<string, string>;
  /** Query keys that change the page beyond those its middleware, validator and loader declare (issue 11 point 4). */
  query?: string[];
}

export interface LayoutEntry {
  middleware: string[];
  header: boolean;
  footer: boolean;
  /** Issue 19: an app-style top bar instead of the site header (in-app pages). The schema's default fills it in: false. */
  appBar?: boolean;
  /** Issue 19: the robots meta of the layout's pages unless their meta says otherwise (in-app pages: noindex). */
  robots?: string;
}

export interface RedirectRule {
  from: string;
  to: string;
  status: 301 | 302 | 307 | 308;
}

export interface SiteSettings {
  brand: string;
  mobileHost: string;
  pcHost: string;
  /** Scheme and port used to build canonical/absolute URLs; never taken from the request. */
  scheme: 'http' | 'https';
  publicPort?: number;
  defaultCityId: number;
  defaultCityName: string;
  /** The head office's supervision phone (监督电话): shown for a city without its own entry in `cityContacts`. */
  supervisionPhone: string;
  /** The company's ICP filing number (ICP备案号), e.g. 湘ICP备2021018347号-1: the same for every city. */
  icpNumber: string;
  /** The company's unified social credit code (统一社会信用代码, GB 32100-2015), on its business licence. */
  creditCode: string;
  /** Issue 32: each city's own contacts, by gateway city id. Optional in the file: the schema's default is `{}`. */
  cityContacts: Record<string, CityContacts>;
  /** The native app: scheme, Android package, App Store id. Optional in the file: the schema's defaults fill it in at load. */
  app: NativeApp;
  /** The settings below are optional in the file too: the schema's defaults fill them in at load. */
  /** Issue 37 part 5: what the service worker keeps for offline reading (src/pwa/worker-script.ts). */
  offline: OfflineSettings;
  renderTimeoutMs: number;
  pageCache: { maxEntries: number; maxBytes: number };
  /** Issue 20: bound of the shared-markup memo (plugins/markup-memo.ts); 0 turns it off. */
  markupCache: { maxBytes: number };
  /** Issue 35: the shared gateway answers' bound and times to live (src/api/memo.ts). */
  answerMemo: AnswerMemoSettings;
  /** Issue 35: how long a person's page waits for its secondary blocks before it streams them (0: never waits). */
  streamGraceMs: number;
  /** Issue 36 part 4: what browsers and a CDN may keep of an answer (src/http-cache.ts). */
  httpCache: HttpCacheSettings;
  /** Issue 35: a request's gateway calls share round trips (src/api/batch.ts). */
  gatewayBatch: GatewayBatchSettings;
  /** Issue 35 part 3: the V8 heap and malloc settings a cluster worker is forked with (src/worker-memory.ts). */
  workerMemory: WorkerMemory;
  robotsDisallow: string[];
  /** Issue 33: the named limits of the actions' `rate-limit:<name>` middleware. */
  rateLimits: Record<string, RateLimitRule>;
  /** Issue 16: the latest LPR (percent) for the mortgage calculator. */
  lpr: { oneYear: number; fiveYear: number; date: string };
  /** Issue 36 part 2: the ops console's windows and bounds (plugins/ops.ts, docs/ops.md). */
  ops: OpsSettings;
}

/** `site.ops`: every field has a schema default. */
export interface OpsSettings {
  /** Registry reloads kept for the change history, per process. */
  historyLength: number;
  /** The page cache's hit ratio is counted over this many last seconds. */
  hitRatioWindowSeconds: number;
  /** The slowest pages and gateway endpoints: of this many last seconds (from the metrics). */
  slowestWindowSeconds: number;
  /** How often a snapshot of the metrics is taken for that diff. */
  metricsSampleSeconds: number;
  /** With REDIS_URL: how often each process writes its health to Redis. */
  heartbeatSeconds: number;
  /** How long a console session lasts. */
  sessionMinutes: number;
  /** How many of the biggest and most-hit page-cache keys are listed. */
  topKeys: number;
}

/** `site.offline` (issue 37 part 5): every field has a schema default. */
export interface OfflineSettings {
  /** Pages a browser keeps for offline reading, the least recently opened dropped first. */
  keepPages: number;
  /** How long a navigation waits for the network before the kept copy is shown. */
  navigationTimeoutMs: number;
  /** Path prefixes never kept (member pages, chat, data and action endpoints). */
  neverCache: string[];
}

/** `site.httpCache` (issue 36 part 4), in seconds. */
export interface HttpCacheSettings {
  /** A public page's max-age (never above its TTL); 0: browsers revalidate every time. */
  browserMaxAgeSeconds: number;
  /** A public page's stale-while-revalidate for shared caches; 0: none. */
  staleWhileRevalidateSeconds: number;
  /** How long a visitor's 404 screen is kept; 0: no-store. */
  notFoundMaxAgeSeconds: number;
  /** How long a visitor's error page is kept; 0: no-store. */
  errorMaxAgeSeconds: number;
}

/** `site.workerMemory`: 0 leaves a setting to V8 or glibc. */
export interface WorkerMemory {
  /** --max-old-space-size, MB. */
  maxOldSpaceMb: number;
  /** --max-semi-space-size, MB. */
  maxSemiSpaceMb: number;
  /** MALLOC_ARENA_MAX in the worker's environment. */
  mallocArenaMax: number;
  /** MALLOC_MMAP_THRESHOLD_ in the worker's environment, KB. */
  mallocMmapThresholdKb: number;
}

/** One city's entry of `site.cityContacts`. */
export interface CityContacts {
  /** The city's name, for people editing registry.json; pages show the gateway's name. */
  city?: string;
  /** The city's supervision phone, a landline with the city's area code (武汉 027-…). */
  supervisionPhone: string;
}

export interface RateLimitSetting {
  max: number;
  windowSeconds: number;
}

/** A named limit (site.rateLimits): `max` posts in `windowSeconds`, counted per the keys of `by`. */
export interface RateLimitRule extends RateLimitSetting {
  by: string[];
  /** The 429's message; `{max}` and `{per}` (每分钟, 每小时, 每30秒) are filled in. */
  message?: string;
}

/** Issue 33: one write of the site, answered by src/actions/run-action.ts. */
export interface ActionEntry {
  name: string;
  /** A path under /-/, first-match like a page's (`/-/wenda/:name` allowed). */
  path: string;
  /** Filled in by the schema's default. */
  method: 'POST';
  middleware: string[];
  /** The body schema's name (src/actions/index.ts); none: the body is not read. */
  body?: string;
  handler: string;
  /** Takes a multipart body with a file (an avatar, a chat image); other actions refuse multipart (415). */
  uploads?: boolean;
  /** Where a plain form post returns when it names no page and comes from no page of this site. */
  back?: string;
}

export interface RegistryFile {
  $schema?: string;
  site: SiteSettings;
  layouts: Record<string, LayoutEntry>;
  redirects: RedirectRule[];
  /** Filled in by the schema's default (`[]`). */
  actions: ActionEntry[];
  pages: PageEntry[];
}

export interface RouteMatch {
  page: PageEntry;
  params: Record<string, string>;
}
