import type { Got, Method } from 'got';
import { GatewayError } from '../errors.ts';
import { markBatched } from '../tracing/gateway.ts';
import { failureKindOfCode } from './call-metrics.ts';
import {
  type CallBatcher,
  type CallContext,
  type CallOptions,
  callAlone,
  checkEnvelope,
  cleanParams,
  deadlineReached,
  type Envelope,
  IDEMPOTENT,
  RETRY,
} from './http.ts';

/** The registry's `site.gatewayBatch`: whether a request's calls share round trips, and how many share one. */
export interface GatewayBatchSettings {
  enabled: boolean;
  maxCalls: number;
  /**
   * How long the writes no page waits for (a detail's view count, SPEC 7.4) are gathered, from every request of the
   * process, before they go in one round trip.
   */
  backgroundMs: number;
}
export const DEFAULT_GATEWAY_BATCH: GatewayBatchSettings = { enabled: true, maxCalls: 16, backgroundMs: 50 };

/** The gateway's batch route (src/backend/routes/batch.ts). */
export const BATCH_PATH = 'api/batch';
/** The media type of a streamed batch answer (one JSON line per call, in the order they are answered). */
export const BATCH_STREAM_TYPE = 'application/x-ndjson';

interface Pending {
  call: CallContext;
  path: string;
  method: Method;
  opts: CallOptions;
  resolve: (envelope: Envelope<unknown>) => void;
  reject: (err: unknown) => void;
}

interface BatchAnswer {
  statusCode: number;
  body?: unknown;
  text?: string;
}

/** What all batches of one app learn about the gateway: a gateway without the batch route is asked one call at a time. */
export interface BatchSupport {
  unsupported: boolean;
}

/** The path a single call would request, its query included. */
function pathWithQuery(path: string, opts: CallOptions): string {
  const bare = path.replace(/^\/+/, '');
  const params = cleanParams(opts.searchParams);
  if (!params || Object.keys(params).length === 0) return bare;
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return `${bare}${bare.includes('?') ? '&' : '?'}${query}`;
}

const alone = (p: Pending, attemptsMade = 0) =>
  callAlone(p.call.batch?.client as Got, { ...p.call, batch: undefined }, p.path, p.opts, attemptsMade).then(p.resolve, p.reject);

/**
 * The gateway calls of one request, gathered per turn of the event loop and sent in one round trip (issue 35 part 1).
 * A detail page asks for about ten things at once once it has the listing; one HTTP request each cost the portal more
 * CPU in got and socket work than rendering the page (the bench's profile). Every call keeps its own rules (SPEC 7.1,
 * 7.12): its answer is checked and logged as if it had come alone, an idempotent call whose answer is worth repeating
 * is repeated alone, a POST never.
 *
 * The answer is streamed (BATCH_STREAM_TYPE): each call is settled as its line arrives, so the shell's calls and the
 * secondary ones (CallContext.secondary, the blocks streamed after the shell) share the round trip without the shell
 * waiting for a slow secondary call (issue 20); the shell's calls go first in the batch. A gateway that answers the
 * whole batch at once is understood too. A lone call, or a gateway that has no batch route, goes the usual way.
 */
export class GatewayBatch implements CallBatcher {
  private queue: Pending[] = [];
  private scheduled = false;
  private timer: NodeJS.Timeout | null = null;

  /** `delayMs` 0: a batch leaves after the current turn of the event loop; more: after that long (the background batch). */
  constructor(
    readonly client: Got,
    private readonly settings: () => GatewayBatchSettings,
    private readonly support: BatchSupport,
    private readonly delayMs = 0,
  ) {}

