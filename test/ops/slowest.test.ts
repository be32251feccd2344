import t from 'tap';
import {
  bucketQuantile,
  createSnapshotSlowest,
  GATEWAY_METRIC,
  type MetricJSON,
  metricsCollector,
  PAGE_METRIC,
  readHistograms,
} from '../../src/ops/slowest.ts';

/**
 * Issue 36 part 2: the slowest pages and gateway endpoints of the last minutes, from snapshots of prom-client's
 * `getMetricsAsJSON()` (synthetic here, in its exact shape): the counts of the window are the newest minus those of the
 * snapshot a window ago, and the p95 is read from the buckets as Prometheus reads it.
 */

type Buckets = Record<string, number>;

/** One histogram series as prom-client writes it: cumulative buckets (le numbers, '+Inf'), _sum, _count. */
function series(metric: string, labels: Record<string, string>, buckets: Buckets): MetricJSON['values'] {
  const counts = Object.values(buckets);
  const total = counts[counts.length - 1];
  return [
    ...Object.entries(buckets).map(([le, value]) => ({
      value,
      metricName: `${metric}_bucket`,
      labels: { le: le === '+Inf' ? '+Inf' : Number(le), ...labels },
    })),
    { value: total * 0.1, metricName: `${metric}_sum`, labels },
    { value: total, metricName: `${metric}_count`, labels },
  ];
}

function snapshot(pages: Record<string, Buckets>, endpoints: Record<string, Buckets>): MetricJSON[] {
  return [
    {
      name: PAGE_METRIC,
      type: 'histogram',
      values: Object.entries(pages).flatMap(([key, b]) => {
        const [entry, phase] = key.split(':');
        return series(PAGE_METRIC, { entry, phase }, b);
      }),
    },
    {
      name: GATEWAY_METRIC,
      type: 'histogram',
      values: Object.entries(endpoints).flatMap(([endpoint, b]) => series(GATEWAY_METRIC, { endpoint }, b)),
    },
    { name: 'process_cpu_seconds_total', type: 'counter', values: [{ value: 3, labels: {} }] },
  ];
}

t.test('the p95 of cumulative buckets, as histogram_quantile reads it', async (t) => {
  const b = (pairs: Array<[number, number]>) => pairs.map(([le, count]) => ({ le, count }));
  t.equal(
    bucketQuantile(
      0.95,
      b([
        [0.1, 0],
        [0.5, 100],
        [Number.POSITIVE_INFINITY, 100],
      ]),
    ),
    0.1 + 0.4 * 0.95,
    'linear inside the bucket',
  );
  t.equal(
    bucketQuantile(
      0.5,
      b([
        [0.1, 50],
        [0.5, 100],
        [Number.POSITIVE_INFINITY, 100],
      ]),
    ),
    0.1,
    'the rank right at a bound',
  );
  t.equal(
    bucketQuantile(
      0.95,
      b([
        [0.1, 10],
        [0.5, 10],
        [Number.POSITIVE_INFINITY, 100],
      ]),
    ),
    0.5,
    'in +Inf: the highest finite bound',
  );
  t.equal(
    bucketQuantile(
      0.95,
      b([
        [0.1, 0],
        [Number.POSITIVE_INFINITY, 0],
      ]),
    ),
    null,
    'nothing counted: no p95',
  );
});

t.test('prom-client JSON is read into series by entry and phase, and by endpoint; other metrics are ignored', async (t) => {
  const read = readHistograms(snapshot({ 'home:total': { 0.1: 1, 0.5: 3, '+Inf': 4 } }, { 'GET api/x': { 0.05: 2, '+Inf': 2 } }));
  t.same([...read.keys()].sort(), [`${GATEWAY_METRIC}|GET api/x`, `${PAGE_METRIC}|home|total`]);
  t.same(read.get(`${PAGE_METRIC}|home|total`), {
    labels: { entry: 'home', phase: 'total' },
    buckets: [
      { le: 0.1, count: 1 },
      { le: 0.5, count: 3 },
      { le: Number.POSITIVE_INFINITY, count: 4 },
    ],
    count: 4,
  });
});

