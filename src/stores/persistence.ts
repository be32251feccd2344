/**
 * SPEC 4 "State persistence": client state is saved to sessionStorage on pagehide (or unload) and restored on the next
 * load; stores marked no-cache are excluded. What is saved is only the page stores' state: city, user, site and route
 * always come from the server's snapshot of this request (the user's token must never sit in storage, and a restored
 * route would show stale data), and fetch states are transient.
 */
export const PERSIST_KEY = 'portal:state';
export const PERSIST_VERSION = 1;
/** A saved state older than this is ignored (a tab reopened the next day starts clean). */
export const PERSIST_MAX_AGE_MS = 12 * 60 * 60 * 1000;
/** sessionStorage is small (5 MB per origin); a state larger than this is not written at all. */
export const PERSIST_MAX_BYTES = 256 * 1024;

/** The app-level stores and whether they are persisted: all of them come from the server or are transient. */
export const APP_STORE_RULES = {
  city: 'no-cache',
  user: 'no-cache',
  site: 'no-cache',
  route: 'no-cache',
  fetch: 'no-cache',
} as const;

interface Saved {
  v: number;
  at: number;
  stores: Record<string, unknown>;
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Serialize the persistable stores; null when there is nothing to save or it is too large. */
export function encodeState(stores: Record<string, unknown>, now: number): string | null {
  if (Object.keys(stores).length === 0) return null;
  const text = JSON.stringify({ v: PERSIST_VERSION, at: now, stores } satisfies Saved);
  return text.length > PERSIST_MAX_BYTES ? null : text;
}

/** Parse what a previous load saved; anything malformed, of another version or too old gives {}. */
export function decodeState(text: string | null, now: number): Record<string, unknown> {
  if (!text) return {};
  try {
    const raw = JSON.parse(text) as Partial<Saved> | null;
    if (!raw || raw.v !== PERSIST_VERSION || typeof raw.at !== 'number' || now - raw.at > PERSIST_MAX_AGE_MS || now < raw.at - 60_000)
      return {};
    const stores = raw.stores;
    if (!stores || typeof stores !== 'object' || Array.isArray(stores)) return {};
    return stores as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Save (or clear) the state; storage errors (quota, private mode) are swallowed: persistence is best effort. */
export function saveState(storage: KeyValueStorage | null, stores: Record<string, unknown>, now = Date.now()): boolean {
  if (!storage) return false;
  try {
    const text = encodeState(stores, now);
    if (text === null) storage.removeItem(PERSIST_KEY);
    else storage.setItem(PERSIST_KEY, text);
    return text !== null;
  } catch {
    return false;
  }
}

export function loadState(storage: KeyValueStorage | null, now = Date.now()): Record<string, unknown> {
  if (!storage) return {};
  try {
    return decodeState(storage.getItem(PERSIST_KEY), now);
  } catch {
    return {};
  }
}
