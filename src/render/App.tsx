import type { ComponentType } from 'react';
import { Router } from 'wouter';
import type { AppState } from '../stores/app-state.ts';
import { StoreProvider } from '../stores/context.tsx';
import { Layout } from '../ui/Layout.tsx';
import { type MarkupMemo, MarkupMemoContext } from '../ui/markup-memo.tsx';
import type { PageProps } from './page-props.ts';

export interface AppProps {
  state: AppState;
  /**
   * The screen to show. The server's is `state.route` itself; the browser hands a frozen snapshot of the store's
   * current route, so a page is a plain function of its props and never holds the mutable store.
   */
  route?: AppState['route'];
  Page: ComponentType<PageProps>;
  /** Server only: the request's path and search for wouter. */
  ssrPath?: string;
  ssrSearch?: string;
  /** Server only: where markup shared by every visitor of a page state is kept (src/ui/markup-memo.tsx). */
  markup?: MarkupMemo | null;
}

/** The same tree on the server and in the browser: router, stores, layout, the screen. */
export function App({ state, route = state.route, Page, ssrPath, ssrSearch, markup = null }: AppProps) {
  return (
    <MarkupMemoContext value={markup}>
      <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
        <StoreProvider state={state}>
          <Layout>
            <Page data={route.data} params={route.params} query={route.query} />
          </Layout>
        </StoreProvider>
      </Router>
    </MarkupMemoContext>
  );
}
