import type { Registry } from './registry/load.ts';

/**
 * Issue 36 part 2: what the ops console may drop from the page cache, and which cached keys that is. A path drops every
 * copy of that path (each city, mobile and PC, every query variant the page keeps); a registry entry every copy of
 * every path its patterns match; everything moves every process to the next cache generation
 * (plugins/page-cache.ts `retireAll`). Keys are those of src/page-cache.ts: `<site kind>|<city id>|<path>[?<query>]`.
 */

export type PurgeTarget = { kind: 'path'; path: string } | { kind: 'entry'; entry: string } | { kind: 'all' };

/** What a purge dropped, for the log, the console and the CDN hook. */
export interface PurgeResult {
  target: PurgeTarget;
  /** Entries dropped from this process's LRU (the others report theirs in their own log). */
  local: number;
  /** Entries dropped from Redis; null without a shared level (or for `all`: the whole generation retires). */
  redis: number | null;
  /** True when the purge reached every process through Redis; false: this process only. */
  everyProcess: boolean;
  /** The distinct paths dropped (for the CDN); empty for `all`. */
  paths: string[];
}

const MAX_PATH = 2048;

/** The path of a page key (after the site kind and the city, before the query). */
export function pathOfKey(pageKey: string): string {
  const first = pageKey.indexOf('|');
  const second = pageKey.indexOf('|', first + 1);
  const rest = pageKey.slice(second + 1);
  const q = rest.indexOf('?');
  return q === -1 ? rest : rest.slice(0, q);
}

/** One spelling of a path, as the router sees it: decoded, lower case, no trailing slash (but `/`). */
export function normalisePath(path: string): string {
  let p = path;
  try {
    p = decodeURIComponent(p);
  } catch {
    // Not percent-encoding: keep it as it is.
  }
  p = p.toLowerCase();
  return p.length > 1 ? p.replace(/\/+$/, '') || '/' : p;
}

/** Reads a purge request (a form or JSON body); a string is the refusal's message, in Chinese for the console. */
export function parsePurgeTarget(body: unknown, registry: Registry): PurgeTarget | string {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  switch (b.kind) {
    case 'all':
      // A plain form must tick the box: one click does not empty the cache of every process.
      if (b.confirm !== true && str(b.confirm) !== 'yes') return '清除全部缓存需要勾选确认';
      return { kind: 'all' };
    case 'entry': {
      const entry = str(b.entry);
      if (!registry.byName.has(entry)) return `注册表中没有页面条目「${entry.slice(0, 80)}」`;
      return { kind: 'entry', entry };
    }
    case 'path': {
      let path = str(b.path);
      // A whole URL is welcome: its path is what the cache keys hold.
      if (/^https?:\/\//i.test(path)) {
        try {
          path = new URL(path).pathname;
        } catch {
          return '地址格式不正确';
        }
      }
      const q = path.indexOf('?');
      if (q !== -1) path = path.slice(0, q);
      if (!path.startsWith('/') || path.length > MAX_PATH || /\s/.test(path)) return '路径须以 / 开头，且不含空格';
      return { kind: 'path', path };
    }
    default:
      return '未知的清除方式';
  }
}

/** Which page keys a path or entry purge drops (`all` drops everything without looking at keys). */
export function purgeTest(target: PurgeTarget, registry: Registry): (pageKey: string) => boolean {
  if (target.kind === 'all') return () => true;
  if (target.kind === 'path') {
    const wanted = normalisePath(target.path);
    return (pageKey) => normalisePath(pathOfKey(pageKey)) === wanted;
  }
  return (pageKey) => registry.pages.match(pathOfKey(pageKey))?.target.name === target.entry;
}

/** The purge as one log field: `path /aboutUs`, `entry home`, `all`. */
export function describePurge(target: PurgeTarget): string {
  return target.kind === 'all' ? 'all' : target.kind === 'path' ? `path ${target.path}` : `entry ${target.entry}`;
}
