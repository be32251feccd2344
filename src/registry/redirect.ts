import type { Registry } from './load.ts';

/**
 * SPEC 2.5: where a registry redirect rule sends `url` (path and query), or null. `:name` in `to` takes the matched
 * param; the query goes along. The one rule for full loads (plugins/redirects.ts) and /-/data answers.
 */
export function registryRedirect(registry: Registry, url: string): { location: string; status: 301 | 302 | 307 | 308 } | null {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const hit = registry.redirects.match(path);
  if (!hit) return null;
  const to = hit.target.to.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => encodeURIComponent(hit.params[name] ?? ''));
  return { location: q === -1 ? to : to + url.slice(q), status: hit.target.status };
}
