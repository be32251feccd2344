import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import got, { type Got, type Method, RequestError } from 'got';
import { GatewayError } from '../errors.ts';
import { type CallTrace, traceGatewayCall } from '../tracing/gateway.ts';
import type { GatewayBatchSettings } from './batch.ts';
import { type CallObserver, callObserverOf, observeCall, observedBy } from './call-metrics.ts';
import type { AnswerMemoSettings } from './memo.ts';

/** Who is calling: forwarded as x-request-id and used for the call's log lines. */
export interface CallContext {
  reqId: string;
  log: FastifyBaseLogger;
  /**
   * The request's one deadline (issue 20): `performance.now()` time by which every gateway call of the request,
   * retries included, must be over. Each call gets the time left as its timeout; none is left, the call fails with 504
   * without being made. Unset (a background fetch, a chat call): each call has its client's own timeout.
   */
  deadline?: { at: number; ms: number };
  /**
   * The request's batch of gateway calls (src/api/batch.ts): the calls it makes in one turn of the event loop go to
   * the gateway in one round trip. Unset: every call is its own request.
   */
  batch?: CallBatcher;
  /** A secondary call (a block streamed after the shell): the shell's calls go before it and never wait for it. */
  secondary?: boolean;
  /** Issue 36 part 3: set when the request is traced; each call then gets a span (src/tracing/gateway.ts). */
  trace?: CallTrace;
}

/** The same caller for a secondary call: after the shell's calls in a batch, answered apart (src/api/batch.ts). */
export const secondaryCall = (call: CallContext): CallContext => ({ ...call, secondary: true });

/** Takes a call into the request's batch; see src/api/batch.ts. */
export interface CallBatcher {
  /** The client whose calls are batched (the main gateway's). */
  readonly client: Got;
  add<T>(call: CallContext, path: string, method: Method, opts: CallOptions): Promise<Envelope<T>>;
}

export interface ClientsConfig {
  gatewayUrl: string;
  consoleUrl?: string;
  chatUrl?: string;
  houseUrl?: string;
  /** The www host (franchise application, SPEC 7.8); defaults to the gateway. */
  wwwUrl?: string;
  timeoutMs: number;
  /** The shared-answer memo's bound and times to live (src/api/memo.ts): the registry's `site.answerMemo`. */
  answerMemo?: () => AnswerMemoSettings;
  /** Whether a request's calls share round trips (src/api/batch.ts): the registry's `site.gatewayBatch`. */
  gatewayBatch?: () => GatewayBatchSettings;
  /** Hears every call of every client (issue 36 part 1: the gateway metrics, src/api/call-metrics.ts). */
  callObserver?: CallObserver;
}

export interface GatewayClients {
  gateway: Got;
  console: Got;
  /** Chat host and house service are called with full URLs (SPEC 7.1). */
  chat: Got;
  house: Got;
  /** The www host, called with full URLs. */
  www: Got;
  urls: { gateway: string; console: string; chat: string; house: string; www: string };
}

export { GatewayError };

export const IDEMPOTENT: Method[] = ['GET', 'HEAD', 'OPTIONS'];

/** Bounded retries only for idempotent calls; a POST is never repeated behind the user's back (callGateway retries). */
export const RETRY = { limit: 1, statusCodes: [502, 503, 504], errorCodes: ['ECONNRESET', 'ETIMEDOUT', 'EPIPE'] };

function baseClient(timeoutMs: number, observer?: CallObserver): Got {
  return got.extend({
    ...observedBy(observer),
    timeout: { request: timeoutMs },
    // got's own retries are off: callGateway repeats a failed idempotent call itself, within the request's deadline.
    retry: { limit: 0 },
    throwHttpErrors: false,
    responseType: 'text',
    agent: {
      http: new http.Agent({ keepAlive: true, maxSockets: 128 }),
      https: new https.Agent({ keepAlive: true, maxSockets: 128 }),
    },
  });
}

export function createClients(cfg: ClientsConfig): GatewayClients {
  const urls = {
    gateway: cfg.gatewayUrl,
    console: cfg.consoleUrl ?? cfg.gatewayUrl,
    chat: cfg.chatUrl ?? cfg.gatewayUrl,
    house: cfg.houseUrl ?? cfg.gatewayUrl,
    www: cfg.wwwUrl ?? cfg.gatewayUrl,
  };
  return {
    gateway: baseClient(cfg.timeoutMs, cfg.callObserver).extend({
      prefixUrl: urls.gateway,
      headers: { 'content-type': 'application/json' },
    }),
    console: baseClient(120_000, cfg.callObserver).extend({ prefixUrl: urls.console }),
    chat: baseClient(cfg.timeoutMs, cfg.callObserver),
    house: baseClient(cfg.timeoutMs, cfg.callObserver),
    www: baseClient(cfg.timeoutMs, cfg.callObserver),
    urls,
  };
}

