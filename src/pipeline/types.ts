import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Api, CallContext } from '../api/index.ts';
import type { PageHead } from '../contracts/head.ts';
import type { CityInfo, SiteKind, UserInfo } from '../contracts/session.ts';
import type { PageEntry, SiteSettings } from '../registry/types.ts';

export type { CityInfo, PageHead, SiteKind, UserInfo };

export interface PageContext {
  req: FastifyRequest;
  reply: FastifyReply;
  log: FastifyBaseLogger;
  call: CallContext;
  api: Api;
  site: SiteSettings;
  siteKind: SiteKind;
  city: CityInfo;
  page: PageEntry;
  params: Record<string, string>;
  query: Record<string, string>;
  /** Path as requested (decoded segments are only in params). */
  path: string;
  /** Path and query of the page itself (for a data request: without the /-/data prefix). */
  url: string;
  user: UserInfo | null;
  /** When the page is loaded (epoch ms, the app's clock): relative labels (今天上架) are computed from it. */
  now: number;
  /** A secondary call failed and its section is missing: the page is served but never cached. */
  degraded?: boolean;
  /** Why a page the registry caches must not be kept this time (a free-text search): served, never cached. */
  uncacheable?: string;
  /** A member's unread chat messages, for the header badge (issue 18; set by the `chat-unread` middleware). */
  chatUnread?: number;
  /** A member's unread notices (issue 37; set by the same `chat-unread` middleware, counted in the same badge). */
  noticeUnread?: number;
  /** Set by page-cache when this render may fill the cache. */
  cacheFill?: { key: string; ttlMs: number };
  /** Secondary calls whose blocks stream after the shell (src/render/deferred.ts `defer`). */
  deferred?: Promise<unknown>[];
}

/** A middleware either continues (undefined) or ends the request with a redirect. */
export type MiddlewareOutcome = undefined | { kind: 'redirect'; location: string; status: RedirectStatus };

export type Middleware = (ctx: PageContext) => MiddlewareOutcome | Promise<MiddlewareOutcome>;
export type Validator = (ctx: PageContext) => boolean | Promise<boolean>;

export type RedirectStatus = 301 | 302 | 303 | 307 | 308;

/**
 * What a page's loader found (issue 12 point 2): its data and, when not 200, the status. A loader only loads: it
 * never builds SEO copy (that is the page's `meta`), never redirects (canonical 301s are middleware or registry
 * redirects) and never writes (a view to record is returned as `view` and sent by the pipeline, fire and forget).
 */
export interface LoadResult<D = unknown> {
  data: D;
  status?: number;
  view?: PageView;
}

/**
 * A page view the gateway counts (SPEC 7.4): a listing's view number and a member's view history (浏览记录). `kind`
 * names what `houseId` is when it is not a listing: a new home, a community, an overseas listing (issue 34).
 */
export type PageView = { houseId: number; houseNumber?: string; kind?: 'newhouse' | 'xiaoqu' | 'overseas' };

/** The read-only part of the context that a page's meta may use: no gateway, no reply. */
export type MetaContext = Pick<PageContext, 'site' | 'city' | 'page' | 'params' | 'query' | 'path' | 'url' | 'user'>;

/**
 * A page's head from its data: title, description, keywords, canonical, prev/next links, JSON-LD, robots. What it
 * leaves out comes from the registry's `meta` (see buildHead).
 */
export type Meta<D = unknown> = (ctx: MetaContext, data: D) => Partial<PageHead>;

/** One named loader of registry.json: `load` (gateway data) and `meta` (the head built from that data). */
export interface PageLoader<D = unknown> {
  load: (ctx: PageContext) => Promise<LoadResult<D>>;
  meta?: Meta<D>;
}

/** Pairs a load with its meta, keeping the data type between them. */
export const pageLoader = <D>(load: PageLoader<D>['load'], meta?: Meta<D>): PageLoader<D> => ({ load, meta });
