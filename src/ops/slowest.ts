/**
 * Issue 36 part 2: the slowest pages and gateway endpoints of the last minutes, from the request metrics. The metrics
 * (prom-client histograms, cumulative since the process started) are read as `getMetricsAsJSON()` snapshots taken every
 * `site.ops.metricsSampleSeconds`; the last minutes are the newest counts minus those of the snapshot taken a window
 * ago, and a p95 is read from the difference of the buckets as Prometheus' `histogram_quantile` reads it.
 * - `portal_request_duration_seconds{entry, phase="ttfb"|"total"}`: a page's time to first byte and total time;
 * - `portal_gateway_call_duration_seconds{endpoint}`: a gateway call's time.
 */

export const PAGE_METRIC = 'portal_request_duration_seconds';
export const GATEWAY_METRIC = 'portal_gateway_call_duration_seconds';

export interface SlowPage {
  entry: string;
  /** p95 of the total time. */
  p95Ms: number;
  /** p95 of the time to first byte, when the metrics have it. */
  ttfbP95Ms: number | null;
  count: number;
}

export interface SlowEndpoint {
  endpoint: string;
  p95Ms: number;
  count: number;
}

export interface SlowestReport {
  pages: SlowPage[];
  endpoints: SlowEndpoint[];
  /** The time the numbers cover (shorter than asked while the process is younger than the window). */
  coveredMs: number;
}

/** What the console asks: any source of the slowest pages and endpoints (the metrics, or a test's). */
export interface SlowestSource {
  slowest(windowMs: number, top: number): Promise<SlowestReport>;
}

/** prom-client's `getMetricsAsJSON()` item, as far as it is read here. */
export interface MetricJSON {
  name: string;
  type: string;
  values: Array<{ value: number; labels: Record<string, string | number>; metricName?: string }>;
}

interface Series {
  labels: Record<string, string>;
  /** Cumulative counts by upper bound, ascending (Infinity last). */
  buckets: Array<{ le: number; count: number }>;
  count: number;
}

interface Snapshot {
  at: number;
  series: Map<string, Series>;
}

const LABELS: Record<string, string[]> = { [PAGE_METRIC]: ['entry', 'phase'], [GATEWAY_METRIC]: ['endpoint'] };

const seriesKey = (metric: string, labels: Record<string, string>) => `${metric}|${LABELS[metric].map((l) => labels[l] ?? '').join('|')}`;

/** The two histograms of a snapshot, by series. */
export function readHistograms(metrics: MetricJSON[]): Map<string, Series> {
  const out = new Map<string, Series>();
  for (const metric of metrics) {
    if (metric.type !== 'histogram' || !LABELS[metric.name]) continue;
    for (const v of metric.values) {
      const labels: Record<string, string> = {};
      for (const l of LABELS[metric.name]) labels[l] = String(v.labels[l] ?? '');
      const key = seriesKey(metric.name, labels);
      let series = out.get(key);
      if (!series) {
        series = { labels, buckets: [], count: 0 };
        out.set(key, series);
      }
      const kind = v.metricName?.slice(metric.name.length) ?? ('le' in v.labels ? '_bucket' : '');
      if (kind === '_bucket') {
        const le = v.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(v.labels.le);
        if (!Number.isNaN(le)) series.buckets.push({ le, count: v.value });
      } else if (kind === '_count') series.count = v.value;
    }
  }
  for (const s of out.values()) s.buckets.sort((a, b) => a.le - b.le);
  return out;
}

/**
 * The q-quantile of cumulative bucket counts, in the buckets' unit: linear inside the bucket that holds the rank (from
 * the bucket below's bound, 0 for the first); a rank in the +Inf bucket gives the highest finite bound.
 */
export function bucketQuantile(q: number, buckets: Array<{ le: number; count: number }>): number | null {
  const total = buckets[buckets.length - 1]?.count ?? 0;
  if (!(total > 0)) return null;
  const rank = q * total;
  let lowerBound = 0;
  let lowerCount = 0;
  for (const b of buckets) {
    if (b.count >= rank) {
      if (b.le === Number.POSITIVE_INFINITY) return lowerBound;
      const inBucket = b.count - lowerCount;
      return inBucket > 0 ? lowerBound + ((b.le - lowerBound) * (rank - lowerCount)) / inBucket : b.le;
    }
    lowerBound = b.le;
    lowerCount = b.count;
  }
  return lowerBound;
}

