/**
 * The one rule for return addresses (bUrl, back, a Referer's path): a path on this site, decided on what a browser
 * would make of it. Pure code: it runs on the server and in the browser.
 */

/** Longer return addresses are refused, not cut: a cut path is a different page. */
export const RETURN_PATH_MAX = 2048;

/** A fixed base that no real request can name, so "same origin as the base" means "a path, no host". */
const BASE = 'http://return-path.invalid';

/**
 * Control characters, whitespace (ASCII and Unicode: browsers strip or fold some of them before parsing) and the
 * backslash (a `/` to the URL parser). None has a place in an address this site builds.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
const FORBIDDEN = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/;

/**
 * The normalised same-site path (path + query, no fragment) of `candidate`, or null when it is not one. The
 * candidate is parsed by the WHATWG URL parser against a fixed base and its normalised output is checked, so dot
 * segments (`/a/..//x`), their encodings (`/%2e//x`) and everything else the parser folds are judged after folding.
 */
export function normaliseReturnPath(candidate: unknown): string | null {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > RETURN_PATH_MAX) return null;
  if (candidate[0] !== '/' || FORBIDDEN.test(candidate)) return null;
  const known = normalised.get(candidate);
  if (known !== undefined) return known;
  const out = parsedReturnPath(candidate);
  if (normalised.size >= NORMALISED_MAX) normalised.clear();
  normalised.set(candidate, out);
  return out;
}

/**
 * The answers for the addresses seen last (a pure function of the string): every page builds its login links from
 * its own path, and the URL parser is the costly part (issue 20). Bounded; emptied when full.
 */
const normalised = new Map<string, string | null>();
const NORMALISED_MAX = 2000;

function parsedReturnPath(candidate: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.username || url.password) return null;
  const out = url.pathname + url.search;
  if (out[0] !== '/' || out[1] === '/' || out[1] === '\\') return null;
  if (FORBIDDEN.test(out) || out.length > RETURN_PATH_MAX) return null;
  return out;
}

/** `candidate` as a safe return path; anything that could leave the site becomes `fallback` (itself checked). */
export function safeReturnPath(candidate: unknown, fallback = '/'): string {
  return normaliseReturnPath(candidate) ?? normaliseReturnPath(fallback) ?? '/';
}

/**
 * The path + query of a Referer sent from this site (`host` is the request's host), or undefined: a Referer from any
 * other origin says nothing about where to return.
 */
export function sameSiteRefererPath(referer: unknown, host: string | undefined): string | undefined {
  if (typeof referer !== 'string' || !host) return undefined;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // Parsed with the same scheme so that `localhost:80` and `localhost` name the same host.
  let own: URL;
  try {
    own = new URL(`${url.protocol}//${host}`);
  } catch {
    return undefined;
  }
  if (url.host !== own.host || own.pathname !== '/' || own.username || own.password) return undefined;
  return url.pathname + url.search;
}
