import t from 'tap';
import type { PageContext } from '../../src/pipeline/types.ts';
import { validators } from '../../src/validators/index.ts';
import { proxiedTestBackend, startTestBackend } from '../helpers/backend.ts';
import { buildTestApp } from '../helpers/build.ts';

/**
 * New homes after issue 12 point 2: the list's canonical 301 is the registry's xinfang-query middleware, malformed ids
 * and pages are turned away by the page's validator before any gateway call, the head comes from the page's data, and
 * a member's visit to an estate is sent to the view history by the pipeline (never on the ad twin).
 */

const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
const descriptionOf = (html: string) => html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? '';

/** The embedded backend behind a proxy that notes every call the portal makes to it. */
async function recordingGateway(t: { teardown(fn: () => unknown): void }) {
  const calls: string[] = [];
  const { url, backend } = await proxiedTestBackend(t, (_req, forward, carried) => {
    calls.push(...carried);
    forward();
  });
  const gw = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(
      backend.url + path,
      body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {},
    );
    return ((await res.json()) as { obj: T }).obj;
  };
  return { url, calls, gw };
}

const until = async (check: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

t.test('new homes over a recording gateway', async (t) => {
  const gateway = await recordingGateway(t);
  const { app, memberCookie, close } = await buildTestApp({ gatewayUrl: gateway.url });
  t.teardown(close);
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

  type Estate = { houseId: number; name: string };
  const all = (await gateway.gw<{ content: Estate[] }>('/api/house/findListByWap', { cityId: 1, size: 100 })).content;
  const estate = all[0];
  t.equal((await get('/xinfang/')).statusCode, 200, 'the city is known (its lookup is cached from here on)');

  t.test('malformed ids and pages are the 404 screen without a gateway call', async (t) => {
    for (const url of [
      '/xinfang/details-old?houseId=abc',
      '/xinfang/details-old?id=08',
      '/xinfang/findByJingJiRenDaoGuo/0/BMS001',
      '/xinfang/belonger?houseId=1e3',
      '/xinfang/belonger?id=99999999999',
      '/xinfang/wendalist?houseId=-3',
      `/xinfang/pjguwen/7?houseId=${estate.houseId}x`,
      '/xinfang/salesRanking?page=0',
      '/xinfang/starAgent?page=10000',
      '/huxing/lp0/',
      '/huxing/lp99999999999/',
      '/huxing/l2/',
      '/huxing/magnifyImg?huxingId=abc',
      `/dongtai/${estate.houseId}?page=0`,
      '/dongtai/details?id=30&houseId=abc',
      '/dongtaiDetail/details?DTid=abc',
      '/dongtaiDetail/details?id=30&houseId=0',
    ]) {
      gateway.calls.length = 0;
      const res = await get(url);
      t.equal(res.statusCode, 404, url);
      t.match(res.body, '外星人', `${url} shows the 404 screen`);
      t.same(gateway.calls, [], `${url} asks the gateway nothing`);
    }
  });

  t.test('the spellings those validators accept are pages', async (t) => {
    for (const url of [
      `/xinfang/details-old?houseId=${estate.houseId}`,
      `/xinfang/belonger?houseId=${estate.houseId}`,
      `/xinfang/wendalist?houseId=${estate.houseId}`,
      '/xinfang/wendalist?id=',
      '/xinfang/salesRanking?page=1',
    ]) {
      t.equal((await get(url)).statusCode, 200, url);
    }
  });

  t.test('a member’s visit to an estate goes to the view history as a new home’s; the ad twin’s does not', async (t) => {
    const history = `GET /api/house/saveHouseViewHistory/${estate.houseId}/u1001/wap?kind=newhouse`;
    for (const url of [`/xinfang/${estate.houseId}.html`, `/xinfang/dy/${estate.houseId}.html`, `/-/data/xinfang/${estate.houseId}.html`]) {
      gateway.calls.length = 0;
      t.equal((await get(url, { cookie: memberCookie() })).statusCode, 200, url);
      t.ok(await until(() => gateway.calls.includes(history)), `${url} records the member’s view`);
    }
    gateway.calls.length = 0;
    t.equal((await get(`/ad/xinfang/${estate.houseId}.html`, { cookie: memberCookie() })).statusCode, 200);
    await new Promise((r) => setTimeout(r, 200));
    t.notOk(
      gateway.calls.some((c) => c.includes('saveHouseViewHistory')),
      'the ad twin records nothing (SPEC 4)',
    );
    gateway.calls.length = 0;
    t.equal((await get(`/xinfang/${estate.houseId}.html`)).statusCode, 200);
    await new Promise((r) => setTimeout(r, 200));
    t.notOk(
      gateway.calls.some((c) => c.includes('saveHouseViewHistory')),
      'a visitor has no history',
    );
  });

  t.test('heads built from the data: every agent counted, the hot estates named', async (t) => {
    const agents = await gateway.gw<unknown[]>('/api/belongerLouPanBind/getBelongerLouPanListNew', { houseId: estate.houseId });
    const bel = await get(`/xinfang/belonger?id=${estate.houseId}`);
    t.match(descriptionOf(bel.body), `${estate.name}的${agents.length}位置业顾问`);
    const hot = await gateway.gw<Estate[]>('/api/house/findWapHotLoupan?cityId=1&limit=6');
    const hx = await get('/huxing/');
    t.equal(hx.statusCode, 200);
    t.match(
      descriptionOf(hx.body),
      `长沙热门新楼盘户型图大全：${hot
        .slice(0, 3)
        .map((e) => e.name)
        .join('、')}等楼盘`,
    );
    t.equal(titleOf(hx.body), '长沙新房户型图大全_长沙热门楼盘户型_湘房网');
  });
});

t.test('the list’s query-form redirect is the xinfang-query middleware the registry names', async (t) => {
  const backend = await startTestBackend();
  t.teardown(() => backend.close());
  const named = await buildTestApp({ gatewayUrl: backend.url });
  t.teardown(named.close);
  const res = await named.app.inject({ url: '/xinfang/?sort=priceAsc&kw=%20湖%20' });
  t.equal(res.statusCode, 301);
  t.equal(res.headers.location, `/xinfang/o1/?keyword=${encodeURIComponent('湖')}`, 'the search word is kept, trimmed');
  const data = await named.app.inject({ url: '/-/data/xinfang/T1/' });
  t.equal(data.statusCode, 200, 'a path in another case is the same page');

  const without = await buildTestApp({
    gatewayUrl: backend.url,
    editRegistry: (r) => {
      const list = r.pages.find((p) => p.loader === 'xinfangList');
      if (list) delete list.middleware;
    },
  });
  t.teardown(without.close);
  const plain = await without.app.inject({ url: '/xinfang/?sort=priceAsc' });
  t.equal(plain.statusCode, 200, 'without the middleware in the registry the loader does not redirect');
});

t.test('the id validators follow src/lib/ids.ts for every spelling a page accepts', async (t) => {
  const ctx = (params: Record<string, string>, query: Record<string, string>) => ({ params, query }) as unknown as PageContext;
  const cases: Array<[string, Record<string, string>, Record<string, string>, boolean]> = [
    ['estateId', {}, { houseId: '12' }, true],
    ['estateId', {}, { id: 'x', houseId: '12' }, false],
    ['estateId', { houseId: '12', bmsHouseId: 'B1' }, {}, true],
    ['estateId', {}, {}, false],
    ['optionalEstateId', {}, {}, true],
    ['optionalEstateId', {}, { id: '' }, true],
    ['optionalEstateId', {}, { houseId: '007' }, false],
    ['numericIdWithHouse', { id: '3' }, { houseId: '' }, true],
    ['numericIdWithHouse', { id: '3' }, { houseId: '2147483648' }, false],
    ['dongtaiId', {}, { DTid: '30' }, true],
    ['dongtaiId', {}, { DTid: '30', houseId: 'a' }, false],
    ['numericIdWithPage', { id: '8' }, { page: '2' }, true],
    ['numericIdWithPage', { id: '8' }, { page: '' }, false],
    ['huxingId', {}, { huxingId: '37' }, true],
    ['huxingId', {}, { huxingId: '3.7' }, false],
    ['huxingTail', { '*': 'lp12/l3/' }, {}, true],
    ['huxingTail', { '*': 'LP12/' }, {}, true],
    ['huxingTail', { '*': 'l3/' }, {}, false],
    ['pageNumber', {}, {}, true],
    ['pageNumber', {}, { page: '9999' }, true],
    ['pageNumber', {}, { page: '01' }, false],
  ];
  for (const [name, params, query, ok] of cases) {
    t.equal(await validators[name](ctx(params, query)), ok, `${name} ${JSON.stringify({ ...params, ...query })}`);
  }
});
