import { createContext, type ReactNode, useContext } from 'react';
import { useSnapshot } from 'valtio';
import type { AppState } from './app-state.ts';

/**
 * On the server the context holds a plain per-request object; in the browser it holds valtio proxies seeded
 * from the serialized snapshot. Components read through `useAppState()` and never touch a module-level store.
 */
const StoreContext = createContext<AppState | null>(null);

export function StoreProvider({ state, children }: { state: AppState; children: ReactNode }) {
  return <StoreContext.Provider value={state}>{children}</StoreContext.Provider>;
}

const isBrowser = typeof window !== 'undefined';

/** The raw state (proxy in the browser): for writes in event handlers. */
export function useAppStore(): AppState {
  const state = useContext(StoreContext);
  if (!state) throw new Error('useAppStore outside StoreProvider');
  return state;
}

/** A render-safe read: a valtio snapshot in the browser (re-renders on change), the plain object on the server. */
export function useAppState(): AppState {
  const state = useAppStore();
  // The branch is fixed per environment, so the hook order never changes between renders.
  // biome-ignore lint/correctness/useHookAtTopLevel: constant per environment
  return isBrowser ? (useSnapshot(state) as AppState) : state;
}
