import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import type { AppState } from '../../src/stores/app-state.ts';
import { StoreProvider } from '../../src/stores/context.tsx';
import { menuPanelReady } from '../../src/ui/Menu.tsx';

// The menu panel is a chunk of its own, imported when Menu.tsx loads (issue 20): renderToString does not wait for it.
await menuPanelReady;

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? Partial<T[K]> : T[K] };

/** A complete fake AppState for UI tests: a visitor on /ershoufang/ in 长沙. */
export function fakeState(over: DeepPartial<AppState> = {}): AppState {
  return {
    city: {
      selectCityId: 1,
      selectCityName: '长沙',
      host: 'http://localhost:3000',
      pcHost: 'http://pc.localhost:3000',
      scene: '',
      servicePhone: '400-800-1234',
      ...over.city,
    },
    user: { uid: '', userId: '', headUrl: '', nickName: '', phone: '', userSig: '', ...over.user },
    site: {
      brand: '安居好房',
      supervisionPhone: '0731-84492630',
      icpNumber: '湘ICP备2021018347号-1',
      creditCode: '91430104MA4T6PQ58K',
      siteKind: 'mobile',
      app: { scheme: 'anju', androidPackage: 'com.anju.app', iosAppStoreId: '1234567890' },
      ...over.site,
    },
    route: {
      page: 'ershoufang',
      module: 'home',
      layout: 'default',
      header: true,
      footer: true,
      path: '/ershoufang/',
      params: {},
      query: {},
      renderedAt: Date.now(),
      status: 200,
      data: null,
      head: { title: '长沙二手房_安居好房', description: '', keywords: '', canonical: 'http://localhost:3000/ershoufang/' },
      noTrack: false,
      ...over.route,
    },
  };
}

/** Server-render a tree the way the server does: inside the store and a wouter Router at the route's path. */
export function render(node: ReactNode, state: AppState = fakeState()): string {
  return renderToString(
    <StoreProvider state={state}>
      <Router ssrPath={state.route.path}>{node}</Router>
    </StoreProvider>,
  );
}

export function renderPage<P>(Page: ComponentType<P>, props: P, state: AppState = fakeState()): string {
  return render(<Page {...(props as P & object)} />, state);
}

/** The visible text of some HTML: tags dropped, entities of the usual kind decoded, whitespace collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
