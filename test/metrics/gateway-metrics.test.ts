import type { FastifyBaseLogger } from 'fastify';
import Fastify from 'fastify';
import pino from 'pino';
import t from 'tap';
import { freePort } from '../../scripts/bench/procs.ts';
import { getObj } from '../../src/api/call.ts';
import { type CallContext, callGateway } from '../../src/api/http.ts';
import { createApi } from '../../src/api/index.ts';
import { registerBatchRoutes } from '../../src/backend/routes/batch.ts';
import { createPortalMetrics } from '../../src/metrics/portal-metrics.ts';
import { gatewayFailure } from '../helpers/gateway-failure.ts';
import { parseMetrics, sampleValue } from '../helpers/metrics-text.ts';

/**
 * Issue 36 part 1, the gateway side: every call is counted once under its endpoint's pattern (never its ids), with its
 * duration, its failures by kind, its retries and the deadlines it ran out of; a batched call counts as itself, never
 * as `api/batch`. Against a stand-in gateway whose endpoints fail in the ways SPEC 7.12 names.
 */
const fake = Fastify({ logger: false });
const hits: string[] = [];
fake.addHook('onRequest', async (req) => {
  hits.push(req.url);
});
registerBatchRoutes(fake);
fake.get('/api/house/findById/:id', async (req) => ({ status: 200, obj: { id: Number((req.params as { id: string }).id) } }));
fake.get('/api/missing/:id', async (_req, reply) => reply.code(404).send({ status: 404, message: '不存在' }));
fake.get('/api/refused', async () => ({ status: 403, message: '无权访问' }));
fake.get('/api/boom', async (_req, reply) => reply.code(500).send({ status: 500, message: 'boom' }));
fake.get('/api/busy', async (_req, reply) => reply.code(503).send({ status: 503, message: 'busy' }));
fake.get('/api/garbled', async (_req, reply) => reply.type('application/json').send('{"status": 200, "obj": '));
fake.get('/api/slow', async () => {
  await new Promise((r) => setTimeout(r, 600));
  return { status: 200, obj: { late: true } };
});
await fake.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(fake.server.address() as { port: number }).port}`;
t.teardown(() => fake.close());

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

function portal(gatewayUrl = base) {
  const metrics = createPortalMetrics();
  const api = createApi({ gatewayUrl, timeoutMs: 250, callObserver: metrics.gateway });
  const scrape = async () => parseMetrics(await metrics.registry.metrics());
  return { metrics, api, scrape };
}
const call: CallContext = { reqId: 'req-36', log };

t.test('calls are counted and timed per endpoint pattern, the ids taken out', async (t) => {
  const { api, scrape } = portal();
  for (const id of [196, 197, 198]) await callGateway(api.clients.gateway, call, `api/house/findById/${id}`);
  const m = await scrape();
  t.equal(sampleValue(m, 'portal_gateway_calls_total', { endpoint: 'api/house/findById/:id', method: 'GET' }), 3);
  t.equal(sampleValue(m, 'portal_gateway_call_duration_seconds_count', { endpoint: 'api/house/findById/:id' }), 3);
  t.equal(sampleValue(m, 'portal_gateway_call_duration_seconds_bucket', { endpoint: 'api/house/findById/:id', le: '+Inf' }), 3);
  t.equal(sampleValue(m, 'portal_gateway_failures_total', { endpoint: 'api/house/findById/:id' }), undefined, 'no failure');
  t.notOk(
    m.some((s) => /\/19\d/.test(s.labels.endpoint ?? '')),
    'no id in any label',
  );
});

t.test('each failure is counted by kind: refused, 5xx, malformed, timeout, network', async (t) => {
  const { scrape, api } = portal();
  const client = api.clients.gateway;
  await gatewayFailure(callGateway(client, call, 'api/missing/7'));
  await gatewayFailure(callGateway(client, call, '/api/refused'));
  await gatewayFailure(callGateway(client, call, 'api/boom'));
  await gatewayFailure(callGateway(client, call, 'api/garbled'));
  await gatewayFailure(callGateway(client, call, 'api/slow'));
  const down = portal(`http://127.0.0.1:${await freePort()}`);
  await gatewayFailure(callGateway(down.api.clients.gateway, call, 'api/house/findById/1'));
  const m = await scrape();
  const failures = (endpoint: string, kind: string) => sampleValue(m, 'portal_gateway_failures_total', { endpoint, kind });
  t.equal(failures('api/missing/:id', 'refused'), 1, 'an HTTP 404');
  t.equal(failures('api/refused', 'refused'), 1, 'a body status 403');
  t.equal(failures('api/boom', '5xx'), 1);
  t.equal(failures('api/garbled', 'malformed'), 1, 'invalid JSON');
  t.equal(failures('api/slow', 'timeout'), 1, 'no answer within GATEWAY_TIMEOUT_MS');
  t.equal(sampleValue(m, 'portal_gateway_retries_total', { endpoint: 'api/slow' }), 1, 'a GET that timed out is tried once more');
  t.equal(sampleValue(m, 'portal_gateway_retries_total', { endpoint: 'api/boom' }), undefined, 'a 500 is not repeated');
  t.equal(sampleValue(m, 'portal_gateway_calls_total', { endpoint: 'api/slow', method: 'GET' }), 1, 'a retry is no second call');
  const dm = await down.scrape();
  t.equal(
    sampleValue(dm, 'portal_gateway_failures_total', { endpoint: 'api/house/findById/:id', kind: 'network' }),
    1,
    'refused connection',
  );
});

