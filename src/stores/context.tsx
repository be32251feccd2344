import { createContext, type ReactNode, useContext, useState } from 'react';
import { proxy, useSnapshot } from 'valtio';
import type { AppState } from './app-state.ts';
import { type FetchState, type FetchStates, idleFetchState } from './fetch-state.ts';
import { createPageStores, type PageStoreDef, type PageStores } from './page-store.ts';

/**
 * On the server the context holds a plain per-request object; in the browser it holds valtio proxies seeded
 * from the serialized snapshot. Components read through `useAppState()` and never touch a module-level store.
 */
export interface Stores {
  state: AppState;
  pages: PageStores;
  fetch: FetchStates;
}

const StoreContext = createContext<Stores | null>(null);
/** Set by the browser entry around the whole tree, so the stores it persists are the ones the screens use. */
const BrowserStoresContext = createContext<Omit<Stores, 'state'> | null>(null);

const isBrowser = typeof window !== 'undefined';

/** Fresh page stores and fetch states: per request on the server, per page load in the browser. */
export function createStores(): Omit<Stores, 'state'> {
  return { pages: createPageStores({ reactive: isBrowser }), fetch: isBrowser ? proxy<FetchStates>({}) : {} };
}

/** Browser only: hand the entry's stores to the StoreProvider inside App. */
export function BrowserStoresProvider({ stores, children }: { stores: Omit<Stores, 'state'>; children: ReactNode }) {
  return <BrowserStoresContext.Provider value={stores}>{children}</BrowserStoresContext.Provider>;
}

export function StoreProvider({ state, children }: { state: AppState; children: ReactNode }) {
  const outer = useContext(BrowserStoresContext);
  // One set per provider instance: a server render (one per request) never shares page stores with another.
  const [own] = useState(() => outer ?? createStores());
  return <StoreContext.Provider value={{ state, pages: own.pages, fetch: own.fetch }}>{children}</StoreContext.Provider>;
}

export function useStores(): Stores {
  const stores = useContext(StoreContext);
  if (!stores) throw new Error('useStores outside StoreProvider');
  return stores;
}

/** The raw state (proxy in the browser): for writes in event handlers. */
export function useAppStore(): AppState {
  return useStores().state;
}

/** A render-safe read: a valtio snapshot in the browser (re-renders on change), the plain object on the server. */
export function useAppState(): AppState {
  const state = useAppStore();
  // The branch is fixed per environment, so the hook order never changes between renders.
  // biome-ignore lint/correctness/useHookAtTopLevel: constant per environment
  return isBrowser ? (useSnapshot(state) as AppState) : state;
}

/**
 * A page store: `[snapshot for render, store for writes]`. On the server both are the same plain object, fresh for
 * the request; in the browser the store is a valtio proxy shared by every component of the page.
 */
export function usePageStore<T extends object>(def: PageStoreDef<T>, key?: string): [T, T] {
  const store = useStores().pages.get(def, key);
  // biome-ignore lint/correctness/useHookAtTopLevel: constant per environment
  const snap = isBrowser ? (useSnapshot(store) as T) : store;
  return [snap, store];
}

const IDLE: FetchState = Object.freeze(idleFetchState());

/** The fetch state of one page key (pending, error, timestamp), render-safe. */
export function useFetchState(key: string): FetchState {
  const states = useStores().fetch;
  // biome-ignore lint/correctness/useHookAtTopLevel: constant per environment
  const snap = isBrowser ? (useSnapshot(states) as FetchStates) : states;
  return snap[key] ?? IDLE;
}
