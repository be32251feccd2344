import {
  Component,
  type ComponentType,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { snapshot, subscribe, useSnapshot } from 'valtio';
import { Router } from 'wouter';
import { App } from '../render/App.tsx';
import type { PageProps } from '../render/page-props.ts';
import type { AppState } from '../stores/app-state.ts';
import { BrowserStoresProvider, type Stores } from '../stores/context.tsx';
import type { Navigation } from './navigation.ts';
import { pageComponent } from './pages.ts';

const NavContext = createContext<{ state: AppState; navigation: Navigation } | null>(null);

function useNav(): { state: AppState; navigation: Navigation } {
  const nav = useContext(NavContext);
  if (!nav) throw new Error('wouter location hook outside ClientRoot');
  return nav;
}

/** wouter's location hook: the screen shown (not the address bar: it changes when the new screen is in), and navigate. */
function useNavLocation(): [string, (to: string, opts?: { replace?: boolean }) => void] {
  const { state, navigation } = useNav();
  const path = useSnapshot(state).route.path;
  return [path, (to, opts) => void navigation.navigate(to, { replace: opts?.replace })];
}

/** wouter's search hook: the query of the screen shown. */
function useNavSearch(): string {
  const { state } = useNav();
  useSnapshot(state).route.query;
  return location.search.replace(/^\?/, '');
}

const screenKeys = new WeakMap<object, number>();
let lastScreenKey = 0;
/** A number per route object: the key that makes a new screen mount afresh. */
function screenKey(route: object): number {
  let k = screenKeys.get(route);
  if (k === undefined) {
    k = ++lastScreenKey;
    screenKeys.set(route, k);
  }
  return k;
}

const ScreenContext = createContext<{ Module: ComponentType<PageProps>; key: number } | null>(null);

/**
 * The Page App renders: the screen's module, keyed per screen, so a new screen mounts afresh (as after a full load)
 * and a detail page reached from another detail page does not keep its local state (gallery index, open panels).
 * Page stores, the state meant to survive, live outside.
 */
function ScreenPage(props: PageProps) {
  const current = useContext(ScreenContext);
  if (!current) return null;
  const { Module, key } = current;
  return <Module key={key} {...props} />;
}

interface RootProps {
  state: AppState;
  stores: Omit<Stores, 'state'>;
  navigation: Navigation;
  /** After hydration: restore the page stores saved by the previous load. */
  onHydrated(): void;
  /** After every screen swap (and once after hydration). */
  onScreen(first: boolean): void;
}

/**
 * The browser's tree: wouter's Router with a location hook over the navigation controller (a wouter `<Link>` click is
 * a client navigation), the browser's stores, then exactly the App the server rendered. The Router and the providers
 * render no markup, so the hydrated HTML is the server's. No screen matches paths with wouter (`<Route>`, `useRoute`,
 * `<Switch>`): the server's registry match gives every screen its params, so the Router takes no pattern parser and
 * the registry's compiler stays out of the first page's JavaScript (issue 20; the navigation runtime brings it).
 */
export function ClientRoot({ state, stores, navigation, onHydrated, onScreen }: RootProps) {
  // A new screen is a replaced route object: the proxy's child changes identity. Subscribing to that identity (not to
  // a snapshot of fields) re-renders on every navigation, also between two screens of the same module, and not when a
  // page changes something inside its own route data.
  const screen = useSyncExternalStore(
    useCallback((onChange: () => void) => subscribe(state, onChange), [state]),
    () => state.route,
    () => state.route,
  );
  const current = useMemo(() => ({ Module: pageComponent(screen.module), key: screenKey(screen) }), [screen]);
  // What the screen renders from: a frozen snapshot taken per screen, handed down as the page's props. Navigation
  // replaces the route object and never edits one in place, so the snapshot of a screen stays its data.
  const route = useMemo(() => snapshot(screen) as AppState['route'], [screen]);
  const nav = useMemo(() => ({ state, navigation }), [state, navigation]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, after the hydration commit
  useEffect(() => onHydrated(), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route object is the trigger
  useLayoutEffect(() => onScreen(false), [screen]);

  return (
    <ScreenErrorBoundary>
      <BrowserStoresProvider stores={stores}>
        <NavContext.Provider value={nav}>
          <Router hook={useNavLocation} searchHook={useNavSearch}>
            <ScreenContext.Provider value={current}>
              <App state={state} route={route} Page={ScreenPage} />
            </ScreenContext.Provider>
          </Router>
        </NavContext.Provider>
      </BrowserStoresProvider>
    </ScreenErrorBoundary>
  );
}

const RELOADED_KEY = 'portal:error-reload';

/**
 * A screen that throws while rendering after hydration: reload once (the server renders it, or its error page); if
 * that already happened for this URL, the fallback of SPEC 8 with a link home.
 */
class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  // State set in the constructor, not as a class field: the es2020 build turns fields into helper functions (entry bytes).
  constructor(props: { children: ReactNode }) {
    super(props);
    this.state = { failed: false };
  }
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(): void {
    try {
      if (sessionStorage.getItem(RELOADED_KEY) !== location.href) {
        sessionStorage.setItem(RELOADED_KEY, location.href);
        location.reload();
      }
    } catch {
      // No storage: stay on the fallback.
    }
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div style={{ padding: '48px 16px', textAlign: 'center', fontFamily: 'sans-serif' }}>
        <h1>页面出错了</h1>
        <p>页面暂时无法显示，请稍后再试。</p>
        <p>
          <a href="/">返回首页</a>
        </p>
      </div>
    );
  }
}
