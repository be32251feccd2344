/**
 * Known ways to smuggle an off-site address through a return-path check (issue 11 point 2). Each entry is the
 * string the check receives (already decoded once, as a form body or a query value is).
 */
export const RETURN_BYPASSES: readonly string[] = [
  // scheme-relative and backslash forms
  '//evil.com',
  '///evil.com',
  '////evil.com/x',
  '/\\evil.com',
  '\\/evil.com',
  '\\\\evil.com',
  '/\\/evil.com',
  '/./\\evil.com',
  // dot segments that fold into `//`
  '/.//evil.com',
  '/a/..//evil.com',
  '/a/b/../..//evil.com',
  '/..//evil.com',
  '/a/./..//evil.com',
  // encoded dots and slashes
  '/%2e//evil.com',
  '/%2E//evil.com',
  '/a/%2e%2e//evil.com',
  '/a/.%2e//evil.com',
  '/a/%2E./%2e%2e//evil.com',
  '/%2f/evil.com',
  '/%2F%2Fevil.com',
  '/%5cevil.com',
  '/%5C%5Cevil.com',
  '%2f%2fevil.com',
  '%2F/evil.com',
  // double encoding
  '/%252f%252fevil.com',
  '/%252e%252e//evil.com',
  '%252F%252Fevil.com',
  // control characters and whitespace the browser strips or folds
  '/\t/evil.com',
  '/\n/evil.com',
  '/\r/evil.com',
  '/\r\n/evil.com',
  '/\u0000/evil.com',
  '\t//evil.com',
  '\u0000//evil.com',
  ' //evil.com',
  ' /evil.com',
  '/ /evil.com',
  '/\u00a0/evil.com',
  '/\u3000/evil.com',
  '/\u2028/evil.com',
  '/\ufeff/evil.com',
  '/%09/evil.com',
  '/%0a/evil.com',
  // schemes
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.domain)',
  '/javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'https://evil.com',
  'http://evil.com/',
  'https:evil.com',
  'https:/evil.com',
  'https:/\\evil.com',
  'HTTPS://EVIL.COM',
  // userinfo
  '//localhost@evil.com',
  'http://localhost@evil.com/',
  '//user:pass@evil.com',
  '/@evil.com',
  '@evil.com',
  // unicode look-alike slashes
  '/\uff0f/evil.com',
  '\uff0f\uff0fevil.com',
  '/\u2215/evil.com',
  '\u2215\u2215evil.com',
  '/\u2044/evil.com',
  '/\u29f8/evil.com',
  // no leading slash, odd lengths
  'evil.com',
  '.evil.com',
  '?//evil.com',
  '#//evil.com',
  '',
  `/${'a'.repeat(5000)}`,
  `/${'%2e/'.repeat(600)}/evil.com`,
];

/** Values that are not strings at all (a JSON body can carry any of them). */
export const NON_STRING_RETURNS: readonly unknown[] = [undefined, null, 42, true, {}, ['/ok'], { toString: () => '//evil.com' }];

/** Where a browser goes when it follows `location` from a page of http://localhost/ (null: it cannot). */
export function resolvedByBrowser(location: string): URL | null {
  try {
    return new URL(location, 'http://localhost/');
  } catch {
    return null;
  }
}

/** True when following `location` keeps the browser on http://localhost. */
export function staysOnSite(location: string | undefined): boolean {
  if (location === undefined) return true;
  const url = resolvedByBrowser(location);
  return url !== null && url.origin === 'http://localhost' && !url.username && !url.password;
}

/** A case's name for a test report: every character outside printable ASCII as \uXXXX, cut to 80 characters. */
export function caseName(value: unknown): string {
  const s = typeof value === 'string' ? value : String(value);
  const printable = s.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return JSON.stringify(printable.length > 80 ? `${printable.slice(0, 80)}…` : printable);
}