  add<T>(call: CallContext, path: string, method: Method, opts: CallOptions): Promise<Envelope<T>> {
    return new Promise<Envelope<T>>((resolve, reject) => {
      this.queue.push({ call, path, method, opts, resolve: resolve as Pending['resolve'], reject });
      if (this.queue.length >= this.settings().maxCalls) void this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        // After every call this turn of the event loop makes (loaders start theirs together, some after a microtask).
        if (this.delayMs > 0) this.timer = setTimeout(() => this.flush(), this.delayMs);
        else setImmediate(() => this.flush());
      }
    });
  }

  /** Sends what is waiting now and resolves once it is answered (the background batch, when the process stops). */
  async flushNow(): Promise<void> {
    await this.flush();
  }

  private flush(): Promise<unknown> | undefined {
    this.scheduled = false;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const list = this.queue;
    this.queue = [];
    if (list.length === 0) return;
    if (list.length === 1 || this.support.unsupported) return Promise.all(list.map((p) => alone(p)));
    // The shell's calls first: the gateway answers in its own time, but starts them first.
    return this.send([...list.filter((p) => !p.call.secondary), ...list.filter((p) => p.call.secondary)]);
  }

  private send(list: Pending[]): Promise<void> {
    const call = list[0].call;
    const started = performance.now();
    const left = call.deadline ? Math.floor(call.deadline.at - performance.now()) : Number.POSITIVE_INFINITY;
    if (left <= 0) {
      for (const p of list) p.reject(deadlineReached(p.call, p.path, p.method, started));
      return Promise.resolve();
    }
    markBatched(list);
    const open = new Set(list.keys());
    const settleLine = (line: string) => {
      let a: (BatchAnswer & { i?: unknown }) | undefined;
      try {
        a = JSON.parse(line) as BatchAnswer & { i?: unknown };
      } catch {
        return;
      }
      const i = a?.i;
      if (typeof i !== 'number' || !open.delete(i)) return;
      this.settle(list[i], a);
    };
    const stream = this.client.stream(BATCH_PATH, {
      method: 'POST',
      json: {
        calls: list.map((p) => ({
          method: p.method,
          path: pathWithQuery(p.path, p.opts),
          json: p.opts.json,
          // The background batch carries calls of several requests: each keeps its own id in the gateway's log.
          ...(p.call.reqId !== call.reqId ? { requestId: p.call.reqId } : {}),
        })),
      },
      headers: { 'x-request-id': call.reqId, accept: `${BATCH_STREAM_TYPE}, application/json` },
      ...(left < (this.client.defaults.options.timeout.request ?? Number.POSITIVE_INFINITY) ? { timeout: { request: left } } : {}),
    });
    return new Promise<void>((done) => {
      let statusCode = 0;
      let streamed = false;
      let text = '';
      let finished = false;
      const finish = (failure?: { code: string; httpStatus?: number }) => {
        if (finished) return;
        finished = true;
        const rest = list.filter((_, i) => open.has(i));
        open.clear();
        if (failure && failure.code === 'NO_ROUTE') {
          // A gateway without the batch route: nothing of the batch ran, so each call is made alone, now and from now on.
          this.support.unsupported = true;
          call.log.warn({ gateway: BATCH_PATH }, 'gateway has no batch route; calls go one by one');
          for (const p of rest) void alone(p);
        } else if (rest.length > 0) this.failed(rest, failure?.code ?? 'MALFORMED', started, failure?.httpStatus ?? statusCode);
        done();
      };
      stream.on('response', (res: { statusCode: number; headers: Record<string, string | string[] | undefined> }) => {
        statusCode = res.statusCode;
        streamed = String(res.headers['content-type'] ?? '').startsWith(BATCH_STREAM_TYPE);
      });
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        if (statusCode !== 200) return;
        text += chunk;
        if (!streamed) return;
        let nl = text.indexOf('\n');
        while (nl >= 0) {
          settleLine(text.slice(0, nl));
          text = text.slice(nl + 1);
          nl = text.indexOf('\n');
        }
      });
      stream.on('end', () => {
        if (statusCode === 404) return finish({ code: 'NO_ROUTE' });
        if (statusCode !== 200) return finish({ code: `HTTP ${statusCode}`, httpStatus: statusCode });
        if (streamed) {
          if (text) settleLine(text);
        } else this.settleWhole(list, open, text);
        finish();
      });
      stream.on('error', (err: { code?: string }) => finish({ code: err.code ?? 'UNKNOWN' }));
    });
  }

  /** A gateway that answered the whole batch at once: `obj.answers` in the order of the calls. */
  private settleWhole(list: Pending[], open: Set<number>, text: string): void {
    let answers: BatchAnswer[] | undefined;
    try {
      answers = (JSON.parse(text) as { obj?: { answers?: BatchAnswer[] } }).obj?.answers;
    } catch {
      answers = undefined;
    }
    if (!Array.isArray(answers) || answers.length !== list.length) return;
    for (const [i, p] of list.entries()) {
      open.delete(i);
      this.settle(p, answers[i]);
    }
  }

  /** One call's part of the batch answer, with the rules of a call made alone. */
  private settle(p: Pending, a: BatchAnswer): void {
    if (IDEMPOTENT.includes(p.method) && RETRY.statusCodes.includes(a.statusCode)) {
      p.call.log.warn({ gateway: p.path, method: p.method, httpStatus: a.statusCode, attempt: 1 }, 'gateway call failed, retrying');
      void alone(p, 1);
      return;
    }
    try {
      const body = a.text !== undefined ? (a.text ? safeParse(a.text) : null) : (a.body ?? null);
      if (body === INVALID) {
        p.call.log.error({ gateway: p.path, method: p.method }, 'gateway answered invalid JSON');
        throw new GatewayError(502, p.path, `Gateway ${p.method} ${p.path} answered invalid JSON`, 'malformed');
      }
      p.resolve(checkEnvelope(p.call, p.path, p.method, a.statusCode, body));
    } catch (err) {
      p.reject(err);
    }
  }

  /**
   * The batch failed for the calls still unanswered (no answer, a broken one, a 5xx, a stream cut short): an idempotent
   * call is made again alone, as a lone call is retried; a POST fails as a lone POST would, since the gateway may have
   * run it.
   */
  private failed(list: Pending[], code: string, started: number, httpStatus?: number): void {
    const call = list[0].call;
    call.log.error(
      { gateway: BATCH_PATH, code, httpStatus, calls: list.length, ms: Math.round(performance.now() - started) },
      'gateway batch failed',
    );
    const kind = failureKindOfCode(code);
    for (const p of list) {
      if (IDEMPOTENT.includes(p.method)) void alone(p, 1);
      else p.reject(new GatewayError(code === 'ETIMEDOUT' ? 504 : 502, p.path, `Gateway ${p.method} ${p.path} failed: ${code}`, kind));
    }
  }
}

const INVALID = Symbol('invalid JSON');
function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return INVALID;
  }
}

/**
 * One batch per request (`forRequest`, when the registry turns batching on), and the process's background batch for
 * the writes no page waits for: a detail's view count (SPEC 7.4) joins those of the other requests of the next
 * `backgroundMs` instead of taking a round trip of its own.
 */
export function createBatches(client: Got, settings: () => GatewayBatchSettings) {
  const support: BatchSupport = { unsupported: false };
  let background: GatewayBatch | null = null;
  return {
    forRequest(): GatewayBatch | undefined {
      const s = settings();
      return s.enabled && s.maxCalls > 1 ? new GatewayBatch(client, () => s, support) : undefined;
    },
    background(): GatewayBatch | undefined {
      const s = settings();
      if (!s.enabled || s.maxCalls <= 1 || s.backgroundMs <= 0) return undefined;
      background ??= new GatewayBatch(client, settings, support, s.backgroundMs);
      return background;
    },
    /** Sends the background batch's waiting calls and waits for their answers (the app is closing). */
    flushBackground(): Promise<void> {
      return background?.flushNow() ?? Promise.resolve();
    },
  };
}
