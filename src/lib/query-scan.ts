/**
 * SPEC 5 query check: `>`, `<`, quotes, `&` and `#` in a decoded query key or value are logged as a possible XSS
 * probe (never blocked). One rule for the server log (plugins/logging.ts) and the browser beacon
 * (src/client/tracking.ts). Pure code.
 */
import { normaliseReturnPath } from './return-url.ts';

const SUSPICIOUS = /[<>'"&#]/;
/** In a return path `&` separates its own query; everything else stays suspicious. */
const SUSPICIOUS_IN_RETURN_PATH = /[<>'"#]/;
/** How deep return paths nested in return paths are opened before a value is judged as it is. */
const MAX_NESTING = 3;

/** A decoded query as Fastify parses it, or a raw search string (`?a=1&b=2`, with or without `?`). */
export type ScannedQuery = string | Readonly<Record<string, unknown>>;

export function queryHasXss(query: ScannedQuery): boolean {
  const pairs = typeof query === 'string' ? searchPairs(query) : objectPairs(query);
  return pairs.some(([key, value]) => SUSPICIOUS.test(key) || valueHasXss(value, 0));
}

function valueHasXss(value: string, depth: number): boolean {
  if (!SUSPICIOUS.test(value)) return false;
  // The server's own `/login?bUrl=/im/session?a=1&b=2` carries a whole path + query: judge the parts it is made of.
  if (depth < MAX_NESTING && normaliseReturnPath(value) !== null) return returnPathHasXss(value, depth + 1);
  return true;
}

function returnPathHasXss(path: string, depth: number): boolean {
  if (SUSPICIOUS_IN_RETURN_PATH.test(path)) return true;
  const q = path.indexOf('?');
  if (SUSPICIOUS.test(decode(q === -1 ? path : path.slice(0, q)))) return true;
  if (q === -1) return false;
  return searchPairs(path.slice(q + 1)).some(([key, value]) => SUSPICIOUS.test(key) || valueHasXss(value, depth));
}

/** Decoded key/value pairs of a search string; a malformed escape is kept as it is. */
function searchPairs(search: string): Array<[string, string]> {
  const q = search.startsWith('?') ? search.slice(1) : search;
  const pairs: Array<[string, string]> = [];
  for (const part of q.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    pairs.push(eq === -1 ? [decode(part), ''] : [decode(part.slice(0, eq)), decode(part.slice(eq + 1))]);
  }
  return pairs;
}

function objectPairs(query: Readonly<Record<string, unknown>>): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const one of value) pairs.push([key, String(one)]);
    else pairs.push([key, value === undefined || value === null ? '' : String(value)]);
  }
  return pairs;
}

function decode(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}
