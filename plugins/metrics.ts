import cluster from 'node:cluster';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bearerTokenCheck } from '../src/lib/bearer-token.ts';
import { type MetricsBody, type MetricsFormat, type WorkerChannel, workerMetrics } from '../src/metrics/cluster.ts';
import type { MetricsJson, PortalMetrics } from '../src/metrics/portal-metrics.ts';
import { processMetrics } from '../src/metrics/process-metrics.ts';
import { cacheOutcomeOf, createRequestLabeler } from '../src/metrics/request-entry.ts';

export const METRICS_PATH = '/-/metrics';

/** The app's metrics: where requests, renders and gateway calls are counted, and the sums a scrape or the console reads. */
export interface AppMetrics extends PortalMetrics {
  /** Every worker's metrics summed (one process: its own), in prom-client's getMetricsAsJSON shape. */
  clusterJson(): Promise<MetricsJson>;
  /** The same in Prometheus' text format. */
  clusterText(): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
  interface FastifyRequest {
    /** reply.elapsedTime (ms) when the answer was handed over (onSend); -1: not yet (issue 36 part 1). */
    metricsSentMs: number;
    /** The socket's bytesWritten then: what this answer writes is counted from there. */
    metricsBytesBefore: number;
  }
}

export interface MetricsPluginOptions {
  metrics: PortalMetrics;
  /** config.redisUrl is set: portal_redis_up is reported. */
  redis: boolean;
  /** This process is a worker of src/server.ts's cluster: scrapes are answered with every worker's sums. */
  clusterWorker?: boolean;
  /** Test seam: the worker's IPC channel to the primary (default: process). */
  channel?: WorkerChannel;
}

/** The metrics read from every worker of the cluster, or from this process alone. */
function clusterReader(app: FastifyInstance, opts: MetricsPluginOptions) {
  const own = async (): Promise<MetricsJson> => [
    ...(await processMetrics().getMetricsAsJSON()),
    ...(await opts.metrics.registry.getMetricsAsJSON()),
  ];
  if (!(opts.clusterWorker ?? cluster.isWorker)) {
    return {
      json: own,
      text: async () => `${await processMetrics().metrics()}\n${await opts.metrics.registry.metrics()}`,
    };
  }
  const channel = workerMetrics(own, opts.channel);
  app.addHook('onClose', async function stopAnsweringThePrimary() {
    channel.close();
  });
  const ask = async <F extends MetricsFormat>(format: F) => (await channel.ask(format)) as Extract<MetricsBody, { format: F }>;
  return { json: async () => (await ask('json')).json, text: async () => (await ask('text')).text };
}

/**
 * Issue 36 part 1 (docs/ops.md "Metrics"): Prometheus metrics of every request (by registry entry), render, page-cache
 * outcome and gateway call (by endpoint pattern), and of the process, with prom-client and one Registry per app.
 * Requests to the ops paths are not counted (issue 36 part 5). Registered first, so that its hooks see every route.
 */
const metricsPlugin: FastifyPluginAsync<MetricsPluginOptions> = async (app, opts) => {
  const { metrics } = opts;
  // Made now, not at the first scrape: the event-loop delay is sampled from the start.
  processMetrics();
  const reader = clusterReader(app, opts);
  app.decorate('metrics', { ...metrics, clusterJson: reader.json, clusterText: reader.text } satisfies AppMetrics);

  app.decorateRequest('pageContext', null);
  app.decorateRequest('metricsSentMs', -1);
  app.decorateRequest('metricsBytesBefore', 0);
  const entryOf = createRequestLabeler();

  // Callback hooks: an async onSend would leave a handler that sends and returns nothing unsent (plugins/compression.ts).
  app.addHook('onSend', function noteFirstByte(req, reply, payload, done) {
    if (req.metricsSentMs < 0) {
      req.metricsSentMs = reply.elapsedTime;
      req.metricsBytesBefore = req.raw.socket?.bytesWritten ?? 0;
    }
    done(null, payload);
  });
  app.addHook('onResponse', function countRequest(req, reply, done) {
    // An answer that never went through onSend (a WebSocket upgrade) is not a request answered.
    if (req.metricsSentMs >= 0) record(req, reply);
    done();
  });
  function record(req: FastifyRequest, reply: FastifyReply): void {
    const entry = entryOf(req);
    if (entry === null) return;
    const socket = req.raw.socket;
    const bytes = socket ? socket.bytesWritten - req.metricsBytesBefore : 0;
    metrics.request(entry, reply.statusCode, req.metricsSentMs / 1000, reply.elapsedTime / 1000, bytes);
    const cache = cacheOutcomeOf(req, reply);
    if (cache) metrics.pageCache(entry, cache.outcome, cache.reason);
  }

  // The gauges read what later plugins own: the sockets, Redis, the page cache, the registry.
  app.addHook('onReady', async function watchTheApp() {
    metrics.watch({
      sockets: () => ({
        member: app.hasDecorator('memberSockets') ? app.memberSockets.count() : 0,
        chat: app.hasDecorator('chatSockets') ? app.chatSockets.count() : 0,
      }),
      redisUp: opts.redis ? () => app.pageCache.shared() && app.sharedStore.shared() : undefined,
      generation: () => app.pageCache.generation,
    });
    app.registry.onReload(() => metrics.registryReload('accepted'));
    app.registry.onRefused(() => metrics.registryReload('refused'));
  });
};

/** The cluster's metrics summed, in prom-client's getMetricsAsJSON shape: what the ops console reads. */
export function clusterMetricsJson(app: FastifyInstance): Promise<MetricsJson> {
  return app.metrics.clusterJson();
}

export default fp(metricsPlugin, { name: 'portal-metrics', fastify: '5.x' });

export interface MetricsRouteOptions {
  /** config.adminToken: `GET /-/metrics` exists only when it is set, and answers only `Authorization: Bearer <it>`. */
  adminToken?: string;
}

/** A scrape is answered under pressure too: it is how ops see the pressure (under-pressure's per-route handler). */
function answerAnyway(): undefined {
  return undefined;
}

/**
 * `GET /-/metrics`: the sums of every worker of the cluster in Prometheus' text format, to the ops token only. Without
 * ADMIN_TOKEN the route does not exist; a missing or wrong token gets the 404 of any unknown path, with no hint.
 * Registered after the compression plugin, so that a scrape (hundreds of KB of text) is compressed.
 */
const metricsRoute: FastifyPluginAsync<MetricsRouteOptions> = async (app, opts) => {
  if (!opts.adminToken) return;
  const authorized = bearerTokenCheck(opts.adminToken);
  // No line per scrape (every few seconds); a refused one is a warning. A quieter app level stays in force.
  const logLevel = ['error', 'fatal', 'silent'].includes(app.log.level) ? (app.log.level as 'error' | 'fatal' | 'silent') : 'warn';
  app.get(METRICS_PATH, { logLevel, config: { pressureHandler: answerAnyway } }, async function answerMetrics(req, reply) {
    if (!authorized(req.headers.authorization)) {
      req.log.warn({ metrics: 'refused' }, 'metrics scrape without the ops token');
      return reply.callNotFound();
    }
    let text: string;
    try {
      text = await app.metrics.clusterText();
    } catch (err) {
      req.log.error({ err }, 'metrics: no sums from the cluster');
      return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('metrics unavailable\n');
    }
    return reply.header('cache-control', 'no-store').type(app.metrics.registry.contentType).send(text);
  });
};

export const metricsRoutePlugin = fp(metricsRoute, { name: 'portal-metrics-route', fastify: '5.x', dependencies: ['portal-metrics'] });
