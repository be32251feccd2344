import { writeFileSync } from 'node:fs';
import http from 'node:http';
import t from 'tap';
import { clusterMetricsJson } from '../../plugins/metrics.ts';
import { buildTestApp } from '../helpers/build.ts';
import { startFakeGateway } from '../helpers/fake-gateway.ts';
import { parseMetrics, type Sample, samplesOf, sampleValue } from '../helpers/metrics-text.ts';

/**
 * Issue 36 part 1 and part 5 in one process (the cluster's sums: test/scale/metrics-cluster.test.ts): GET /-/metrics
 * answers the ops token only, counts every request under its registry entry (never its URL), and the paths ops use
 * count nowhere, neither in the metrics nor in page-view tracking.
 */

const TOKEN = 'metrics-test-token-0123456789abcdef0123';
const bearer = { authorization: `Bearer ${TOKEN}` };

async function scrape(app: { inject: (o: object) => Promise<{ statusCode: number; body: string }> }): Promise<Sample[]> {
  const res = await app.inject({ url: '/-/metrics', headers: bearer });
  if (res.statusCode !== 200) throw new Error(`scrape answered ${res.statusCode}`);
  return parseMetrics(res.body);
}

/** One GET on a new connection, as a browser without compression would: status, headers and the body's bytes. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; bytes: number; cache?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, cache: res.headers['x-cache'] as string | undefined }));
      })
      .on('error', reject);
  });
}

t.test('GET /-/metrics without the ops token, or with a wrong one, is the 404 of any unknown path', async (t) => {
  const portal = await buildTestApp({ adminToken: TOKEN });
  t.teardown(() => portal.close());
  // A path of the same length that nothing answers: its 404 page differs from the refusal by the path it echoes only.
  const unknown = await portal.app.inject('/-/metricz');
  t.equal(unknown.statusCode, 404);
  for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789abcdef0123456789' }, { authorization: TOKEN }]) {
    const res = await portal.app.inject({ url: '/-/metrics', headers });
    t.equal(res.statusCode, 404, `refused with ${JSON.stringify(headers)}`);
    t.same(res.headers['content-type'], unknown.headers['content-type']);
    t.equal(res.headers['www-authenticate'], undefined, 'no hint that a token would open it');
    const page = (body: string) => body.replace(/"renderedAt":\d+/, '');
    t.equal(page(res.body.replaceAll('metrics', 'metricz')), page(unknown.body), 'the not-found page of any unknown path');
  }
  const ok = await portal.app.inject({ url: '/-/metrics', headers: bearer });
  t.equal(ok.statusCode, 200);
  t.equal(ok.headers['content-type'], 'text/plain; version=0.0.4; charset=utf-8');
  t.equal(ok.headers['cache-control'], 'no-store');
  t.match(ok.body, /^# HELP portal_/m);
});

t.test('without ADMIN_TOKEN there is no /-/metrics at all', async (t) => {
  const portal = await buildTestApp();
  t.teardown(() => portal.close());
  const res = await portal.app.inject({ url: '/-/metrics', headers: bearer });
  t.equal(res.statusCode, 404);
  t.notMatch(res.body, /portal_requests_total/);
});

t.test('each request is counted under its registry entry: status class, both times, cache outcome, render, bytes', async (t) => {
  const gateway = await startFakeGateway();
  t.teardown(() => gateway.close());
  const portal = await buildTestApp({ adminToken: TOKEN, gatewayUrl: gateway.url });
  t.teardown(() => portal.close());
  await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(portal.app.server.address() as { port: number }).port}`;

  const miss = await get(`${base}/aboutUs`);
  const hit = await get(`${base}/aboutUs`);
  const member = await get(`${base}/aboutUs`, { cookie: portal.memberCookie() });
  t.same([miss.cache, hit.cache, member.status], ['MISS', 'HIT', 200]);
  t.equal((await get(`${base}/-/data/aboutUs`)).status, 200);
  t.equal((await get(`${base}/ershoufang/123.html`)).status, 404, "a listing the gateway doesn't have");
  t.equal((await get(`${base}/no/such/page`)).status, 404);
  t.equal((await get(`${base}/favicon.svg`)).status, 200);
  const action = await portal.app.inject({ method: 'POST', url: '/-/action/favourite', payload: { houseId: 1 } });
  t.ok(action.statusCode >= 300, 'a favourite without a member is refused');
  // The paths ops use, scraped and probed as a monitor would: none of them counts.
  for (const path of ['/-/health', '/-/ops', '/-/metrics', '/-/Metrics/']) await get(`${base}${path}`);
  await scrape(portal.app);

  const m = await scrape(portal.app);
  const requests = (entry: string, status_class: string) => sampleValue(m, 'portal_requests_total', { entry, status_class });
  t.equal(requests('aboutUs', '2xx'), 3, 'the render, the hit and the member');
  t.equal(requests('data:aboutUs', '2xx'), 1, 'client navigation is counted apart');
  t.equal(requests('ershoufang.detail', '4xx'), 1, 'a listing page by its entry, not its URL');
  t.equal(requests('unmatched', '4xx'), 1);
  t.equal(requests('static', '2xx'), 1);
  t.equal(samplesOf(m, 'portal_requests_total', { entry: 'action:favourite' }).length, 1, 'an action by its name');
  const entries = new Set(samplesOf(m, 'portal_requests_total').map((s) => s.labels.entry));
  t.same(
    [...entries].sort(),
    ['aboutUs', 'action:favourite', 'data:aboutUs', 'ershoufang.detail', 'static', 'unmatched'],
    'no URL, and no ops path, among the entries',
  );

  const count = (phase: string) => sampleValue(m, 'portal_request_duration_seconds_count', { entry: 'aboutUs', phase });
  t.equal(count('ttfb'), 3);
  t.equal(count('total'), 3);
  t.equal(sampleValue(m, 'portal_request_duration_seconds_bucket', { entry: 'aboutUs', phase: 'total', le: '+Inf' }), 3);
  const buckets = samplesOf(m, 'portal_request_duration_seconds_bucket', { entry: 'aboutUs', phase: 'total' });
  t.equal(buckets.length, 11, 'ten buckets and +Inf');
  t.same(
    buckets.map((b) => b.value),
    [...buckets.map((b) => b.value)].sort((a, b) => a - b),
    'cumulative',
  );
  const sum = (phase: string) => sampleValue(m, 'portal_request_duration_seconds_sum', { entry: 'aboutUs', phase }) as number;
  t.ok(sum('ttfb') > 0 && sum('ttfb') <= sum('total'), 'the first byte before the last');

  const cache = (entry: string, outcome: string) => samplesOf(m, 'portal_page_cache_total', { entry, outcome });
  t.equal(cache('aboutUs', 'MISS')[0]?.value, 1);
  t.equal(cache('aboutUs', 'HIT')[0]?.value, 1);
  t.equal(cache('aboutUs', 'BYPASS')[0]?.value, 1, 'a member never reads or fills the cache');
  t.same(
    cache('ershoufang.detail', 'REFUSED').map((s) => [s.labels.reason, s.value]),
    [['status', 1]],
    'a 404 is not kept, and the reason says why',
  );
  t.equal(sampleValue(m, 'portal_render_duration_seconds_count', { entry: 'aboutUs' }), 2, 'the hit rendered nothing');
  const bytes = sampleValue(m, 'portal_response_bytes_total', { entry: 'aboutUs' }) as number;
  t.ok(bytes > miss.bytes + hit.bytes + member.bytes, `bytes on the wire, headers included (${bytes})`);

  t.equal(sampleValue(m, 'portal_gateway_calls_total', { endpoint: 'api/house/search/detail/:id', method: 'GET' }), 1);
  t.equal(sampleValue(m, 'portal_gateway_failures_total', { endpoint: 'api/house/search/detail/:id', kind: 'refused' }), 1);
  t.notOk(
    samplesOf(m, 'portal_gateway_calls_total').some((s) => /\d{3}/.test(s.labels.endpoint)),
    'no id in an endpoint label',
  );
  t.equal(sampleValue(m, 'portal_websockets_open', { kind: 'member' }), 0);
  t.equal(sampleValue(m, 'portal_redis_up'), undefined, 'no Redis configured: no Redis gauge');
  t.ok((sampleValue(m, 'portal_process_resident_memory_bytes') as number) > 0, 'the process metrics, prefixed');
  t.ok(samplesOf(m, 'portal_nodejs_eventloop_lag_p99_seconds').length === 1, 'the event-loop delay');
});

t.test('page-view tracking ignores the ops paths: a beacon from /-/ops is answered and never forwarded', async (t) => {
  const gateway = await startFakeGateway();
  t.teardown(() => gateway.close());
  const portal = await buildTestApp({ adminToken: TOKEN, gatewayUrl: gateway.url });
  t.teardown(() => portal.close());
  const beacon = (pageUrl: string) =>
    portal.app.inject({
      method: 'POST',
      url: '/-/track',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ kind: 'pageview', page: 'x', pageUrl, platFormDesc: 'wap' }),
    });
  for (const pageUrl of ['https://m.example.com/-/ops', '/-/metrics', '/-/health?x=1', '/-/ops/slowest']) {
    t.equal((await beacon(pageUrl)).statusCode, 204, pageUrl);
  }
  t.equal((await beacon('https://m.example.com/aboutUs')).statusCode, 204);
  const forwarded = () => gateway.calls.filter((c) => c.includes('huoDongTG')).length;
  for (let i = 0; i < 50 && forwarded() === 0; i++) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 100));
  t.equal(forwarded(), 1, "only the visitor's page view reaches the gateway");
});

t.test('under pressure every quick 503 is counted, and a scrape is still answered', async (t) => {
  const portal = await buildTestApp({ adminToken: TOKEN, pressureCheck: () => false });
  t.teardown(() => portal.close());
  for (let i = 0; i < 3; i++) t.equal((await portal.app.inject('/aboutUs')).statusCode, 503);
  const m = await scrape(portal.app);
  t.equal(sampleValue(m, 'portal_pressure_refusals_total'), 3);
  t.equal(sampleValue(m, 'portal_requests_total', { entry: 'aboutUs', status_class: '5xx' }), 3);
});

t.test('registry reloads are counted, accepted and refused, and the generation moves with an accepted one', async (t) => {
  const portal = await buildTestApp({ adminToken: TOKEN });
  t.teardown(() => portal.close());
  let m = await scrape(portal.app);
  t.equal(sampleValue(m, 'portal_registry_generation'), 0);
  t.equal(portal.app.registry.reload(), true);
  writeFileSync(portal.registryPath, '{ not json');
  t.equal(portal.app.registry.reload(), false);
  m = await scrape(portal.app);
  t.equal(sampleValue(m, 'portal_registry_reloads_total', { result: 'accepted' }), 1);
  t.equal(sampleValue(m, 'portal_registry_reloads_total', { result: 'refused' }), 1);
  t.equal(sampleValue(m, 'portal_registry_generation'), 1);
});

t.test('the ops console reads the same sums as JSON (one process: its own)', async (t) => {
  const portal = await buildTestApp({ adminToken: TOKEN });
  t.teardown(() => portal.close());
  await portal.app.inject('/aboutUs');
  const json = await clusterMetricsJson(portal.app);
  const requests = json.find((metric) => metric.name === 'portal_requests_total');
  t.same(requests?.values, [{ value: 1, labels: { entry: 'aboutUs', status_class: '2xx' } }]);
  const durations = json.find((metric) => metric.name === 'portal_request_duration_seconds');
  t.equal(durations?.type, 'histogram');
  t.ok(json.some((metric) => metric.name === 'portal_process_resident_memory_bytes'));
});

t.test('two apps in one process count apart', async (t) => {
  const [one, two] = await Promise.all([buildTestApp({ adminToken: TOKEN }), buildTestApp({ adminToken: TOKEN })]);
  t.teardown(() => Promise.all([one.close(), two.close()]));
  await one.app.inject('/aboutUs');
  t.equal(sampleValue(await scrape(one.app), 'portal_requests_total', { entry: 'aboutUs', status_class: '2xx' }), 1);
  t.equal(sampleValue(await scrape(two.app), 'portal_requests_total', { entry: 'aboutUs', status_class: '2xx' }), undefined);
});
