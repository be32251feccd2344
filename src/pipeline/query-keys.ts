import type { Registry } from '../registry/load.ts';
import type { PageEntry } from '../registry/types.ts';
import { middlewareChain } from './run-page.ts';

export interface QueryKeyTables {
  middleware: Readonly<Record<string, readonly string[]>>;
  validators: Readonly<Record<string, readonly string[]>>;
  loaders: Readonly<Record<string, readonly string[]>>;
}

export type QueryKeysOf = (registry: Registry, page: PageEntry) => ReadonlySet<string> | null;

/** A page whose answers the page cache may keep: `page-cache` in its chain and a TTL as its cache policy. */
export function pageCacheable(registry: Registry, page: PageEntry): boolean {
  return typeof page.cache === 'number' && middlewareChain(registry, page).includes('page-cache');
}

/**
 * The query keys that change a page-cached page (issue 11 point 4): those its middleware, validator and loader read,
 * plus its registry `query`. Null for pages the cache never keeps: they see the whole query. Worked out once per
 * page entry (a registry reload brings new entries).
 */
export function createQueryKeys(tables: QueryKeyTables): QueryKeysOf {
  const known = new WeakMap<PageEntry, ReadonlySet<string> | null>();
  return (registry, page) => {
    let keys = known.get(page);
    if (keys === undefined) {
      keys = pageCacheable(registry, page)
        ? new Set([
            ...middlewareChain(registry, page).flatMap((name) => tables.middleware[name] ?? []),
            ...(page.validate ? (tables.validators[page.validate] ?? []) : []),
            ...(page.loader ? (tables.loaders[page.loader] ?? []) : []),
            ...(page.query ?? []),
          ])
        : null;
      known.set(page, keys);
    }
    return keys;
  };
}

/** The query a page is handed: only its keys, when it has a set; repeated keys keep their first value. */
export function pickQuery(query: Record<string, string>, keys: ReadonlySet<string> | null): Record<string, string> {
  if (!keys) return query;
  const out: Record<string, string> = {};
  for (const k of Object.keys(query)) if (keys.has(k)) out[k] = query[k];
  return out;
}
