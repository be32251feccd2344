import http from 'node:http';
import t from 'tap';
import { startTestBackend } from '../helpers/backend.ts';
import { gatewayFailingPaths } from '../helpers/failing-paths.ts';
import { parseMetrics, samplesOf, sampleValue } from '../helpers/metrics-text.ts';
import { startPortalProcess } from '../helpers/portal-process.ts';

/**
 * Issue 36 part 1 with the real cluster (src/server.ts, as `npm start` runs it): two workers serve pages, one of them
 * fails a gateway call; whichever worker takes the scrape answers GET /-/metrics with the sums of both (the primary's
 * AggregatorRegistry), per registry entry and gateway endpoint. Without the ops token the scrape is a 404.
 */

const TOKEN = 'cluster-metrics-token-0123456789abcdef01';

/** One request on a new connection: the cluster hands connections to its workers in turn. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

t.test('GET /-/metrics on a cluster of two: every counter and histogram summed over both workers', async (t) => {
  // The seeded gateway behind a stand-in that fails the calls named in `broken` with a 500.
  const backend = await startTestBackend();
  t.teardown(() => backend.close());
  const broken = new Set<string>();
  const gateway = await gatewayFailingPaths(backend.url, broken);
  t.teardown(() => gateway.close());
  const portal = await startPortalProcess({ WEB_CONCURRENCY: '2', GATEWAY_URL: gateway.url, ADMIN_TOKEN: TOKEN });
  t.teardown(() => portal.stop());
  await portal.waitFor(new RegExp(`(Server listening at ${portal.base}[\\s\\S]*){2}`));

  const pages = { '/aboutUs': 'aboutUs', '/ershoufang/': 'ershoufang.list', '/zixun/': 'zixun' };
  const rounds = 4;
  let listPage = '';
  for (let i = 0; i < rounds; i++) {
    for (const path of Object.keys(pages)) {
      const res = await get(`${portal.base}${path}`);
      t.equal(res.status, 200, `${path} (${i + 1})`);
      if (path === '/ershoufang/') listPage = res.body;
    }
  }
  // A listing whose detail call the gateway fails (500): the page is the error screen.
  const listing = /\/ershoufang\/(\d+)\.html/.exec(listPage)?.[1];
  t.ok(listing, `a listing on the list page (${listing})`);
  broken.add(`/api/house/search/detail/${listing}`);
  t.equal((await get(`${portal.base}/ershoufang/${listing}.html`)).status, 502);

  // Both workers served pages: the log's request lines carry each worker's pid.
  const servedBy = new Set(
    portal
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"request completed"') && /"url":"\/(aboutUs|ershoufang\/|zixun\/)"/.test(line))
      .map((line) => (JSON.parse(line) as { pid: number }).pid),
  );
  t.equal(servedBy.size, 2, `both workers served pages (${[...servedBy]})`);

  t.equal((await get(`${portal.base}/-/metrics`)).status, 404, 'no token: 404');
  t.equal((await get(`${portal.base}/-/metrics`, { authorization: 'Bearer nope' })).status, 404, 'a wrong token: 404');
  // Two scrapes, likely on both workers: the first must not show in the second.
  const scrapes = [];
  for (let i = 0; i < 2; i++) scrapes.push(await get(`${portal.base}/-/metrics`, { authorization: `Bearer ${TOKEN}` }));
  t.same(
    scrapes.map((s) => s.status),
    [200, 200],
  );
  const text = scrapes[1].body;
  const m = parseMetrics(text);
  t.equal(sampleValue(m, 'portal_cluster_workers_reporting'), 2, 'both workers are in the answer');

  for (const entry of Object.values(pages)) {
    t.equal(sampleValue(m, 'portal_requests_total', { entry, status_class: '2xx' }), rounds, `${entry}: every request, both workers'`);
    for (const phase of ['ttfb', 'total']) {
      t.equal(sampleValue(m, 'portal_request_duration_seconds_count', { entry, phase }), rounds, `${entry} ${phase} count`);
      t.equal(
        sampleValue(m, 'portal_request_duration_seconds_bucket', { entry, phase, le: '+Inf' }),
        rounds,
        `${entry} ${phase} +Inf bucket`,
      );
      const buckets = samplesOf(m, 'portal_request_duration_seconds_bucket', { entry, phase });
      t.equal(buckets.length, 11);
      t.ok(
        buckets.every((b, i) => i === 0 || b.value >= buckets[i - 1].value),
        `${entry} ${phase} buckets are cumulative`,
      );
    }
    const outcomes = samplesOf(m, 'portal_page_cache_total', { entry });
    t.equal(
      outcomes.reduce((n, s) => n + s.value, 0),
      rounds,
      `${entry}: one page-cache outcome per request`,
    );
    // Without Redis each worker keeps its own cache: each renders the page once, then answers it from its cache.
    t.equal(sampleValue(m, 'portal_page_cache_total', { entry, outcome: 'MISS' }), 2, `${entry}: one miss per worker`);
    t.equal(sampleValue(m, 'portal_page_cache_total', { entry, outcome: 'HIT' }), rounds - 2, `${entry}: the others hits`);
    t.equal(sampleValue(m, 'portal_render_duration_seconds_count', { entry }), 2, `${entry}: rendered once per worker`);
    t.ok((sampleValue(m, 'portal_response_bytes_total', { entry }) as number) > 0);
  }
  t.equal(sampleValue(m, 'portal_requests_total', { entry: 'ershoufang.detail', status_class: '5xx' }), 1);
  t.same(
    samplesOf(m, 'portal_page_cache_total', { entry: 'ershoufang.detail' }).map((s) => [s.labels.outcome, s.labels.reason, s.value]),
    [['REFUSED', 'status', 1]],
  );
  const failures = samplesOf(m, 'portal_gateway_failures_total');
  t.same(
    failures.map((s) => [s.labels.endpoint, s.labels.kind, s.value]),
    [['api/house/search/detail/:id', '5xx', 1]],
    'the one gateway failure, under its endpoint pattern',
  );
  t.ok((sampleValue(m, 'portal_gateway_calls_total', { endpoint: 'api/house/search/detail/:id', method: 'GET' }) as number) >= 1);
  t.ok((sampleValue(m, 'portal_gateway_call_duration_seconds_count', { endpoint: 'api/house/search/detail/:id' }) as number) >= 1);
  t.notOk(
    samplesOf(m, 'portal_requests_total').some((s) => s.labels.entry.includes('metrics')),
    'the scrapes count nowhere',
  );
  t.ok((sampleValue(m, 'portal_process_resident_memory_bytes') as number) > 0, "the workers' RSS, summed");
  t.ok(samplesOf(m, 'portal_nodejs_eventloop_lag_p99_seconds').length === 1);
  t.equal(sampleValue(m, 'portal_websockets_open', { kind: 'chat' }), 0);
  t.equal(sampleValue(m, 'portal_registry_generation'), 0);

  // A sample of the answer, for the run's log: the portal's own counters and one histogram.
  t.comment(
    text
      .split('\n')
      .filter(
        (l) =>
          /^portal_(requests|page_cache|gateway_failures|gateway_calls|cluster)/.test(l) ||
          /^portal_request_duration_seconds_(bucket|sum|count)\{[^}]*entry="aboutUs",phase="total"/.test(l),
      )
      .slice(0, 40)
      .join('\n'),
  );
});
