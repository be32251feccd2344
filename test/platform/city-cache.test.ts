import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import t, { type Test } from 'tap';
import { createCityApi } from '../../src/api/city.ts';
import { type CallContext, createClients } from '../../src/api/http.ts';
import { buildTestApp } from '../helpers/build.ts';
import { CITIES, startFakeGateway } from '../helpers/fake-gateway.ts';

/** Issue 11 points 3 and 8: the city cache keeps only real answers and cannot be flushed by made-up sub-domains. */

const silent: CallContext = { reqId: 't', log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger };

/** A fake gateway whose city answer for `wh` can be switched between broken ways and the real city. */
async function switchableGateway(t: Test) {
  const state: { answer: unknown; http: number } = { answer: {}, http: 200 };
  const gateway = await startFakeGateway((app) => {
    // The fake's own route answers the real city; this hook answers the switchable one first.
    app.addHook('onRequest', async (req, reply) => {
      if (!req.url.startsWith('/api/city/getCityByDomain?domain=wh')) return;
      if (state.answer === 'real') return;
      return reply.code(state.http).send({ status: state.http, obj: state.answer });
    });
  });
  t.teardown(() => gateway.close());
  return { gateway, state };
}

t.test('a city first looked up while the gateway answered an empty obj is found as soon as the gateway recovers', async (t) => {
  const { gateway, state } = await switchableGateway(t);
  const portal = await buildTestApp({ gatewayUrl: gateway.url });
  t.teardown(() => portal.close());
  for (const broken of [{}, { cityId: 'x' }, []] as unknown[]) {
    state.answer = broken;
    const res = await portal.app.inject({ url: '/aboutUs', headers: { host: 'wh.localhost' } });
    t.equal(res.statusCode, 502, `${JSON.stringify(broken)}: the error page, not "no such city"`);
    t.notMatch(res.body, '城市ID不存在');
  }
  state.answer = 'real';
  const res = await portal.app.inject({ url: '/aboutUs', headers: { host: 'wh.localhost' } });
  t.equal(res.statusCode, 200, 'the recovered gateway is believed at once');
  t.match(res.body, /<title>武汉/);
});

t.test('a failing gateway is not remembered either', async (t) => {
  const { gateway, state } = await switchableGateway(t);
  const portal = await buildTestApp({ gatewayUrl: gateway.url });
  t.teardown(() => portal.close());
  state.http = 503;
  state.answer = null;
  t.equal((await portal.app.inject({ url: '/', headers: { host: 'wh.localhost' } })).statusCode, 503, 'gateway 503: 503');
  state.answer = 'real';
  t.equal((await portal.app.inject({ url: '/', headers: { host: 'wh.localhost' } })).statusCode, 200);
});

t.test('an unknown label is remembered briefly, in its own cache', async (t) => {
  const gateway = await startFakeGateway();
  t.teardown(() => gateway.close());
  const clients = createClients({ gatewayUrl: gateway.url, timeoutMs: 2000 });
  const api = createCityApi(clients.gateway, { unknownTtlMs: 200 });
  const calls = () => gateway.calls.filter((c) => c.includes('domain=nowhere')).length;
  t.equal(await api.getCityByDomain(silent, 'nowhere'), null);
  t.equal(await api.getCityByDomain(silent, 'nowhere'), null);
  t.equal(calls(), 1, 'the second lookup is answered from the short cache');
  await new Promise((r) => setTimeout(r, 250));
  await api.getCityByDomain(silent, 'nowhere');
  t.equal(calls(), 2, 'after its few seconds the gateway is asked again');
});

t.test('2,000 made-up labels neither reach the gateway twice nor push 武汉 out of the city cache', async (t) => {
  const gateway = await startFakeGateway();
  t.teardown(() => gateway.close());
  // The unknown-label cache is given minutes here: a loaded test machine must not expire it mid-test.
  const api = createCityApi(createClients({ gatewayUrl: gateway.url, timeoutMs: 5000 }).gateway, { unknownTtlMs: 600_000 });
  const lookUpMadeUpLabels = async (from = 0) => {
    for (let i = from; i < 2000; i += 100) {
      await Promise.all(Array.from({ length: 100 }, (_, j) => api.getCityByDomain(silent, `label${i + j}`)));
    }
  };
  t.same(await api.getCityByDomain(silent, 'wh'), CITIES[1]);
  await lookUpMadeUpLabels();
  const before = gateway.calls.length;
  t.same(await api.getCityByDomain(silent, 'wh'), CITIES[1]);
  t.equal(gateway.calls.length, before, '武汉 is still cached');
  await lookUpMadeUpLabels(1500);
  t.equal(gateway.calls.length, before, 'and the latest made-up labels are remembered (the unknown cache is bounded)');
});

t.test('labels that cannot be a city domain are refused without a gateway call and without an ERROR line', async (t) => {
  const lines: string[] = [];
  const gateway = await startFakeGateway();
  t.teardown(() => gateway.close());
  const portal = await buildTestApp({ gatewayUrl: gateway.url, logLines: lines });
  t.teardown(() => portal.close());
  for (const label of ['a'.repeat(50), '1abc', 'xn--', 'a-', '_x', 'a_b']) {
    const res = await portal.app.inject({ url: '/', headers: { host: `${label}.localhost` } });
    t.equal(res.statusCode, 404, `${label}: 404`);
    t.match(res.body, 'util:城市ID不存在');
  }
  t.equal(gateway.calls.filter((c) => c.includes('getCityByDomain')).length, 0, 'no gateway call');
  t.notOk(
    lines.some((l) => JSON.parse(l).level >= 50),
    'no ERROR log line',
  );
});

t.test('concurrent lookups of one label share one gateway call', async (t) => {
  const gateway = await startFakeGateway();
  t.teardown(() => gateway.close());
  const api = createCityApi(createClients({ gatewayUrl: gateway.url, timeoutMs: 2000 }).gateway);
  await Promise.all(Array.from({ length: 20 }, () => api.getCityByDomain(silent, 'cs')));
  t.equal(gateway.calls.filter((c) => c.includes('domain=cs')).length, 1);
});