export interface CallOptions {
  method?: Method;
  searchParams?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  /** A multipart body (file upload); its content type comes from the form. */
  body?: FormData;
  /** For full-URL clients (chat host, house service): the absolute URL. */
  url?: string;
}

export interface Envelope<T> {
  status?: number;
  message?: string;
  obj?: T;
  content?: unknown;
}

/** A 4xx envelope's own message (`field: why`), kept so a form can tell which field the gateway refused. */
function refusalMessage(res: { statusCode: number; body: string }): string | null {
  if (res.statusCode < 400 || res.statusCode >= 500 || !res.body) return null;
  try {
    const m = (JSON.parse(res.body) as { message?: unknown }).message;
    return typeof m === 'string' && m.length <= 300 ? m : null;
  } catch {
    return null;
  }
}

export function cleanParams(p: CallOptions['searchParams']): Record<string, string | number | boolean> | undefined {
  if (!p) return undefined;
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(p)) if (v !== undefined) out[k] = v;
  return out;
}

/** The request's deadline is spent: 504, and a log line that names the deadline (not the gateway) as the reason. */
export function deadlineReached(call: CallContext, path: string, method: Method, started: number): GatewayError {
  const deadlineMs = call.deadline?.ms;
  const ms = Math.round(performance.now() - started);
  call.log.error({ gateway: path, method, deadlineMs, ms }, `gateway call failed: request deadline of ${deadlineMs} ms reached`);
  return new GatewayError(504, path, `Gateway ${method} ${path} failed: request deadline of ${deadlineMs} ms reached`, 'deadline');
}

/**
 * One call to the gateway with the rules of SPEC 7.1 and 7.12:
 * any status other than 200 (HTTP or the body's `status`) is a failure, logged and thrown with its status;
 * an empty body or empty `obj` is only logged. Returns the whole envelope. An idempotent call that fails in a way worth
 * repeating is made once more; every attempt is bounded by the time the request has left (CallContext.deadline).
 */
export function callGateway<T>(client: Got, call: CallContext, path: string, opts: CallOptions = {}): Promise<Envelope<T>> {
  // Issue 36 part 1: each call counted and timed once, batched or alone, its retries included.
  return observeCall(client, path, opts.method ?? 'GET', () => sendCall<T>(client, call, path, opts));
}

async function sendCall<T>(client: Got, call: CallContext, path: string, opts: CallOptions): Promise<Envelope<T>> {
  const method = opts.method ?? 'GET';
  if (call.trace && !call.trace.span) return traceGatewayCall(call, path, method, (traced) => callGateway<T>(client, traced, path, opts));
  if (call.batch && client === call.batch.client && !opts.body && !opts.url && (method === 'GET' || method === 'POST')) {
    return call.batch.add<T>(call, path, method, opts);
  }
  return callAlone<T>(client, call, path, opts);
}

/**
 * One call in its own HTTP request. `attemptsMade`: attempts already spent on it elsewhere (a batch whose answer for it
 * was worth repeating), so the retry rule counts them.
 */
