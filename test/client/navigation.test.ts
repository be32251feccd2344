import t from 'tap';
import { createNavigation, type DataAnswer, type NavigationDeps } from '../../src/client/navigation.ts';
import { clientRouteTable, compileClientRoutes } from '../../src/client/route-table.ts';
import type { AppState, RouteState } from '../../src/stores/app-state.ts';
import type { FetchStates } from '../../src/stores/fetch-state.ts';
import { readRegistry } from '../helpers/build.ts';

const routes = compileClientRoutes(clientRouteTable(readRegistry()));
// Every module the registry names has a chunk, plus the error screens.
const KNOWN = new Set([...readRegistry().pages.map((p) => p.module), 'not-found', 'error']);
const moduleOf = (path: string) => routes.match(path)?.module ?? '';

function route(page: string, module: string, path: string, extra: Partial<RouteState> = {}): RouteState {
  return {
    page,
    module,
    layout: 'default',
    header: true,
    footer: true,
    path,
    params: {},
    query: {},
    renderedAt: Date.now(),
    status: 200,
    data: null,
    head: { title: `${page}_湘房网`, description: '', keywords: '', canonical: '' },
    noTrack: false,
    ...extra,
  };
}

/** A fake browser: an address bar, a history stack, a server answering /-/data. */
function harness(
  answers: Record<string, DataAnswer | Error | Promise<DataAnswer>>,
  opts: { failChunks?: string[]; routesFail?: boolean } = {},
) {
  const state = {
    city: { selectCityId: 1, selectCityName: '长沙', host: '', pcHost: '', scene: '', servicePhone: '' },
    user: { uid: '', userId: '', headUrl: '', nickName: '', phone: '', userSig: '' },
    site: { brand: '湘房网', supervisionPhone: '', icpNumber: '', creditCode: '', siteKind: 'mobile' },
    route: route('home', 'home', '/'),
  } as AppState;
  let href = 'http://m.test/';
  const stack: Array<{ href: string; state: unknown }> = [{ href, state: null }];
  let index = 0;
  const log: string[] = [];
  const fetchStates: FetchStates = {};
  const deps: NavigationDeps = {
    state,
    fetchStates,
    routes: async () => (opts.routesFail ? null : routes),
    hasModule: (k) => KNOWN.has(k),
    loadPage: async (k) => {
      log.push(`chunk ${k}`);
      if (opts.failChunks?.includes(k)) throw new TypeError('Failed to fetch dynamically imported module');
    },
    fetchData: async (url) => {
      log.push(`data ${url}`);
      const a = answers[url];
      if (a instanceof Error) throw a;
      return (await a) ?? { status: 404, message: 'This page could not be found' };
    },
    fullLoad: (to, replace) => log.push(`full ${replace ? 'replace' : 'assign'} ${to}`),
    location: () => {
      const u = new URL(href);
      return { href, origin: u.origin, pathname: u.pathname, search: u.search, hash: u.hash };
    },
    history: {
      get state() {
        return stack[index].state;
      },
      pushState(s: unknown, _t: string, url?: string | URL | null) {
        stack.splice(index + 1);
        href = new URL(String(url), href).href;
        stack.push({ href, state: s });
        index++;
      },
      replaceState(s: unknown, _t: string, url?: string | URL | null) {
        href = new URL(String(url), href).href;
        stack[index] = { href, state: s };
      },
    },
    scrollY: () => 640,
    committed: (info) => log.push(`committed ${JSON.stringify(info)}`),
    checkQuery: (search, page) => log.push(`check ${page} ${search}`),
  };
  const nav = createNavigation(deps);
  return {
    nav,
    state,
    log,
    fetchStates,
    href: () => href,
    stack,
    back() {
      index--;
      href = stack[index].href;
    },
  };
}

t.test('a link: chunk and data in parallel, then a history entry, the new route and scroll to the top', async (t) => {
  const zufang = route('zufang.list', moduleOf('/zufang/'), '/zufang/');
  const h = harness({ '/-/data/zufang/?page=2': { status: 200, route: zufang, user: { ...harness({}).state.user, uid: 'u1' } } });
  await h.nav.navigate('/zufang/?page=2');
  t.equal(h.href(), 'http://m.test/zufang/?page=2');
  t.equal(h.stack.length, 2, 'one new history entry');
  t.same(h.stack[0].state, { scroll: 640 }, 'the scroll position of the screen left is kept for the way back');
  t.equal(h.state.route, zufang);
  t.equal(h.state.user.uid, 'u1', 'the login state follows the server');
  t.same(h.log, [
    'check zufang.list ?page=2',
    `chunk ${moduleOf('/zufang/')}`,
    'data /-/data/zufang/?page=2',
    `chunk ${moduleOf('/zufang/')}`,
    `committed ${JSON.stringify({ pop: false, scroll: 0, hash: '', swapped: true })}`,
  ]);
  t.ok('zufang.list' in h.fetchStates, 'the fetch state of the page is kept');
});

t.test('replace writes no new entry; back shows the kept screen without fetching again', async (t) => {
  const a = route('zufang.list', 'zufang/list', '/zufang/');
  const b = route('xiaoqu.list', 'xiaoqu/list', '/xiaoqu/');
  const h = harness({ '/-/data/zufang/': { status: 200, route: a }, '/-/data/xiaoqu/': { status: 200, route: b } });
  await h.nav.navigate('/zufang/');
  await h.nav.navigate('/xiaoqu/', { replace: true });
  t.equal(h.stack.length, 2);
  t.equal(h.href(), 'http://m.test/xiaoqu/');
  h.back();
  h.log.length = 0;
  await h.nav.pop();
  t.equal(h.state.route.page, 'home', 'the home screen kept from the visit');
  t.notOk(
    h.log.some((l) => l.startsWith('data')),
    'no fetch for a recent back',
  );
  t.match(h.log.at(-1), /"pop":true,"scroll":640/, 'the saved scroll position is restored');
});