t.test('a 503 is retried once and counted as one call, one retry and one 5xx', async (t) => {
  const { scrape, api } = portal();
  await gatewayFailure(callGateway(api.clients.gateway, call, 'api/busy'));
  const m = await scrape();
  t.equal(sampleValue(m, 'portal_gateway_calls_total', { endpoint: 'api/busy', method: 'GET' }), 1);
  t.equal(sampleValue(m, 'portal_gateway_retries_total', { endpoint: 'api/busy' }), 1);
  t.equal(sampleValue(m, 'portal_gateway_failures_total', { endpoint: 'api/busy', kind: '5xx' }), 1);
});

t.test("a call that runs out of the request's deadline is a deadline expiry, and a timeout", async (t) => {
  const { scrape, api } = portal();
  const withDeadline: CallContext = { ...call, deadline: { at: performance.now() + 100, ms: 100 } };
  const err = await gatewayFailure(callGateway(api.clients.gateway, withDeadline, 'api/slow'));
  t.equal(err.statusCode, 504);
  const m = await scrape();
  t.equal(sampleValue(m, 'portal_gateway_deadline_expired_total', { endpoint: 'api/slow' }), 1);
  t.equal(sampleValue(m, 'portal_gateway_failures_total', { endpoint: 'api/slow', kind: 'timeout' }), 1);
  const spent: CallContext = { ...call, deadline: { at: performance.now() - 1, ms: 100 } };
  await gatewayFailure(callGateway(api.clients.gateway, spent, 'api/house/findById/5'));
  const after = await scrape();
  t.equal(sampleValue(after, 'portal_gateway_deadline_expired_total', { endpoint: 'api/house/findById/:id' }), 1, 'not even made');
});

t.test('calls sent in one batch count as themselves, never as api/batch', async (t) => {
  const { scrape, api } = portal();
  const batched: CallContext = { ...call, batch: api.batches.forRequest() };
  hits.length = 0;
  const client = api.clients.gateway;
  await Promise.all([
    callGateway(client, batched, 'api/house/findById/1'),
    callGateway(client, batched, 'api/house/findById/2'),
    callGateway(client, batched, '/api/house/findById/3'),
    gatewayFailure(callGateway(client, batched, 'api/missing/3')),
  ]);
  t.equal(hits.filter((h) => h === '/api/batch').length, 1, 'one round trip');
  t.equal(hits.filter((h) => h === '/api/batch').length, 1, 'one round trip');
  const m = await scrape();
  t.equal(sampleValue(m, 'portal_gateway_calls_total', { endpoint: 'api/house/findById/:id', method: 'GET' }), 3);
  t.equal(sampleValue(m, 'portal_gateway_call_duration_seconds_count', { endpoint: 'api/house/findById/:id' }), 3);
  t.equal(sampleValue(m, 'portal_gateway_calls_total', { endpoint: 'api/batch', method: 'POST' }), undefined);
  t.equal(sampleValue(m, 'portal_gateway_failures_total', { endpoint: 'api/missing/:id', kind: 'refused' }), 1);
});

t.test('an answer without the fields pages need counts as malformed', async (t) => {
  const { scrape, api } = portal();
  // A new home's detail must have its name, price text…: `{ id }` alone is not one (src/api/records.ts).
  await gatewayFailure(api.house.findById(call, 9));
  await getObj(api.clients.gateway, call, 'api/house/findById/9');
  const m = await scrape();
  t.equal(sampleValue(m, 'portal_gateway_failures_total', { endpoint: 'api/house/findById/:id', kind: 'malformed' }), 1);
  t.equal(sampleValue(m, 'portal_gateway_calls_total', { endpoint: 'api/house/findById/:id', method: 'GET' }), 2);
});

t.test('without an observer the client counts nothing and works as before', async (t) => {
  const api = createApi({ gatewayUrl: base, timeoutMs: 250 });
  t.equal((await callGateway<{ id: number }>(api.clients.gateway, call, 'api/house/findById/3')).obj?.id, 3);
  t.equal((await gatewayFailure(callGateway(api.clients.gateway, call, 'api/boom'))).statusCode, 500);
});