export async function callAlone<T>(
  client: Got,
  call: CallContext,
  path: string,
  opts: CallOptions = {},
  attemptsMade = 0,
): Promise<Envelope<T>> {
  const method = opts.method ?? 'GET';
  // The SPEC writes some paths with a leading slash and some without; got's prefixUrl wants none.
  const target = opts.url ?? path.replace(/^\/+/, '');
  const started = performance.now();
  const attempts = Math.max(1, (IDEMPOTENT.includes(method) ? 1 + RETRY.limit : 1) - attemptsMade);
  if (attemptsMade > 0) callObserverOf(client)?.retried(path);
  let res: { statusCode: number; body: string } | undefined;
  for (let attempt = 1; ; attempt++) {
    // The time this request has left bounds the attempt; with none left it is not made.
    const left = call.deadline ? Math.floor(call.deadline.at - performance.now()) : Number.POSITIVE_INFINITY;
    if (left <= 0) throw deadlineReached(call, path, method, started);
    let code: string | undefined;
    try {
      res = await client(target, {
        method,
        searchParams: cleanParams(opts.searchParams),
        json: opts.body ? undefined : opts.json,
        body: opts.body,
        headers: opts.body ? { 'x-request-id': call.reqId, 'content-type': undefined } : { 'x-request-id': call.reqId },
        ...(left < (client.defaults.options.timeout.request ?? Number.POSITIVE_INFINITY) ? { timeout: { request: left } } : {}),
      });
    } catch (err) {
      code = err instanceof RequestError ? (err.code ?? 'UNKNOWN') : 'UNKNOWN';
      res = undefined;
    }
    const retryable = res ? RETRY.statusCodes.includes(res.statusCode) : RETRY.errorCodes.includes(code as string);
    if (attempt < attempts && retryable) {
      call.log.warn({ gateway: path, method, code, httpStatus: res?.statusCode, attempt }, 'gateway call failed, retrying');
      callObserverOf(client)?.retried(path);
      continue;
    }
    if (res) break;
    if (code === 'ETIMEDOUT' && call.deadline && call.deadline.at <= performance.now()) throw deadlineReached(call, path, method, started);
    call.log.error({ gateway: path, method, code, ms: Math.round(performance.now() - started) }, 'gateway call failed');
    const kind = code === 'ETIMEDOUT' ? 'timeout' : 'network';
    throw new GatewayError(code === 'ETIMEDOUT' ? 504 : 502, path, `Gateway ${method} ${path} failed: ${code}`, kind);
  }
  return readEnvelope<T>(call, path, method, res);
}

/** SPEC 7.1 and 7.12 on an answer: a non-200 (HTTP or the body's `status`) throws; an empty body or obj is logged. */
function readEnvelope<T>(call: CallContext, path: string, method: Method, res: { statusCode: number; body: string }): Envelope<T> {
  if (res.statusCode !== 200) throw httpFailure(call, path, method, res);
  if (!res.body) return checkEnvelope<T>(call, path, method, res.statusCode, null);
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    call.log.error({ gateway: path, method }, 'gateway answered invalid JSON');
    throw new GatewayError(502, path, `Gateway ${method} ${path} answered invalid JSON`, 'malformed');
  }
  return checkEnvelope<T>(call, path, method, res.statusCode, body);
}

function httpFailure(call: CallContext, path: string, method: Method, res: { statusCode: number; body: string }): GatewayError {
  call.log.error({ gateway: path, method, httpStatus: res.statusCode }, 'gateway answered non-200');
  return new GatewayError(
    res.statusCode >= 400 ? res.statusCode : 502,
    path,
    refusalMessage(res) ?? `Gateway ${method} ${path} answered HTTP ${res.statusCode}`,
    res.statusCode >= 500 ? '5xx' : 'refused',
  );
}

/**
 * The rules of SPEC 7.1 and 7.12 on an answer already parsed (`body` null: none): a non-200 HTTP status or body
 * `status` throws, an empty body or obj is logged.
 */
export function checkEnvelope<T>(call: CallContext, path: string, method: Method, statusCode: number, body: unknown): Envelope<T> {
  if (statusCode !== 200) {
    throw httpFailure(call, path, method, { statusCode, body: body === null || body === undefined ? '' : JSON.stringify(body) });
  }
  if (body === null || typeof body !== 'object') {
    call.log.warn({ gateway: path, method }, 'gateway answered an empty body');
    return {};
  }
  const envelope = body as Envelope<T>;
  if (envelope.status !== undefined && envelope.status !== 200) {
    const st = Number(envelope.status);
    // A refusal (4xx: a wrong password, a repeat, an ended session) is the gateway doing its job, said at info level so
    // anyone's bad input cannot fill the error log (issue 33); anything else is the gateway failing.
    const level = st >= 400 && st < 500 ? 'info' : 'error';
    call.log[level]({ gateway: path, method, status: envelope.status, message: envelope.message }, 'gateway status not 200');
    throw new GatewayError(
      st >= 400 && st <= 599 ? st : 502,
      path,
      envelope.message || `Gateway ${method} ${path} status ${envelope.status}`,
      st >= 500 && st <= 599 ? '5xx' : 'refused',
    );
  }
  if (
    envelope.obj === undefined ||
    envelope.obj === null ||
    (typeof envelope.obj === 'object' && Object.keys(envelope.obj as object).length === 0)
  ) {
    call.log.info({ gateway: path, method }, 'gateway answered an empty obj');
  }
  return envelope;
}
