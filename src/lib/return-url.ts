/**
 * A return URL (bUrl) is only ever a same-site path: one leading slash, no scheme, no `//host`, no backslash
 * tricks, no control characters. Anything else falls back to the home page.
 */
export function safeReturnPath(candidate: unknown, fallback = '/'): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2048) return fallback;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return fallback;
  try {
    const url = new URL(candidate, 'http://same.site');
    if (url.host !== 'same.site') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
