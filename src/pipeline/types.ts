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
  /** A secondary call failed and its section is missing: the page is served but never cached. */
  degraded?: boolean;
  /** Set by page-cache when this render may fill the cache. */
  cacheFill?: { key: string; ttlMs: number };
}

/** A middleware either continues (undefined) or ends the request with a redirect. */
export type MiddlewareOutcome = undefined | { kind: 'redirect'; location: string; status: RedirectStatus };

export type Middleware = (ctx: PageContext) => MiddlewareOutcome | Promise<MiddlewareOutcome>;
export type Validator = (ctx: PageContext) => boolean | Promise<boolean>;

export type RedirectStatus = 301 | 302 | 303 | 307 | 308;

/**
 * A loader returns the page's data and may refine the head (title from data, canonical, prev/next), or ends the
 * request with a redirect it could only decide from gateway data (a moved list, a renamed estate).
 */
export interface LoaderResult<D = unknown> {
  data: D;
  head?: Partial<PageHead>;
  status?: number;
  redirect?: { location: string; status: RedirectStatus };
}
export type Loader<D = unknown> = (ctx: PageContext) => Promise<LoaderResult<D>>;
