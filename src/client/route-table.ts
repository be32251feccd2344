import { createMatcher } from '../registry/match.ts';
import type { RegistryFile } from '../registry/types.ts';

/**
 * The route table the browser gets (GET /-/routes): each page's name, module and path patterns, and the redirect
 * patterns, nothing else (no loaders, middleware or meta). It is compiled with the server's own matcher
 * (src/registry/match.ts), so a path never matches differently on the two sides.
 */
export interface ClientRouteTable {
  v: 1;
  /** [page name, module key, ...patterns], in registry order (the matcher's precedence depends on it). */
  pages: Array<[string, string, ...string[]]>;
  /** Redirect `from` patterns: such paths are left to the server (a full load follows its redirect). */
  redirects: string[];
  /** Each page module's stylesheet URL (issue 20: CSS per page type); absent without a per-page build. */
  css?: Record<string, string>;
}

export function clientRouteTable(
  file: Pick<RegistryFile, 'pages' | 'redirects'>,
  css: Readonly<Record<string, string>> = {},
): ClientRouteTable {
  const table: ClientRouteTable = {
    v: 1,
    pages: file.pages.map((p) => [p.name, p.module, ...p.paths] as [string, string, ...string[]]),
    redirects: file.redirects.map((r) => r.from),
  };
  const modules = new Set(file.pages.map((p) => p.module));
  // The screens a navigation can show: the registry's modules and the error screens (SPEC 8).
  const styles = Object.entries(css).filter(([key]) => modules.has(key) || key === 'not-found' || key === 'error');
  if (styles.length > 0) table.css = Object.fromEntries(styles);
  return table;
}

export interface ClientRouteHit {
  name: string;
  module: string;
  params: Record<string, string>;
}

export interface ClientRoutes {
  /** The page a path shows, as the server would match it; null for an unknown path. */
  match(pathname: string): ClientRouteHit | null;
  /** True when a registry redirect applies to the path (the server answers it before any page). */
  redirects(pathname: string): boolean;
  /** The stylesheet URL of a page module, or null (no per-page build, or a module it does not know). */
  styleOf(moduleKey: string): string | null;
}

export function isRouteTable(raw: unknown): raw is ClientRouteTable {
  if (!raw || typeof raw !== 'object') return false;
  const t = raw as Partial<ClientRouteTable>;
  return (
    t.v === 1 &&
    Array.isArray(t.pages) &&
    Array.isArray(t.redirects) &&
    t.pages.every((p) => Array.isArray(p) && p.length >= 3 && p.every((x) => typeof x === 'string')) &&
    t.redirects.every((r) => typeof r === 'string') &&
    (t.css === undefined || (typeof t.css === 'object' && t.css !== null && Object.values(t.css).every((h) => typeof h === 'string')))
  );
}

export function compileClientRoutes(table: ClientRouteTable): ClientRoutes {
  const pages = createMatcher(table.pages.map(([name, module, ...patterns]) => ({ patterns, target: { name, module } })));
  const redirects = createMatcher(table.redirects.map((from) => ({ patterns: [from], target: from })));
  return {
    match(pathname) {
      const hit = pages.match(pathname);
      return hit ? { name: hit.target.name, module: hit.target.module, params: hit.params } : null;
    },
    redirects: (pathname) => redirects.match(pathname) !== null,
    styleOf: (key) => (table.css && Object.hasOwn(table.css, key) ? table.css[key] : null),
  };
}
