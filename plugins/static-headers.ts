import path from 'node:path';
import type { FastifyReply } from 'fastify';

/**
 * A content-addressed file name: a hash of the content as its last dot- or dash-separated part before the extension
 * (`skyline.3fa4b2c1.svg`, `logo-9f86d081884c7d65.png`): 8 to 64 hex digits. Such a file never changes under its
 * name, so browsers and CDNs may keep it for a year without asking again.
 */
const CONTENT_ADDRESSED = /[.-][0-9a-f]{8,64}\.[a-z0-9]+$/i;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else in public/ (the numbered placeholder pictures, the favicon) may change in place: a day, then revalidated. */
export const SHORT_CACHE = 'public, max-age=86400';

/** `file` may be a pre-compressed variant (`….svg.br`): its name is that of the file it encodes. */
export const isContentAddressed = (file: string): boolean => CONTENT_ADDRESSED.test(path.basename(file).replace(/\.(br|gz)$/, ''));

/** @fastify/static `setHeaders` for public/ (`/img/…`, `/favicon.svg`): immutable for content-addressed names only. */
export function publicFileHeaders(reply: FastifyReply, file: string): void {
  reply.header('cache-control', isContentAddressed(file) ? IMMUTABLE : SHORT_CACHE);
}