t.test('the window is the newest snapshot minus the one a window before it', async (t) => {
  let now = 1_000_000;
  let current: MetricJSON[] = snapshot({}, {});
  const source = createSnapshotSlowest({ collect: async () => current, now: () => now, startedAt: now, keepMs: () => 330_000 });
  await source.sample();

  // The first 10 minutes: `home` was slow (all 100 requests in the 1 s bucket), the detail fast.
  now += 600_000;
  current = snapshot(
    {
      'home:total': { 0.1: 0, 0.5: 0, 1: 100, '+Inf': 100 },
      'home:ttfb': { 0.1: 100, 0.5: 100, 1: 100, '+Inf': 100 },
      'detail:total': { 0.1: 50, 0.5: 50, 1: 50, '+Inf': 50 },
    },
    { 'GET api/slow': { 0.1: 0, 1: 10, '+Inf': 10 } },
  );
  await source.sample();
  const sparse = await source.slowest(300_000, 10);
  t.equal(sparse.coveredMs, 600_000, 'no snapshot 5 minutes ago: the window reaches back to the one before, and says so');
  t.same(
    sparse.pages.map((p) => p.entry),
    ['home', 'detail'],
    'home was the slow one then',
  );

  // The next 5 minutes: `home` got fast (100 more, all under 0.1 s); the detail slow (50 more in the 0.5 s bucket).
  now += 300_000;
  await source.sample();
  now += 1;
  current = snapshot(
    {
      'home:total': { 0.1: 100, 0.5: 100, 1: 200, '+Inf': 200 },
      'home:ttfb': { 0.1: 200, 0.5: 200, 1: 200, '+Inf': 200 },
      'detail:total': { 0.1: 50, 0.5: 100, 1: 100, '+Inf': 100 },
    },
    { 'GET api/slow': { 0.1: 0, 1: 10, '+Inf': 10 }, 'GET api/new': { 0.1: 4, 1: 4, '+Inf': 4 } },
  );
  const report = await source.slowest(300_000, 10);
  t.equal(report.coveredMs, 300_001, 'from the snapshot of 5 minutes ago');
  t.same(
    report.pages.map((p) => [p.entry, p.count]),
    [
      ['detail', 50],
      ['home', 100],
    ],
    'the window only: the detail is the slowest now, with its 50 requests of the window',
  );
  t.equal(report.pages[0].p95Ms, 480, 'p95 of 50 requests in (0.1, 0.5]: 0.1 + 0.4 × 0.95');
  t.equal(report.pages[1].p95Ms, 95, 'home: p95 of 100 requests in (0, 0.1]');
  t.equal(report.pages[1].ttfbP95Ms, 95, 'its time to first byte');
  t.equal(report.pages[0].ttfbP95Ms, null, 'no ttfb series for the detail');
  t.same(
    report.endpoints.map((e) => [e.endpoint, e.count]),
    [['GET api/new', 4]],
    'an endpoint with no call in the window is left out',
  );
  t.same((await source.slowest(300_000, 1)).pages.length, 1, 'at most `top`');

  // A window longer than the process has lived: from the start.
  const all = await source.slowest(3_600_000, 10);
  t.equal(all.coveredMs, 900_001, 'covers the 15 minutes since the start');
  t.same(
    all.pages.map((p) => [p.entry, p.count]),
    [
      ['home', 200],
      ['detail', 100],
    ],
  );
});

t.test('old snapshots are dropped but one at the window edge is kept; a reset series counts from zero', async (t) => {
  let now = 0;
  let current = snapshot({ 'home:total': { 1: 10, '+Inf': 10 } }, {});
  const source = createSnapshotSlowest({ collect: async () => current, now: () => now, startedAt: 0, keepMs: () => 60_000 });
  for (let i = 0; i < 20; i++) {
    now += 15_000;
    await source.sample();
  }
  t.ok(source.size <= 6, `bounded by the window (${source.size})`);
  current = snapshot({ 'home:total': { 1: 3, '+Inf': 3 } }, {});
  now += 1000;
  t.match((await source.slowest(60_000, 10)).pages, [{ entry: 'home', count: 3 }], 'counts that went down: a restart, read from zero');
});

t.test('the metrics are found as a prom-client Registry or an object holding one; none: null', async (t) => {
  const registry = { getMetricsAsJSON: async () => [] as MetricJSON[] };
  t.type(metricsCollector(registry), 'function');
  t.type(metricsCollector({ registry }), 'function');
  t.equal(metricsCollector(null), null);
  t.equal(metricsCollector({}), null);
  t.equal(metricsCollector({ registry: {} }), null);
});
