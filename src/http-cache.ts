import type { FastifyReply } from 'fastify';
import type { HttpCacheSettings } from './registry/types.ts';

/**
 * HTTP caching of the pages (issue 36 part 4; SPEC 9; docs/ops.md "HTTP caching and the CDN"): what a browser and a
 * shared cache in front (a CDN) may keep of an answer, from the page's registry `cache` and `site.httpCache`. The rule
 * mirrors the page cache's (src/page-cache.ts `cacheable`): only what the page cache may keep is public.
 *
 * - a visitor's complete 200 of a page with a TTL: `public, max-age=<browser>, s-maxage=<TTL>, stale-while-revalidate`
 *   with its ETag and `Vary: Accept-Encoding, Cookie`;
 * - any answer to a member's request, and every page the registry marks `no-cache`: `private, no-store`;
 * - a visitor's 404 screen and error pages: `public, max-age=<short>` (0 in the settings: `no-store`);
 * - a visitor's 200 that is not complete (a section missing, a free-text search, a streamed document with its own
 *   script nonce): `no-store`.
 */

/** A member's answer and a personal page: kept by no cache, the browser's included. */
export const PRIVATE = 'private, no-store';
/** An answer for this request alone (a degraded or streamed page, the operational endpoints). */
export const NO_STORE = 'no-store';
/**
 * What a public answer depends on besides its URL: the body's encoding, and the login cookie (a member gets another
 * page). The city and the site are the URL's host, which every cache keys on already.
 */
export const PUBLIC_VARY = 'Accept-Encoding, Cookie';

/** The Cache-Control of a public page's complete 200, whose registry TTL is `ttlSeconds`. */
export function publicPageCacheControl(ttlSeconds: number, settings: HttpCacheSettings): string {
  const browser = Math.min(settings.browserMaxAgeSeconds, ttlSeconds);
  const swr = settings.staleWhileRevalidateSeconds;
  return `public, max-age=${browser}, s-maxage=${ttlSeconds}${swr > 0 ? `, stale-while-revalidate=${swr}` : ''}`;
}

/** The Cache-Control of a visitor's 404 screen (and 410) or error page: short-lived, or never kept when set to 0. */
export function errorCacheControl(status: number, settings: HttpCacheSettings): string {
  const seconds = status === 404 || status === 410 ? settings.notFoundMaxAgeSeconds : settings.errorMaxAgeSeconds;
  return seconds > 0 ? `public, max-age=${seconds}` : NO_STORE;
}

export interface AnswerFacts {
  /** The request carries a member's cookie that verifies, or the page resolved a member. */
  member: boolean;
  /** The registry entry's `cache` policy. */
  cache: 'no-cache' | number;
  status: number;
  /** The 404 screen or the error page (handleError), rather than the page's own render. */
  errorScreen: boolean;
}

/**
 * What an HTML answer may be kept as, known before it renders; null for a visitor's 200 of a page with a TTL, which
 * is public only once its document is complete (`publicPageCacheControl`), else `no-store`.
 */
export function documentCacheControl(facts: AnswerFacts, settings: HttpCacheSettings): string | null {
  if (facts.member) return PRIVATE;
  if (facts.errorScreen) return errorCacheControl(facts.status, settings);
  if (facts.cache === 'no-cache') return PRIVATE;
  if (facts.status >= 400) return errorCacheControl(facts.status, settings);
  return facts.status === 200 ? null : NO_STORE;
}

/** Sets a public answer's Cache-Control and Vary. */
export function setPublicCaching(reply: FastifyReply, cacheControl: string): FastifyReply {
  return reply.header('cache-control', cacheControl).header('vary', PUBLIC_VARY);
}

/** Sets an answer's Cache-Control, with the Vary of a public one when it is public. */
export function setCaching(reply: FastifyReply, cacheControl: string): FastifyReply {
  return cacheControl.startsWith('public') ? setPublicCaching(reply, cacheControl) : reply.header('cache-control', cacheControl);
}
