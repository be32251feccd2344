import { createHash } from 'node:crypto';
import { Ajv } from 'ajv';
import type { CachedPage } from './page-cache.ts';
import type { Registry } from './registry/load.ts';

/**
 * The page cache's second level (issue 20 part 3): with REDIS_URL, every page a process fills is also kept in Redis,
 * so a page rendered by one process or machine is a hit on every other. What Redis holds, and under which key:
 * - the brotli and gzip bodies made at fill time (as the first level keeps them), the ETag and the
 *   content type: all a hit answers with; with the page's own TTL (an expiry in the record, and Redis's PX);
 * - keyed by the registry's content (a process with another registry.json never shares its pages), the cache
 *   generation (a registry reload, or a clear, moves every process to the next one: the old entries retire on both
 *   levels), and the page key of src/page-cache.ts.
 * The generation and the targeted drops travel on one pub/sub channel (src/redis-channel.ts).
 */

export const PAGE_CACHE_CHANNEL = 'portal:page-cache';
export const GENERATION_KEY = 'portal:page-cache:generation';

/** What the channel carries: every process moves to a generation, or drops one page from its own LRU. */
export type PageCacheMessage = { type: 'generation'; generation: number } | { type: 'forget'; key: string };

export const isPageCacheMessage = new Ajv({ strict: true }).compile<PageCacheMessage>({
  oneOf: [
    {
      type: 'object',
      required: ['type', 'generation'],
      additionalProperties: false,
      properties: { type: { const: 'generation' }, generation: { type: 'integer', minimum: 0 } },
    },
    {
      type: 'object',
      required: ['type', 'key'],
      additionalProperties: false,
      properties: { type: { const: 'forget' }, key: { type: 'string', maxLength: 4096 } },
    },
  ],
});

const registryHashes = new WeakMap<Registry, string>();

/** A short hash of the registry's content: the same file gives the same hash in every process. */
export function registryHash(registry: Registry): string {
  let hash = registryHashes.get(registry);
  if (!hash) {
    hash = createHash('sha256').update(JSON.stringify(registry.file)).digest('base64url').slice(0, 16);
    registryHashes.set(registry, hash);
  }
  return hash;
}

export function sharedKey(registry: Registry, generation: number, key: string): string {
  return `portal:page:${registryHash(registry)}:${generation}:${key}`;
}

interface Header {
  etag: string;
  contentType: string;
  expiresAt: number;
  br: number;
  gzip: number;
}

/** One Buffer: a 4-byte header length, the header (JSON), the brotli body, the gzip body. */
export function encodePage(page: CachedPage, ttlMs: number, now = Date.now()): Buffer {
  const header: Header = {
    etag: page.etag,
    contentType: page.contentType,
    expiresAt: now + ttlMs,
    br: page.bodies.br.length,
    gzip: page.bodies.gzip.length,
  };
  const json = Buffer.from(JSON.stringify(header));
  const size = Buffer.alloc(4);
  size.writeUInt32BE(json.length);
  return Buffer.concat([size, json, page.bodies.br, page.bodies.gzip]);
}

/** The page a record holds and the time it has left, or null (expired, or not a record this code wrote). */
export function decodePage(buf: Buffer, registry: Registry, now = Date.now()): { page: CachedPage; ttlMs: number } | null {
  try {
    const size = buf.readUInt32BE(0);
    const header = JSON.parse(buf.subarray(4, 4 + size).toString()) as Header;
    const start = 4 + size;
    if (typeof header.etag !== 'string' || typeof header.contentType !== 'string') return null;
    if (start + header.br + header.gzip !== buf.length) return null;
    const ttlMs = header.expiresAt - now;
    if (!(ttlMs > 0)) return null;
    const br = buf.subarray(start, start + header.br);
    const gzip = buf.subarray(start + header.br);
    return {
      page: { bodies: { br, gzip }, etag: header.etag, contentType: header.contentType, registry },
      ttlMs,
    };
  } catch {
    return null;
  }
}
