import type { Cluster, Worker } from 'node:cluster';
import { EventEmitter } from 'node:events';
import t from 'tap';
import { aggregateWorkerMetrics, type WorkerChannel, workerMetrics } from '../../src/metrics/cluster.ts';
import { createPortalMetrics } from '../../src/metrics/portal-metrics.ts';
import { parseMetrics, sampleValue } from '../helpers/metrics-text.ts';

/**
 * Issue 36 part 1, the cluster's sums (src/metrics/cluster.ts) over a stand-in for node:cluster's IPC, where a worker
 * can be made to say nothing: the primary answers with what it has, and says how many workers are in it. The real
 * cluster: test/scale/metrics-cluster.test.ts.
 */

/** Messages cross IPC as JSON, one turn of the event loop later. */
const overIpc = (message: unknown) => JSON.parse(JSON.stringify(message)) as unknown;

interface FakeWorker {
  worker: Worker;
  channel: WorkerChannel & EventEmitter;
}

function fakeCluster(count: number) {
  const cluster = new EventEmitter() as EventEmitter & { workers: Record<string, Worker> };
  cluster.workers = {};
  const workers: FakeWorker[] = [];
  for (let i = 1; i <= count; i++) {
    const channel = new EventEmitter() as WorkerChannel & EventEmitter;
    const worker = {
      process: { pid: 1000 + i },
      isConnected: () => true,
      send(message: unknown, _h: unknown, _o: unknown, done?: (err: Error | null) => void) {
        setImmediate(() => channel.emit('message', overIpc(message)));
        done?.(null);
        return true;
      },
    } as unknown as Worker;
    channel.send = (message, _h, _o, done) => {
      setImmediate(() => cluster.emit('message', worker, overIpc(message)));
      done(null);
      return true;
    };
    cluster.workers[String(i)] = worker;
    workers.push({ worker, channel });
  }
  const listen = () => {
    for (const { worker } of workers) cluster.emit('listening', worker, {});
  };
  return { cluster: cluster as unknown as Cluster, workers, listen };
}

const quiet = {
  warnings: [] as object[],
  warn(obj: object) {
    this.warnings.push(obj);
  },
  error() {},
};

t.test('a worker asked for the metrics answers with every worker summed: counters, histograms, in text and JSON', async (t) => {
  const { cluster, workers, listen } = fakeCluster(2);
  const stop = aggregateWorkerMetrics(cluster, quiet);
  t.teardown(stop);
  listen();
  const [one, two] = workers.map(({ channel }) => {
    const metrics = createPortalMetrics();
    const side = workerMetrics(() => metrics.registry.getMetricsAsJSON(), channel);
    t.teardown(() => side.close());
    return { metrics, side };
  });
  one.metrics.request('aboutUs', 200, 0.004, 0.02, 1000);
  one.metrics.request('aboutUs', 404, 0.004, 0.3, 500);
  two.metrics.request('aboutUs', 200, 0.004, 0.02, 700);
  two.metrics.gateway.called('api/house/search/detail/196', 'GET');
  two.metrics.gateway.ended('api/house/search/detail/196', 0.003, 'refused');

  const text = await one.side.ask('text');
  t.equal(text.format, 'text');
  const m = parseMetrics(text.format === 'text' ? text.text : '');
  t.equal(sampleValue(m, 'portal_requests_total', { entry: 'aboutUs', status_class: '2xx' }), 2);
  t.equal(sampleValue(m, 'portal_requests_total', { entry: 'aboutUs', status_class: '4xx' }), 1);
  t.equal(sampleValue(m, 'portal_request_duration_seconds_count', { entry: 'aboutUs', phase: 'total' }), 3);
  t.equal(sampleValue(m, 'portal_request_duration_seconds_bucket', { entry: 'aboutUs', phase: 'total', le: '0.025' }), 2);
  t.equal(sampleValue(m, 'portal_request_duration_seconds_bucket', { entry: 'aboutUs', phase: 'total', le: '0.5' }), 3);
  t.equal(sampleValue(m, 'portal_response_bytes_total', { entry: 'aboutUs' }), 2200);
  t.equal(sampleValue(m, 'portal_gateway_failures_total', { endpoint: 'api/house/search/detail/:id', kind: 'refused' }), 1);
  t.equal(sampleValue(m, 'portal_cluster_workers_reporting'), 2);

  const json = await two.side.ask('json');
  const requests = json.format === 'json' ? json.json.find((x) => x.name === 'portal_requests_total') : undefined;
  t.same(
    requests?.values.map((v) => [v.labels.status_class, v.value]).sort(),
    [
      ['2xx', 2],
      ['4xx', 1],
    ],
    'the JSON the ops console reads, summed too',
  );
});

