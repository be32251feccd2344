import t from 'tap';
import { buildTestApp } from '../helpers/build.ts';
import { ADMIN_TOKEN, BEARER, opsData, purge } from './helpers.ts';

/**
 * Issue 36 part 2: the console's purge in one process (tests/scale/ops-purge.test.ts has two processes over Redis and
 * a cluster): by exact path (every city, site and query variant of it), by registry entry (all its variants), or
 * everything (after a confirmation); the next request is a MISS, other pages stay cached.
 */

const PC = { host: 'pc.localhost' };

t.test('purge by path, by registry entry and everything: the next request is a MISS, the rest stays', async (t) => {
  const portal = await buildTestApp({ adminToken: ADMIN_TOKEN });
  t.teardown(portal.close);
  const { app } = portal;
  const cache = async (url: string, headers: Record<string, string> = {}) => (await app.inject({ url, headers })).headers['x-cache'];
  const warm = async () => {
    for (const [url, headers] of [
      ['/aboutUs', {}],
      ['/aboutUs', PC],
      ['/zixun/', {}],
    ] as const)
      await app.inject({ url, headers });
  };
  await warm();
  t.equal(await cache('/aboutUs'), 'HIT');
  t.equal(await cache('/aboutUs', PC), 'HIT');

  // A path, as ops may type it: another case, a trailing slash; both sites' copies go.
  const byPath = await purge(portal, { kind: 'path', path: '/AboutUs/' });
  t.equal(byPath.statusCode, 200);
  t.match(byPath.json(), {
    status: 200,
    purge: { target: { kind: 'path', path: '/AboutUs/' }, local: 2, redis: null, everyProcess: false },
  });
  t.same(byPath.json().purge.paths, ['/aboutUs']);
  t.equal(await cache('/aboutUs'), 'MISS', 'the next request is a MISS');
  t.equal(await cache('/aboutUs', PC), 'MISS', 'on the PC site too');
  t.equal(await cache('/zixun/'), 'HIT', 'another page stays cached');

  // A registry entry: every copy of every path it matches.
  await warm();
  const byEntry = await purge(portal, { kind: 'entry', entry: 'aboutUs' });
  t.match(byEntry.json().purge, { local: 2 });
  t.equal(await cache('/aboutUs'), 'MISS');
  t.equal(await cache('/aboutUs', PC), 'MISS');
  t.equal(await cache('/zixun/'), 'HIT');

  // Everything: asked for twice, the first time without the confirmation.
  await warm();
  const unconfirmed = await purge(portal, { kind: 'all' });
  t.equal(unconfirmed.statusCode, 400);
  t.same(unconfirmed.json(), { status: 400, message: '清除全部缓存需要勾选确认' });
  t.equal(await cache('/zixun/'), 'HIT', 'nothing dropped');
  const all = await purge(portal, { kind: 'all', confirm: true });
  t.match(all.json().purge, { target: { kind: 'all' }, local: 3 });
  for (const [url, headers] of [
    ['/aboutUs', {}],
    ['/aboutUs', PC],
    ['/zixun/', {}],
  ] as const)
    t.equal(await cache(url, headers), 'MISS', `${url} ${headers === PC ? 'PC' : ''}: MISS after everything`);
});

t.test('a purge the console cannot read is refused with its reason', async (t) => {
  const portal = await buildTestApp({ adminToken: ADMIN_TOKEN });
  t.teardown(portal.close);
  for (const [body, message] of [
    [{ kind: 'path', path: 'aboutUs' }, '路径须以 / 开头，且不含空格'],
    [{ kind: 'path', path: '/a b' }, '路径须以 / 开头，且不含空格'],
    [{ kind: 'entry', entry: 'noSuchPage' }, '注册表中没有页面条目「noSuchPage」'],
    [{ kind: 'everything' }, '未知的清除方式'],
  ] as const) {
    const res = await purge(portal, body);
    t.equal(res.statusCode, 400, JSON.stringify(body));
    t.same(res.json(), { status: 400, message });
  }
  // A whole URL is taken for its path.
  const url = await purge(portal, { kind: 'path', path: 'http://localhost:3000/aboutUs?utm=1' });
  t.match(url.json().purge.target, { kind: 'path', path: '/aboutUs' });
  // A bearer caller is a script: JSON, whatever it accepts.
  const form = await portal.app.inject({
    method: 'POST',
    url: '/-/ops/purge',
    headers: { ...BEARER, accept: 'text/html' },
    payload: { kind: 'all' },
  });
  t.equal(form.json().message, '清除全部缓存需要勾选确认', 'a bearer caller always gets JSON');
});

t.test('the slowest pages and gateway endpoints come from the app’s metrics (issue 36 part 1)', async (t) => {
  const portal = await buildTestApp({ adminToken: ADMIN_TOKEN });
  t.teardown(portal.close);
  const { metrics } = portal.app;
  for (let i = 0; i < 20; i++) {
    metrics.request('home', 200, 0.03, 0.08, 0);
    metrics.request('xinfang.detail', 200, 0.2, 0.9, 0);
    metrics.gateway.called('api/house/findById/7', 'GET');
    metrics.gateway.ended('api/house/findById/7', 0.4, null);
    metrics.gateway.called('api/city/findAll', 'GET');
    metrics.gateway.ended('api/city/findAll', 0.02, null);
  }
  const data = await opsData(portal);
  if (!data.slowest.enabled) throw new Error(`slowest not enabled: ${data.slowest.reason}`);
  t.same(
    data.slowest.pages.map((p) => p.entry),
    ['xinfang.detail', 'home'],
    'the slowest first',
  );
  t.match(data.slowest.pages[1], { entry: 'home', count: 20, ttfbP95Ms: Number });
  t.ok(data.slowest.pages[0].p95Ms > 500 && data.slowest.pages[0].p95Ms <= 1000, `p95 inside its bucket (${data.slowest.pages[0].p95Ms})`);
  t.same(
    data.slowest.endpoints.slice(0, 1).map((e) => [e.endpoint, e.count]),
    [['api/house/findById/:id', 20]],
    'the slowest endpoint first, by its pattern',
  );
  t.ok(
    data.slowest.endpoints.some((e) => e.endpoint === 'api/city/findAll' && e.count >= 20),
    'the quick one after it',
  );
  const page = await portal.app.inject({ url: '/-/ops', headers: BEARER });
  t.match(page.body, 'xinfang.detail');
  t.notMatch(page.body, '指标未启用');
});
