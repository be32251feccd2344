import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CallObserver } from '../api/call-metrics.ts';
import type { GatewayFailureKind } from '../errors.ts';
import { boundedEndpoints } from './endpoint-pattern.ts';

/**
 * The portal's own metrics (issue 36 part 1; docs/ops.md "Metrics"), one prom-client Registry per app: an app built
 * twice in one process (the tests) counts twice apart, and nothing here touches prom-client's global registry. The
 * process metrics (event loop, heap, RSS) are the process's, not the app's: src/metrics/process-metrics.ts.
 *
 * Recording is on every request's and every gateway call's path, so it is kept cheap: each label set is made once and
 * kept (a request reuses the same label objects), histograms have ten buckets at most.
 */

/** The names the Grafana dashboard (ops/grafana/portal.json) and the ops console read: change them there too. */
export const METRIC_NAMES = {
  requests: 'portal_requests_total',
  requestDuration: 'portal_request_duration_seconds',
  pageCache: 'portal_page_cache_total',
  renderDuration: 'portal_render_duration_seconds',
  responseBytes: 'portal_response_bytes_total',
  gatewayCalls: 'portal_gateway_calls_total',
  gatewayDuration: 'portal_gateway_call_duration_seconds',
  gatewayFailures: 'portal_gateway_failures_total',
  gatewayRetries: 'portal_gateway_retries_total',
  gatewayDeadlines: 'portal_gateway_deadline_expired_total',
  pressureRefusals: 'portal_pressure_refusals_total',
  websockets: 'portal_websockets_open',
  redisUp: 'portal_redis_up',
  registryGeneration: 'portal_registry_generation',
  registryReloads: 'portal_registry_reloads_total',
} as const;

/**
 * What the page cache did for a page request: answered from it (HIT), looked and rendered the page into it (MISS),
 * never looked (BYPASS: a no-cache page, a member, not a GET), looked but did not keep the render (REFUSED, with the
 * reason). STALE (a stale page served while it is rendered again) is not made by the cache as it is today.
 */
export type CacheOutcome = 'HIT' | 'MISS' | 'STALE' | 'BYPASS' | 'REFUSED';

/** Seconds. A page (hit, render, stream) takes from a millisecond to the deadline (REQUEST_DEADLINE_MS, 8 s). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 8];
/** A render to a document or a shell: a few milliseconds, up to site.renderTimeoutMs (10 s). */
const RENDER_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];
/** A gateway call: a millisecond on loopback, up to GATEWAY_TIMEOUT_MS (5 s). */
const GATEWAY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

/** Label values beyond these many are counted as `other`: a bug that made a label of a URL cannot flood Prometheus. */
const MAX_ENTRIES = 1000;
const MAX_ENDPOINTS = 500;
const OTHER = 'other';

const STATUS_CLASSES = ['1xx', '1xx', '2xx', '3xx', '4xx', '5xx'] as const;

interface EntryLabels {
  entry: { entry: string };
  phase: { ttfb: { entry: string; phase: 'ttfb' }; total: { entry: string; phase: 'total' } };
  byClass: Array<{ entry: string; status_class: string }>;
  cache: Map<string, { entry: string; outcome: CacheOutcome; reason?: string }>;
}

interface EndpointLabels {
  endpoint: { endpoint: string };
  methods: Map<string, { endpoint: string; method: string }>;
  kinds: Map<string, { endpoint: string; kind: string }>;
}

/** What the app-level gauges read at each scrape (plugins/metrics.ts hands them in once the app is ready). */
export interface GaugeSources {
  sockets(): { member: number; chat: number };
  /** Unset: no Redis configured, and no portal_redis_up at all. */
  redisUp?: () => boolean;
  generation(): number;
}

export type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