t.test('a worker that does not report in time is left out, and the answer says how many reported', async (t) => {
  const { cluster, workers, listen } = fakeCluster(2);
  quiet.warnings.length = 0;
  const stop = aggregateWorkerMetrics(cluster, quiet, 200);
  t.teardown(stop);
  listen();
  const metrics = createPortalMetrics();
  metrics.request('aboutUs', 200, 0.001, 0.001, 10);
  // Worker two is busy: it never answers the primary's collection.
  const side = workerMetrics(() => metrics.registry.getMetricsAsJSON(), workers[0].channel);
  t.teardown(() => side.close());
  const started = Date.now();
  const answer = await side.ask('text');
  t.ok(Date.now() - started >= 150, 'the primary waited for it');
  const m = parseMetrics(answer.format === 'text' ? answer.text : '');
  t.equal(sampleValue(m, 'portal_cluster_workers_reporting'), 1);
  t.equal(sampleValue(m, 'portal_requests_total', { entry: 'aboutUs', status_class: '2xx' }), 1);
  t.match(quiet.warnings, [{ missing: [1002], reporting: 1 }]);
});

t.test('a worker still starting (not listening yet) is not waited for', async (t) => {
  const { cluster, workers } = fakeCluster(2);
  quiet.warnings.length = 0;
  const stop = aggregateWorkerMetrics(cluster, quiet, 1000);
  t.teardown(stop);
  (cluster as unknown as EventEmitter).emit('listening', workers[0].worker, {});
  const metrics = createPortalMetrics();
  const side = workerMetrics(() => metrics.registry.getMetricsAsJSON(), workers[0].channel);
  t.teardown(() => side.close());
  const started = Date.now();
  const answer = await side.ask('text');
  t.ok(Date.now() - started < 500, 'answered without waiting for the starting worker');
  t.equal(sampleValue(parseMetrics(answer.format === 'text' ? answer.text : ''), 'portal_cluster_workers_reporting'), 1);
  t.same(quiet.warnings, []);
});

t.test('a worker whose primary does not answer gives up with an error (the scrape then answers 503)', async (t) => {
  const channel = new EventEmitter() as WorkerChannel & EventEmitter;
  channel.send = (_m, _h, _o, done) => {
    done(null);
    return true;
  };
  const side = workerMetrics(async () => [], channel, 100);
  t.teardown(() => side.close());
  await t.rejects(side.ask('text'), { message: 'no metrics from the primary within 100 ms' });
});

t.test('an ask before any worker listens (the ops console samples at start) does not stick: the next ask sums the workers', async (t) => {
  const { cluster, workers, listen } = fakeCluster(2);
  const stop = aggregateWorkerMetrics(cluster, quiet, 1000);
  t.teardown(stop);
  const sides = workers.map(({ channel }) => {
    const metrics = createPortalMetrics();
    metrics.request('aboutUs', 200, 0.001, 0.001, 10);
    const side = workerMetrics(() => metrics.registry.getMetricsAsJSON(), channel);
    t.teardown(() => side.close());
    return side;
  });
  const early = await sides[0].ask('text');
  t.equal(sampleValue(parseMetrics(early.format === 'text' ? early.text : ''), 'portal_cluster_workers_reporting'), 0, 'none yet');
  listen();
  const later = await sides[0].ask('text');
  const m = parseMetrics(later.format === 'text' ? later.text : '');
  t.equal(sampleValue(m, 'portal_cluster_workers_reporting'), 2, 'both, once they listen');
  t.equal(sampleValue(m, 'portal_requests_total', { entry: 'aboutUs', status_class: '2xx' }), 2);
});
