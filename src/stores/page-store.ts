import { proxy } from 'valtio';

/**
 * Page stores (issue 4 point 2): a screen declares its client state with `definePageStore`, and gets one instance per
 * request on the server (plain object, thrown away with the render) and one valtio proxy per key in the browser.
 * Stores are saved to sessionStorage on pagehide and restored on the next load, unless declared `noCache`.
 */
export interface PageStoreDef<T extends object> {
  readonly name: string;
  readonly init: () => T;
  /** Excluded from sessionStorage persistence (SPEC 4 "Stores marked no-cache are excluded"). */
  readonly noCache: boolean;
}

export function definePageStore<T extends object>(name: string, init: () => T, opts: { noCache?: boolean } = {}): PageStoreDef<T> {
  if (!/^[\w.-]+$/.test(name)) throw new Error(`page store name "${name}" must be word characters, dots or dashes`);
  return { name, init, noCache: opts.noCache ?? false };
}

export const storeKey = (def: PageStoreDef<object>, key = '') => (key ? `${def.name}:${key}` : def.name);

export interface PageStores {
  /** The instance of `def` for `key` (created on first use, restored from the previous load when allowed). */
  get<T extends object>(def: PageStoreDef<T>, key?: string): T;
  /** Snapshots of every store that may be persisted (no-cache stores left out). */
  persistable(): Record<string, unknown>;
  /** Apply restored snapshots to the stores already created (after hydration) and to those created later. */
  restore(saved: Record<string, unknown>): void;
}

export interface PageStoresOptions {
  /** Wrap state in a valtio proxy (the browser); the server keeps plain objects. */
  reactive: boolean;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/**
 * Copy a restored snapshot onto a fresh store: only keys the store declares, and only values of the same kind, so an
 * old or tampered sessionStorage entry can never add fields or change a field's type.
 */
export function mergeRestored<T extends object>(target: T, saved: unknown): T {
  if (!isPlainObject(saved)) return target;
  const t = target as Record<string, unknown>;
  for (const k of Object.keys(t)) {
    if (!(k in saved)) continue;
    const cur = t[k];
    const next = saved[k];
    const sameKind =
      cur === null || cur === undefined || next === null
        ? true
        : Array.isArray(cur)
          ? Array.isArray(next)
          : isPlainObject(cur)
            ? isPlainObject(next)
            : typeof cur === typeof next;
    if (!sameKind) continue;
    if (isPlainObject(cur) && isPlainObject(next)) mergeRestored(cur, next);
    else t[k] = Array.isArray(next) ? structuredCloneSafe(next) : next;
  }
  return target;
}

const structuredCloneSafe = <V>(v: V): V => JSON.parse(JSON.stringify(v)) as V;

/** A fresh set of page stores: one per request on the server, one per page load in the browser. */
export function createPageStores(opts: PageStoresOptions): PageStores {
  const stores = new Map<string, { def: PageStoreDef<object>; state: object }>();
  let restored: Record<string, unknown> | null = null;
  return {
    get<T extends object>(def: PageStoreDef<T>, key = ''): T {
      const k = storeKey(def as PageStoreDef<object>, key);
      const hit = stores.get(k);
      if (hit) return hit.state as T;
      const initial = def.init();
      if (restored && !def.noCache && k in restored) mergeRestored(initial, restored[k]);
      const state = opts.reactive ? proxy(initial) : initial;
      stores.set(k, { def: def as PageStoreDef<object>, state });
      return state;
    },
    persistable() {
      // What a previous load saved for screens not visited on this load is kept for the next one.
      const out: Record<string, unknown> = { ...(restored ?? {}) };
      for (const [k, { def, state }] of stores) {
        if (def.noCache) delete out[k];
        if (!def.noCache) out[k] = structuredCloneSafe(state);
      }
      return out;
    },
    restore(saved) {
      restored = saved;
      for (const [k, { def, state }] of stores) {
        if (!def.noCache && k in saved) mergeRestored(state, saved[k]);
      }
    },
  };
}
