import type { Got, Method } from 'got';
import { GatewayError } from '../errors.ts';
import { markBatched } from '../tracing/gateway.ts';
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
 * is repeated alone, a POST never. Calls of the shell and secondary calls (CallContext.secondary) go in separate
 * batches, so the shell never waits for a secondary call. A lone call, or a gateway that has no batch route, goes
 * the usual way.
 */
export class GatewayBatch implements CallBatcher {
  private readonly lanes: [Pending[], Pending[]] = [[], []];
  private readonly scheduled: [boolean, boolean] = [false, false];
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
      const lane = call.secondary ? 1 : 0;
      const queue = this.lanes[lane];
      queue.push({ call, path, method, opts, resolve: resolve as Pending['resolve'], reject });
      if (queue.length >= this.settings().maxCalls) this.flush(lane);
      else if (!this.scheduled[lane]) {
        this.scheduled[lane] = true;
        // After every call this turn of the event loop makes (loaders start theirs together, some after a microtask).
        if (this.delayMs > 0) this.timer = setTimeout(() => this.flush(lane), this.delayMs);
        else setImmediate(() => this.flush(lane));
      }
    });
  }

  /** Sends what is waiting now and resolves once it is answered (the background batch, when the process stops). */
  async flushNow(): Promise<void> {
    await Promise.all([this.flush(0), this.flush(1)]);
  }

  private flush(lane: 0 | 1): Promise<unknown> | undefined {
    this.scheduled[lane] = false;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const list = this.lanes[lane].splice(0);
    if (list.length === 0) return;
    if (list.length === 1 || this.support.unsupported) return Promise.all(list.map((p) => alone(p)));
    return this.send(list);
  }

  private async send(list: Pending[]): Promise<void> {
    const call = list[0].call;
    const started = performance.now();
    const left = call.deadline ? Math.floor(call.deadline.at - performance.now()) : Number.POSITIVE_INFINITY;
    if (left <= 0) {
      for (const p of list) p.reject(deadlineReached(p.call, p.path, p.method, started));
      return;
    }
    let res: { statusCode: number; body: string };
    try {
      res = await this.client(BATCH_PATH, {
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
        headers: { 'x-request-id': call.reqId },
        ...(left < (this.client.defaults.options.timeout.request ?? Number.POSITIVE_INFINITY) ? { timeout: { request: left } } : {}),
      });
    } catch (err) {
      const code = (err as { code?: string }).code ?? 'UNKNOWN';
      return this.failed(list, code, started);
    }
    if (res.statusCode === 404) {
      // A gateway without the batch route: nothing of the batch ran, so each call is made alone, now and from now on.
      this.support.unsupported = true;
      call.log.warn({ gateway: BATCH_PATH }, 'gateway has no batch route; calls go one by one');
      for (const p of list) void alone(p);
      return;
    }
    let answers: BatchAnswer[] | undefined;
    if (res.statusCode === 200) {
      try {
        answers = (JSON.parse(res.body) as { obj?: { answers?: BatchAnswer[] } }).obj?.answers;
      } catch {
        answers = undefined;
      }
    }
    if (!Array.isArray(answers) || answers.length !== list.length) {
      return this.failed(list, res.statusCode === 200 ? 'MALFORMED' : `HTTP ${res.statusCode}`, started, res.statusCode);
    }
    markBatched(list);
    for (const [i, p] of list.entries()) this.settle(p, answers[i]);
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
        throw new GatewayError(502, p.path, `Gateway ${p.method} ${p.path} answered invalid JSON`);
      }
      p.resolve(checkEnvelope(p.call, p.path, p.method, a.statusCode, body));
    } catch (err) {
      p.reject(err);
    }
  }

  /**
   * The batch itself failed (no answer, a broken one, a 5xx): an idempotent call is made again alone, as a lone call
   * is retried; a POST fails as a lone POST would, since the gateway may have run it.
   */
  private failed(list: Pending[], code: string, started: number, httpStatus?: number): void {
    const call = list[0].call;
    call.log.error(
      { gateway: BATCH_PATH, code, httpStatus, calls: list.length, ms: Math.round(performance.now() - started) },
      'gateway batch failed',
    );
    for (const p of list) {
      if (IDEMPOTENT.includes(p.method)) void alone(p, 1);
      else p.reject(new GatewayError(code === 'ETIMEDOUT' ? 504 : 502, p.path, `Gateway ${p.method} ${p.path} failed: ${code}`));
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
