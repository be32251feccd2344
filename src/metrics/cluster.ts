import type { Cluster, Worker } from 'node:cluster';
import { AggregatorRegistry, Gauge, type PrometheusContentType, type Registry } from 'prom-client';
import type { MetricsJson } from './portal-metrics.ts';

/**
 * Metrics summed over every worker of the cluster (issue 36 part 1; docs/ops.md "Metrics"). Prometheus scrapes the one
 * port the workers share, and whichever worker takes the scrape answers for all of them:
 *
 *   worker ──ask──▶ primary ──collect──▶ every worker ──report (its metrics as JSON)──▶ primary
 *   worker ◀──answer (summed by prom-client's AggregatorRegistry: text or JSON)── primary
 *
 * The primary waits for the reports at most `timeoutMs`; a worker that does not report in time (busy, dying) is left
 * out of that answer, and `portal_cluster_workers_reporting` says how many did.
 */

export type MetricsFormat = 'text' | 'json';
export type MetricsBody = { format: 'text'; text: string } | { format: 'json'; json: MetricsJson };

const ASK = 'portal:metrics-ask';
const COLLECT = 'portal:metrics-collect';
const REPORT = 'portal:metrics-report';
const ANSWER = 'portal:metrics-answer';

interface Ask {
  type: typeof ASK;
  id: number;
  format: MetricsFormat;
}
interface Collect {
  type: typeof COLLECT;
  id: number;
}
interface Report {
  type: typeof REPORT;
  id: number;
  metrics: MetricsJson;
}
type Answer = { type: typeof ANSWER; id: number; error?: string } & Partial<MetricsBody>;

function isMessage<T extends { type: string }>(message: unknown, type: T['type']): message is T {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}

export const WORKERS_REPORTING = 'portal_cluster_workers_reporting';
const PRIMARY_WAIT_MS = 2000;

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The primary's side: answers a worker's ask with the metrics of every worker that has listened, summed. Call it before
 * the first fork. Returns the function that stops it.
 */
export function aggregateWorkerMetrics(cluster: Cluster, log: Log, timeoutMs = PRIMARY_WAIT_MS): () => void {
  // Only workers that have listened are asked: one still starting (a restart) has no metrics yet and would not answer.
  const serving = new Set<Worker>();
  const onListening = (worker: Worker) => serving.add(worker);
  const onExit = (worker: Worker) => serving.delete(worker);
  const waiting = new Map<number, (worker: Worker, metrics: MetricsJson) => void>();
  let nextId = 0;
  // One collection at a time: asks that come while one runs (Prometheus and the ops console) share its answer.
  let collecting: Promise<Registry> | null = null;

  const collect = (): Promise<Registry> => {
    if (collecting) return collecting;
    const started = startCollection();
    collecting = started;
    // Cleared once settled, never inside the executor: with no worker serving yet it settles at once.
    void started.then(() => {
      if (collecting === started) collecting = null;
    });
    return started;
  };
  const startCollection = (): Promise<Registry> =>
    new Promise<Registry>((resolve) => {
      const id = nextId++;
      const pending = new Set([...serving].filter((w) => w.isConnected()));
      const reports: MetricsJson[] = [];
      const finish = () => {
        clearTimeout(timer);
        waiting.delete(id);
        if (pending.size > 0) {
          log.warn(
            { missing: [...pending].map((w) => w.process.pid), reporting: reports.length },
            'metrics: workers did not report in time',
          );
        }
        const summed = AggregatorRegistry.aggregate<PrometheusContentType>(reports);
        new Gauge({ name: WORKERS_REPORTING, help: 'Workers whose metrics are in this answer.', registers: [summed] }).set(reports.length);
        resolve(summed);
      };
      const timer = setTimeout(finish, timeoutMs);
      waiting.set(id, (worker, metrics) => {
        if (!pending.delete(worker)) return;
        reports.push(metrics);
        if (pending.size === 0) finish();
      });
      for (const worker of [...pending]) {
        worker.send({ type: COLLECT, id } satisfies Collect, undefined, {}, (err) => {
          if (err && pending.delete(worker) && pending.size === 0) finish();
        });
      }
      if (pending.size === 0) finish();
    });

  const answer = async (worker: Worker, ask: Ask) => {
    let reply: Answer;
    try {
      const summed = await collect();
      reply =
        ask.format === 'json'
          ? { type: ANSWER, id: ask.id, format: 'json', json: await summed.getMetricsAsJSON() }
          : { type: ANSWER, id: ask.id, format: 'text', text: await summed.metrics() };
    } catch (err) {
      log.error({ err }, 'metrics: summing the workers failed');
      reply = { type: ANSWER, id: ask.id, error: (err as Error).message };
    }
    if (worker.isConnected()) worker.send(reply, undefined, {}, () => {});
  };

  const onMessage = (worker: Worker, message: unknown) => {
    if (isMessage<Report>(message, REPORT)) waiting.get(message.id)?.(worker, message.metrics);
    else if (isMessage<Ask>(message, ASK)) void answer(worker, message);
  };
  cluster.on('listening', onListening);
  cluster.on('exit', onExit);
  cluster.on('message', onMessage);
  return () => {
    cluster.off('listening', onListening);
    cluster.off('exit', onExit);
    cluster.off('message', onMessage);
  };
}

