/**
 * What the browser keeps for the search and the city picker (issue 14, SPEC 9), in local storage: the visitor's recent
 * searches (never sent to the server: /search stays cacheable) and the city list. Every access tolerates a browser
 * without storage (private mode, disabled): the features then simply remember nothing.
 */

export interface RecentSearch {
  /** What was searched or picked. */
  q: string;
  /** The picked suggestion's page; absent for a typed keyword (its results page). */
  url?: string;
}

const RECENT_KEY = 'xf:search:recent';
const CITIES_KEY = 'xf:cities';
export const RECENT_MAX = 10;

function read(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: nothing is remembered.
  }
}

const isRecent = (v: unknown): v is RecentSearch =>
  typeof v === 'object' && v !== null && typeof (v as RecentSearch).q === 'string' && (v as RecentSearch).q.length > 0;

/** A stored url is only ever a path of this site. */
const safeUrl = (url: unknown) => (typeof url === 'string' && /^\/(?![/\\])/.test(url) ? url : undefined);

export function readRecent(): RecentSearch[] {
  const list = read(RECENT_KEY);
  if (!Array.isArray(list)) return [];
  return list
    .filter(isRecent)
    .slice(0, RECENT_MAX)
    .map((r) => ({ q: r.q.slice(0, 50), ...(safeUrl(r.url) ? { url: safeUrl(r.url) } : {}) }));
}

/** Puts a search first (once), keeps the last ten; returns the new list. */
export function rememberSearch(entry: RecentSearch): RecentSearch[] {
  const q = entry.q.trim().slice(0, 50);
  if (!q) return readRecent();
  const list = [{ q, ...(entry.url ? { url: entry.url } : {}) }, ...readRecent().filter((r) => r.q !== q)].slice(0, RECENT_MAX);
  write(RECENT_KEY, list);
  return list;
}

export function clearRecent(): void {
  write(RECENT_KEY, null);
}

/** SPEC 9: the browser keeps the city list; stored with the time it was fetched. */
export function storeCityList(list: ReadonlyArray<{ cityId: number; name: string; pinyin: string }>): void {
  write(CITIES_KEY, { at: Date.now(), list });
}
