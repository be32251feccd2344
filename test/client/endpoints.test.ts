import t from 'tap';
import { buildTestApp, readRegistry } from '../helpers/build.ts';
import { startFakeGateway } from '../helpers/fake-gateway.ts';

const event = { kind: 'pageview', page: 'home', pageUrl: 'http://localhost/?shareUserId=u1', platFormDesc: 'wap', shareUserId: 'u1' };

async function setup(t: { teardown(fn: () => unknown): void }, opts: { trackingFails?: boolean; apk?: string | null } = {}) {
  const received: unknown[] = [];
  const gateway = await startFakeGateway((app) => {
    app.post('/api/huoDongTG/install', async (req, reply) => {
      received.push(req.body);
      if (opts.trackingFails) return reply.code(503).send({ status: 503, message: 'down' });
      return { status: 200, obj: { id: received.length } };
    });
    app.get('/api/app/version/resolve/Android', async (_req, reply) =>
      opts.apk === undefined ? reply.code(500).send({ status: 500 }) : { status: 200, obj: { apkUrl: opts.apk } },
    );
  });
  const logLines: string[] = [];
  const portal = await buildTestApp({ gatewayUrl: gateway.url, logLines });
  t.teardown(async () => {
    await portal.close();
    await gateway.close();
  });
  const logs = () => logLines.map((l) => JSON.parse(l) as Record<string, unknown>);
  const until = async (cond: () => boolean) => {
    for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  };
  return { portal, received, logs, until };
}

t.test('POST /-/track: validated, logged with the request id, forwarded to the gateway, 204', async (t) => {
  const { portal, received, logs, until } = await setup(t);
  // sendBeacon sends text/plain.
  const res = await portal.app.inject({
    method: 'POST',
    url: '/-/track',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-request-id': 'req-track-1' },
    payload: JSON.stringify(event),
  });
  t.equal(res.statusCode, 204);
  await until(() => received.length > 0);
  t.match(received[0], { ...event, event: 'pageview', cityId: 1 });
  const line = logs().find((l) => l.tracking === 'pageview');
  t.equal(line?.reqId, 'req-track-1', 'logged with the request id');
  const json = await portal.app.inject({
    method: 'POST',
    url: '/-/track',
    payload: { ...event, kind: 'close', openTime: 1, closeTime: 5, stayTime: 4 },
  });
  t.equal(json.statusCode, 204, 'a JSON body works too');
  await until(() => received.length > 1);
  t.match(received[1], { kind: 'close', stayTime: 4 });
});

t.test('a member is named in the forwarded event', async (t) => {
  const { portal, received, until } = await setup(t);
  await portal.app.inject({ method: 'POST', url: '/-/track', headers: { cookie: portal.memberCookie() }, payload: event });
  await until(() => received.length > 0);
  t.match(received[0], { uid: 'u1001', userId: '1001' });
  t.notMatch(JSON.stringify(received[0]), /tok/, 'never the token');
});

t.test('bad bodies are 400 and forward nothing', async (t) => {
  const { portal, received } = await setup(t);
  for (const payload of [
    'not json',
    JSON.stringify({ ...event, kind: 'purchase' }),
    JSON.stringify({ kind: 'pageview' }),
    JSON.stringify({ ...event, pageUrl: 'x'.repeat(3000) }),
  ]) {
    const res = await portal.app.inject({ method: 'POST', url: '/-/track', headers: { 'content-type': 'text/plain' }, payload });
    t.equal(res.statusCode, 400, payload.slice(0, 40));
  }
  const big = await portal.app.inject({
    method: 'POST',
    url: '/-/track',
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ ...event, homeImg: 'x'.repeat(10_000) }),
  });
  t.equal(big.statusCode, 413);
  await new Promise((r) => setTimeout(r, 50));
  t.same(received, []);
  // Unknown fields are dropped by the schema, never forwarded.
  const extra = await portal.app.inject({ method: 'POST', url: '/-/track', payload: { ...event, extra: '<x>' } });
  t.equal(extra.statusCode, 204);
  await new Promise((r) => setTimeout(r, 50));
  t.notMatch(JSON.stringify(received[0]), /extra/);
});

