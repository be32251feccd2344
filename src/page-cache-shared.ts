import { createHash } from 'node:crypto';
import { Ajv } from 'ajv';
import type { Redis } from 'ioredis';
import type { CachedPage } from './page-cache.ts';
import { pathOfKey } from './page-cache-purge.ts';
import type { EntryUsage, SharedUsage } from './page-cache-stats.ts';
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

/**
 * What the channel carries: every process moves to a generation, drops one page from its own LRU, or (issue 36 part 2,
 * the ops console) drops every page of a path or of a registry entry (src/page-cache-purge.ts).
 */
export type PageCacheMessage =
  | { type: 'generation'; generation: number }
  | { type: 'forget'; key: string }
  | { type: 'purge'; target: { kind: 'path'; path: string } | { kind: 'entry'; entry: string }; from: string };

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
    {
      type: 'object',
      required: ['type', 'target', 'from'],
      additionalProperties: false,
      properties: {
        type: { const: 'purge' },
        // The process that purged (it dropped its own copies already).
        from: { type: 'string', maxLength: 100 },
        target: {
          oneOf: [
            {
              type: 'object',
              required: ['kind', 'path'],
              additionalProperties: false,
              properties: { kind: { const: 'path' }, path: { type: 'string', maxLength: 2048 } },
            },
            {
              type: 'object',
              required: ['kind', 'entry'],
              additionalProperties: false,
              properties: { kind: { const: 'entry' }, entry: { type: 'string', maxLength: 200 } },
            },
          ],
        },
      },
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
  return `${sharedPrefix(registry, generation)}${key}`;
}

/** What every shared key of a registry and generation starts with (issue 36 part 2: the console scans them). */
export function sharedPrefix(registry: Registry, generation: number): string {
  return `portal:page:${registryHash(registry)}:${generation}:`;
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

/** How many keys one SCAN step asks for. */
const SCAN_BATCH = 500;

/** Every key starting with `prefix`, a batch at a time, until `maxKeys` were seen; true when it stopped early. */
async function scanKeys(redis: Redis, prefix: string, maxKeys: number, each: (keys: string[]) => Promise<void>): Promise<boolean> {
  let cursor = '0';
  let seen = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', SCAN_BATCH);
    cursor = next;
    if (keys.length) await each(keys);
    seen += keys.length;
    if (seen >= maxKeys) return cursor !== '0';
  } while (cursor !== '0');
  return false;
}

/** Issue 36 part 2: the pages Redis holds under `prefix` (a registry and generation), by registry entry. */
export async function sharedUsage(
  redis: Redis,
  prefix: string,
  entryOf: (pageKey: string) => string,
  maxKeys: number,
): Promise<SharedUsage> {
  const byEntry = new Map<string, EntryUsage>();
  let entries = 0;
  let bytes = 0;
  const truncated = await scanKeys(redis, prefix, maxKeys, async (keys) => {
    const pipeline = redis.pipeline();
    for (const k of keys) pipeline.strlen(k);
    const sizes = (await pipeline.exec()) ?? [];
    keys.forEach((k, i) => {
      const size = Number(sizes[i]?.[1] ?? 0);
      if (!size) return;
      const entry = entryOf(k.slice(prefix.length));
      const usage = byEntry.get(entry) ?? { entry, entries: 0, bytes: 0, hits: 0 };
      usage.entries++;
      usage.bytes += size;
      byEntry.set(entry, usage);
      entries++;
      bytes += size;
    });
  });
  return { entries, bytes, byEntry: [...byEntry.values()].sort((a, b) => b.bytes - a.bytes), truncated };
}

/** Issue 36 part 2: deletes the pages under `prefix` whose page key passes `test`; adds their paths; returns how many. */
export async function unlinkShared(redis: Redis, prefix: string, test: (pageKey: string) => boolean, paths: Set<string>): Promise<number> {
  let dropped = 0;
  await scanKeys(redis, prefix, Number.POSITIVE_INFINITY, async (keys) => {
    const doomed = keys.filter((k) => test(k.slice(prefix.length)));
    for (const k of doomed) paths.add(pathOfKey(k.slice(prefix.length)));
    if (doomed.length) dropped += await redis.unlink(...doomed);
  });
  return dropped;
}