/** `now` minus `before`, bucket by bucket; a series that went backwards (a reset) counts from zero. */
function since(now: Series, before: Series | undefined): Series {
  if (!before || before.count > now.count) return now;
  const old = new Map(before.buckets.map((b) => [b.le, b.count]));
  return {
    labels: now.labels,
    buckets: now.buckets.map((b) => ({ le: b.le, count: b.count - (old.get(b.le) ?? 0) })),
    count: now.count - before.count,
  };
}

const ms = (seconds: number) => Math.round(seconds * 10_000) / 10;

/** The slowest of the last window, from the newest snapshot and the one a window before it. */
export function slowestBetween(latest: Map<string, Series>, baseline: Map<string, Series> | undefined, top: number) {
  const pages = new Map<string, SlowPage>();
  const endpoints: SlowEndpoint[] = [];
  for (const [key, series] of latest) {
    const diff = since(series, baseline?.get(key));
    if (diff.count <= 0) continue;
    const p95 = bucketQuantile(0.95, diff.buckets);
    if (p95 === null) continue;
    if (key.startsWith(`${GATEWAY_METRIC}|`)) {
      endpoints.push({ endpoint: series.labels.endpoint, p95Ms: ms(p95), count: diff.count });
      continue;
    }
    const entry = series.labels.entry;
    const page = pages.get(entry) ?? { entry, p95Ms: 0, ttfbP95Ms: null, count: 0 };
    if (series.labels.phase === 'ttfb') page.ttfbP95Ms = ms(p95);
    else {
      page.p95Ms = ms(p95);
      page.count = diff.count;
    }
    pages.set(entry, page);
  }
  return {
    pages: [...pages.values()]
      .filter((p) => p.count > 0)
      .sort((a, b) => b.p95Ms - a.p95Ms)
      .slice(0, top),
    endpoints: endpoints.sort((a, b) => b.p95Ms - a.p95Ms).slice(0, top),
  };
}

export interface SnapshotSlowestOptions {
  /** The metrics now (prom-client: `registry.getMetricsAsJSON()`). */
  collect: () => Promise<MetricJSON[]>;
  now: () => number;
  /** When the metrics started counting (the process's start): the oldest a window can reach. */
  startedAt: number;
  /** How long snapshots are kept (the longest window asked, plus a sample). */
  keepMs: () => number;
}

/** A SlowestSource over snapshots of the metrics: `sample()` on a timer, `slowest()` when the console asks. */
export function createSnapshotSlowest(opts: SnapshotSlowestOptions): SlowestSource & { sample(): Promise<void>; readonly size: number } {
  const snapshots: Snapshot[] = [];
  const take = async (): Promise<Snapshot> => ({ at: opts.now(), series: readHistograms(await opts.collect()) });
  return {
    async sample() {
      const snapshot = await take();
      snapshots.push(snapshot);
      const oldest = snapshot.at - opts.keepMs();
      // Keep one snapshot at or before the oldest time a window can ask for.
      while (snapshots.length > 1 && snapshots[1].at <= oldest) snapshots.shift();
    },
    async slowest(windowMs, top) {
      const latest = await take();
      const from = latest.at - windowMs;
      let baseline: Snapshot | undefined;
      for (const s of snapshots) if (s.at <= from) baseline = s;
      return { ...slowestBetween(latest.series, baseline?.series, top), coveredMs: latest.at - (baseline?.at ?? opts.startedAt) };
    },
    get size() {
      return snapshots.length;
    },
  };
}

/**
 * The metrics' JSON from whatever the app decorates as `metrics`: the metrics plugin's (`clusterJson()`: every worker's
 * sums, plugins/metrics.ts), a prom-client Registry, or an object holding one as `registry`. Null when there is none
 * (the console then says 指标未启用).
 */
export function metricsCollector(metrics: unknown): (() => Promise<MetricJSON[]>) | null {
  const cluster = metrics !== null && typeof metrics === 'object' ? (metrics as { clusterJson?: unknown }).clusterJson : undefined;
  if (typeof cluster === 'function') return () => (cluster as () => Promise<MetricJSON[]>).call(metrics);
  const hasJson = (v: unknown): v is { getMetricsAsJSON(): Promise<MetricJSON[]> } =>
    v !== null && typeof v === 'object' && typeof (v as { getMetricsAsJSON?: unknown }).getMetricsAsJSON === 'function';
  const held = metrics !== null && typeof metrics === 'object' ? (metrics as { registry?: unknown }).registry : undefined;
  const registry = [metrics, held].find(hasJson);
  return registry ? () => registry.getMetricsAsJSON() : null;
}
