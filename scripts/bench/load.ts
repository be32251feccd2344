import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  /** Requests answered in the run. */
  total: number;
  /** CPU time of the server per request (µs), when the caller measured it; it varies less than req/s on a shared machine. */
  cpuUsPerRequest?: number;
  /** CPU time of the embedded gateway per request (µs), for the scenarios that call it. */
  gatewayCpuUsPerRequest?: number;
  /** CPU time of the load generator (this process, on the gateway's core) per request (µs). */
  loadCpuUsPerRequest?: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** One autocannon run on loopback (bounded in time and connections). */
export async function load(
  url: string,
  opts: {
    connections?: number;
    seconds?: number;
    headers?: Record<string, string> /** requests a second, all connections */;
    rate?: number;
  } = {},
): Promise<LoadResult> {
  const r = await autocannon({
    url,
    connections: opts.connections ?? 50,
    duration: opts.seconds ?? 10,
    headers: opts.headers,
    ...(opts.rate ? { overallRate: opts.rate } : {}),
  });
  return {
    rps: r.requests.average,
    total: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

export function medianOf(results: LoadResult[]): LoadResult {
  return {
    rps: Math.round(median(results.map((r) => r.rps))),
    total: median(results.map((r) => r.total)),
    cpuUsPerRequest: results.every((r) => r.cpuUsPerRequest !== undefined)
      ? Math.round(median(results.map((r) => r.cpuUsPerRequest as number)))
      : undefined,
    gatewayCpuUsPerRequest: results.every((r) => r.gatewayCpuUsPerRequest !== undefined)
      ? Math.round(median(results.map((r) => r.gatewayCpuUsPerRequest as number)))
      : undefined,
    loadCpuUsPerRequest: results.every((r) => r.loadCpuUsPerRequest !== undefined)
      ? Math.round(median(results.map((r) => r.loadCpuUsPerRequest as number)))
      : undefined,
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    errors: results.reduce((n, r) => n + r.errors, 0),
  };
}