/** What a worker needs of its process's IPC channel (the real `process`, or a test's stand-in). */
export interface WorkerChannel {
  send?(message: unknown, sendHandle: undefined, options: object, callback: (err: Error | null) => void): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

/**
 * A worker's side: reports its own metrics when the primary collects, and asks the primary for the cluster's.
 * `ask` rejects when no answer comes within `timeoutMs` (the primary waits for the others less than that).
 */
export function workerMetrics(own: () => Promise<MetricsJson>, channel: WorkerChannel = process as WorkerChannel, timeoutMs = 5000) {
  const asked = new Map<number, (answer: Answer) => void>();
  let nextId = 0;
  const send = (message: unknown, onError: (err: Error) => void) => {
    // With a callback a closed channel (the worker is stopping) is an error here, not an 'error' event on the process.
    if (!channel.send) return onError(new Error('no IPC channel to the primary'));
    channel.send(message, undefined, {}, (err) => err && onError(err));
  };
  const onMessage = (message: unknown) => {
    if (isMessage<Collect>(message, COLLECT)) {
      own().then(
        (metrics) => send({ type: REPORT, id: message.id, metrics } satisfies Report, () => {}),
        () => send({ type: REPORT, id: message.id, metrics: [] } satisfies Report, () => {}),
      );
    } else if (isMessage<Answer>(message, ANSWER)) asked.get(message.id)?.(message);
  };
  channel.on('message', onMessage);
  return {
    ask(format: MetricsFormat): Promise<MetricsBody> {
      return new Promise<MetricsBody>((resolve, reject) => {
        const id = nextId++;
        const done = (err: Error | null, body?: MetricsBody) => {
          clearTimeout(timer);
          asked.delete(id);
          if (err) reject(err);
          else resolve(body as MetricsBody);
        };
        const timer = setTimeout(() => done(new Error(`no metrics from the primary within ${timeoutMs} ms`)), timeoutMs);
        asked.set(id, (a) => {
          if (a.error !== undefined) done(new Error(a.error));
          else if (a.format === 'json' && a.json) done(null, { format: 'json', json: a.json });
          else if (a.format === 'text' && typeof a.text === 'string') done(null, { format: 'text', text: a.text });
          else done(new Error('malformed metrics answer from the primary'));
        });
        send({ type: ASK, id, format } satisfies Ask, (err) => done(err));
      });
    },
    close(): void {
      channel.off('message', onMessage);
    },
  };
}