t.test('a flood of beacons from one address meets the tracking limit: 429, not forwarded; other addresses go on', async (t) => {
  const { portal, received, until } = await setup(t);
  const rule = readRegistry().site.rateLimits.tracking;
  t.ok(rule, 'registry.json names the tracking limit');
  const max = rule?.max ?? 0;
  const beacon = (ip: string) =>
    portal.app.inject({
      method: 'POST',
      url: '/-/track',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify(event),
      remoteAddress: ip,
    });
  for (let i = 0; i < max; i++) {
    const res = await beacon('10.60.0.1');
    if (res.statusCode !== 204) t.fail(`beacon ${i + 1}: ${res.statusCode}`);
  }
  await until(() => received.length >= max);
  const over = await beacon('10.60.0.1');
  t.equal(over.statusCode, 429, `beacon ${max + 1}`);
  t.same(over.json(), { status: 429, message: '操作过于频繁，请稍后再试' });
  t.ok(Number(over.headers['retry-after']) >= 1, 'Retry-After');
  await new Promise((r) => setTimeout(r, 50));
  t.equal(received.length, max, 'the refused beacon is not forwarded');
  t.equal((await beacon('10.60.0.2')).statusCode, 204, 'another address has a window of its own');
});

t.test('a failing gateway never fails the page: still 204, a warn line', async (t) => {
  const { portal, received, logs, until } = await setup(t, { trackingFails: true });
  const res = await portal.app.inject({ method: 'POST', url: '/-/track', payload: event });
  t.equal(res.statusCode, 204);
  await until(() => logs().some((l) => l.msg === 'tracking forward to the gateway failed'));
  t.equal(received.length, 1);
  t.equal(logs().find((l) => l.msg === 'tracking forward to the gateway failed')?.level, 40, 'warn');
});

t.test('the browser query check is a warn line with hasXss, not forwarded', async (t) => {
  const { portal, received, logs } = await setup(t);
  const res = await portal.app.inject({
    method: 'POST',
    url: '/-/track',
    payload: { kind: 'xss', page: 'zufang.list', pageUrl: 'http://localhost/zufang/?q=<x>', platFormDesc: 'wap', hasXss: true },
  });
  t.equal(res.statusCode, 204);
  await new Promise((r) => setTimeout(r, 30));
  t.same(received, []);
  t.match(
    logs().find((l) => l.hasXss === true && l.tracking === 'xss'),
    { level: 40, page: 'zufang.list' },
  );
});

t.test('/downloadapp shows every store and the apk from the gateway', async (t) => {
  const { portal } = await setup(t, { apk: 'https://dl.example.com/xf-5.8.2.apk' });
  const res = await portal.app.inject('/downloadapp/');
  t.equal(res.statusCode, 200);
  for (const label of ['App Store', '华为应用市场', '小米应用商店', 'OPPO 软件商店', 'vivo 应用商店', '打开APP', '立即下载'])
    t.match(res.body, label);
  t.match(res.body, 'https://dl.example.com/xf-5.8.2.apk');
  const data = await portal.app.inject('/-/data/app/');
  t.equal(data.statusCode, 200);
  const body = data.json();
  t.equal(body.route.module, 'downloadapp', '/app/ is the same screen');
  t.equal(body.route.data.apkUrl, 'https://dl.example.com/xf-5.8.2.apk');
});

t.test('/downloadapp still works when the apk lookup fails', async (t) => {
  const { portal } = await setup(t);
  const res = await portal.app.inject('/downloadapp');
  t.equal(res.statusCode, 200);
  t.match(res.body, 'market://details?id=');
});