export function createPortalMetrics() {
  const registry = new Registry();
  const registers = [registry];

  const requests = new Counter({
    name: METRIC_NAMES.requests,
    help: 'Requests answered, by registry entry (page name, data:<page>, action:<name>, static, unmatched, route:<pattern>) and status class.',
    labelNames: ['entry', 'status_class'] as const,
    registers,
  });
  const requestDuration = new Histogram({
    name: METRIC_NAMES.requestDuration,
    help: 'Time to the first byte (ttfb: the answer handed to the socket) and to the last (total), by registry entry.',
    labelNames: ['entry', 'phase'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const pageCache = new Counter({
    name: METRIC_NAMES.pageCache,
    help: 'Page-cache outcome of page requests (HIT, MISS, STALE, BYPASS, REFUSED with the reason the render was not kept).',
    labelNames: ['entry', 'outcome', 'reason'] as const,
    registers,
  });
  const renderDuration = new Histogram({
    name: METRIC_NAMES.renderDuration,
    help: 'React render of a page: to the whole document (crawlers, cache fills) or to the shell (streamed pages).',
    labelNames: ['entry'] as const,
    buckets: RENDER_BUCKETS,
    registers,
  });
  const responseBytes = new Counter({
    name: METRIC_NAMES.responseBytes,
    help: 'Bytes written to the socket for the answers (headers and body, after compression), by registry entry.',
    labelNames: ['entry'] as const,
    registers,
  });
  const gatewayCalls = new Counter({
    name: METRIC_NAMES.gatewayCalls,
    help: 'Gateway calls, by endpoint pattern (ids taken out) and method; a batched call counts as one call.',
    labelNames: ['endpoint', 'method'] as const,
    registers,
  });
  const gatewayDuration = new Histogram({
    name: METRIC_NAMES.gatewayDuration,
    help: 'Gateway call duration, retries included, by endpoint pattern.',
    labelNames: ['endpoint'] as const,
    buckets: GATEWAY_BUCKETS,
    registers,
  });
  const gatewayFailures = new Counter({
    name: METRIC_NAMES.gatewayFailures,
    help: 'Failed gateway calls by endpoint pattern and kind: timeout (deadline expiries included), network, refused (4xx or body status), 5xx, malformed.',
    labelNames: ['endpoint', 'kind'] as const,
    registers,
  });
  const gatewayRetries = new Counter({
    name: METRIC_NAMES.gatewayRetries,
    help: 'Attempts of an idempotent gateway call made again after a failure, by endpoint pattern.',
    labelNames: ['endpoint'] as const,
    registers,
  });
  const gatewayDeadlines = new Counter({
    name: METRIC_NAMES.gatewayDeadlines,
    help: "Gateway calls failed because the request's deadline (REQUEST_DEADLINE_MS) was spent, by endpoint pattern.",
    labelNames: ['endpoint'] as const,
    registers,
  });
  const pressureRefusals = new Counter({
    name: METRIC_NAMES.pressureRefusals,
    help: 'Requests answered 503 at once because the process was under pressure (event-loop delay, heap, RSS).',
    registers,
  });
  const registryReloads = new Counter({
    name: METRIC_NAMES.registryReloads,
    help: 'Reloads of registry.json: accepted, or refused (the previous registry kept serving).',
    labelNames: ['result'] as const,
    registers,
  });
  // Both results from the start: a dashboard's rate() sees the first refusal as an increase, not as a new series.
  registryReloads.inc({ result: 'accepted' }, 0);
  registryReloads.inc({ result: 'refused' }, 0);

  const entries = new Map<string, EntryLabels>();
  const entryLabels = (name: string): EntryLabels => {
    const known = entries.get(name);
    if (known) return known;
    const entry = entries.size < MAX_ENTRIES ? name : OTHER;
    const labels = entries.get(entry) ?? {
      entry: { entry },
      phase: { ttfb: { entry, phase: 'ttfb' as const }, total: { entry, phase: 'total' as const } },
      byClass: STATUS_CLASSES.map((status_class) => ({ entry, status_class })),
      cache: new Map(),
    };
    entries.set(entry, labels);
    return labels;
  };

  const endpointOf = boundedEndpoints(MAX_ENDPOINTS);
  const endpoints = new Map<string, EndpointLabels>();
  const endpointLabels = (path: string): EndpointLabels => {
    const endpoint = endpointOf(path);
    let labels = endpoints.get(endpoint);
    if (!labels) {
      labels = { endpoint: { endpoint }, methods: new Map(), kinds: new Map() };
      endpoints.set(endpoint, labels);
    }
    return labels;
  };
  const keyed = <L>(map: Map<string, L>, key: string, make: () => L): L => {
    let labels = map.get(key);
    if (!labels) {
      labels = make();
      map.set(key, labels);
    }
    return labels;
  };

  const gateway: CallObserver = {
    called(path, method) {
      const labels = endpointLabels(path);
      gatewayCalls.inc(
        keyed(labels.methods, method, () => ({ endpoint: labels.endpoint.endpoint, method })),
        1,
      );
    },
    ended(path, seconds, failure) {
      const labels = endpointLabels(path);
      gatewayDuration.observe(labels.endpoint, seconds);
      if (failure) countFailure(labels, failure);
    },
    retried(path) {
      gatewayRetries.inc(endpointLabels(path).endpoint, 1);
    },
    refusedAnswer(path) {
      countFailure(endpointLabels(path), 'malformed');
    },
  };
  function countFailure(labels: EndpointLabels, failure: GatewayFailureKind): void {
    // A spent deadline is a timeout of the call, and also counted apart.
    const kind = failure === 'deadline' ? 'timeout' : failure;
    gatewayFailures.inc(
      keyed(labels.kinds, kind, () => ({ endpoint: labels.endpoint.endpoint, kind })),
      1,
    );
    if (failure === 'deadline') gatewayDeadlines.inc(labels.endpoint, 1);
  }

  return {
    registry,
    gateway,
    /** One answered request of `entry`: its status, its times to the first and the last byte, the bytes it sent. */
    request(entry: string, status: number, ttfbSeconds: number, totalSeconds: number, bytes: number): void {
      const labels = entryLabels(entry);
      requests.inc(labels.byClass[Math.min(5, Math.max(1, Math.floor(status / 100)))], 1);
      requestDuration.observe(labels.phase.ttfb, ttfbSeconds);
      requestDuration.observe(labels.phase.total, totalSeconds);
      if (bytes > 0) responseBytes.inc(labels.entry, bytes);
    },
    /** What the page cache did for a request of `entry` (REFUSED: and why the render was not kept). */
    pageCache(entry: string, outcome: CacheOutcome, reason?: string): void {
      const labels = entryLabels(entry);
      const key = reason ? `${outcome}:${reason}` : outcome;
      pageCache.inc(
        keyed(labels.cache, key, () => ({ entry: labels.entry.entry, outcome, ...(reason ? { reason } : {}) })),
        1,
      );
    },
    /** One render of a page of `entry`. */
    render(entry: string, seconds: number): void {
      renderDuration.observe(entryLabels(entry).entry, seconds);
    },
    pressureRefused(): void {
      pressureRefusals.inc();
    },
    registryReload(result: 'accepted' | 'refused'): void {
      registryReloads.inc({ result }, 1);
    },
    /** The gauges read at each scrape: open sockets, Redis, the registry generation. */
    watch(sources: GaugeSources): void {
      new Gauge({
        name: METRIC_NAMES.websockets,
        help: 'Open WebSockets of this process: member (forced logout, profile events) and chat.',
        labelNames: ['kind'] as const,
        registers,
        collect() {
          const open = sources.sockets();
          this.set({ kind: 'member' }, open.member);
          this.set({ kind: 'chat' }, open.chat);
        },
      });
      const redisUp = sources.redisUp;
      if (redisUp)
        new Gauge({
          name: METRIC_NAMES.redisUp,
          help: 'Redis (REDIS_URL) reachable by the page cache and the shared store: 1, else 0. Summed over the cluster: the minimum.',
          registers,
          aggregator: 'min',
          collect() {
            this.set(redisUp() ? 1 : 0);
          },
        });
      new Gauge({
        name: METRIC_NAMES.registryGeneration,
        help: 'The page-cache generation served: a registry reload moves it on (the same in every process with Redis). Over the cluster: the highest.',
        registers,
        aggregator: 'max',
        collect() {
          this.set(sources.generation());
        },
      });
    },
  };
}

export type PortalMetrics = ReturnType<typeof createPortalMetrics>;