t.test('a redirect answer is followed like the browser would; the redirecting URL is no history entry', async (t) => {
  const login = route('login', 'login', '/login');
  const h = harness({
    '/-/data/personalcenter': { status: 302, redirect: '/login?bUrl=%2Fpersonalcenter' },
    '/-/data/login?bUrl=%2Fpersonalcenter': { status: 200, route: login },
  });
  await h.nav.navigate('/personalcenter');
  t.equal(h.href(), 'http://m.test/login?bUrl=%2Fpersonalcenter');
  t.equal(h.stack.length, 2);
  t.equal(h.state.route, login);

  const away = harness({ '/-/data/zufang/': { status: 301, redirect: 'https://wh.example.com/zufang/' } });
  await away.nav.navigate('/zufang/');
  t.same(away.log.at(-1), 'full assign https://wh.example.com/zufang/', 'another host: a full load');

  const loop = harness({ '/-/data/zufang/': { status: 302, redirect: '/zufang/' } });
  await loop.nav.navigate('/zufang/');
  t.match(loop.log.at(-1), /^full assign http:\/\/m\.test\/zufang\/$/, 'a redirect loop ends in a full load');
});

t.test('404 → the 404 screen; another error → the error page with its status', async (t) => {
  const h = harness({
    '/-/data/ershoufang/1.html': { status: 404, message: 'This page could not be found' },
    '/-/data/zufang/': { status: 502, message: 'Gateway GET x failed' },
  });
  await h.nav.navigate('/ershoufang/1.html');
  t.equal(h.href(), 'http://m.test/ershoufang/1.html', 'the URL changes as on a full load');
  t.same([h.state.route.module, h.state.route.status, h.state.route.head.title], ['not-found', 404, '页面不存在_湘房网']);
  await h.nav.navigate('/zufang/');
  t.same([h.state.route.module, h.state.route.status, (h.state.route.data as { message: string }).message], ['error', 502, '']);
});

t.test('full loads: unknown path, redirect rule, other origin, unknown module, failed chunk, failed request, no route table', async (t) => {
  const cases: Array<[string, ReturnType<typeof harness>, string]> = [
    ['/no/such/thing', harness({}), 'full assign http://m.test/no/such/thing'],
    ['/xinfanghome', harness({}), 'full assign http://m.test/xinfanghome'],
    ['https://other.example.com/', harness({}), 'full assign https://other.example.com/'],
    ['tel:0731', harness({}), 'full assign tel:0731'],
    [
      '/zufang/',
      harness({ '/-/data/zufang/': { status: 200, route: route('zufang.list', 'brand-new-module', '/zufang/') } }),
      'full assign http://m.test/zufang/',
    ],
    [
      '/downloadapp/',
      harness(
        { '/-/data/downloadapp/': { status: 200, route: route('downloadapp', 'downloadapp', '/downloadapp/') } },
        { failChunks: ['downloadapp'] },
      ),
      'full assign http://m.test/downloadapp/',
    ],
    ['/zufang/', harness({ '/-/data/zufang/': new TypeError('Failed to fetch') }), 'full assign http://m.test/zufang/'],
    ['/zufang/', harness({}, { routesFail: true }), 'full assign http://m.test/zufang/'],
  ];
  for (const [to, h, expected] of cases) {
    await h.nav.navigate(to);
    t.equal(h.log.at(-1), expected, to);
    t.equal(h.state.route.page, 'home', `${to}: the screen did not change`);
    t.equal(h.stack.length, 1, `${to}: no history entry written`);
  }
});

t.test('a newer navigation wins over a slower older one', async (t) => {
  const b = route('xiaoqu.list', 'xiaoqu/list', '/xiaoqu/');
  let release!: (a: DataAnswer) => void;
  const slow = new Promise<DataAnswer>((r) => (release = r));
  const h = harness({ '/-/data/xiaoqu/': { status: 200, route: b }, '/-/data/zufang/': slow });
  const first = h.nav.navigate('/zufang/');
  await new Promise((r) => setImmediate(r));
  const second = h.nav.navigate('/xiaoqu/');
  release({ status: 200, route: route('zufang.list', 'zufang/list', '/zufang/') });
  await Promise.all([first, second]);
  t.equal(h.state.route, b);
  t.equal(h.href(), 'http://m.test/xiaoqu/');
  t.equal(h.stack.length, 2, 'only the newer navigation wrote history');
});

t.test('an anchor on the same screen only scrolls', async (t) => {
  const h = harness({});
  await h.nav.navigate('/#dl-stores');
  t.equal(h.href(), 'http://m.test/#dl-stores');
  t.same(h.log, [`committed ${JSON.stringify({ pop: false, scroll: null, hash: '#dl-stores', swapped: false })}`]);
});

t.test('a link to the screen already shown refreshes it without a new history entry', async (t) => {
  const again = route('home', 'home', '/');
  const h = harness({ '/-/data/': { status: 200, route: again } });
  await h.nav.navigate('/');
  t.equal(h.stack.length, 1);
  t.equal(h.state.route, again);
});
