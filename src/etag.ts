import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import fresh from 'fresh';

/**
 * The one way the portal makes ETags (issue 11 point 5): a weak validator from the bytes of the identity body, so
 * its compressed forms share it. Hashed assets are immutable and need none; other static files revalidate by
 * Last-Modified.
 */
export function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** The request's validators match the answer's ETag (If-None-Match, by jshttp/fresh's rules): answer 304. */
export function isFresh(reqHeaders: IncomingHttpHeaders, etag: string): boolean {
  return fresh(reqHeaders, { etag });
}
