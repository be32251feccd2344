import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import got, { type Got, type Method, RequestError } from 'got';
import { GatewayError } from '../errors.ts';
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

const IDEMPOTENT: Method[] = ['GET', 'HEAD', 'OPTIONS'];

/** Bounded retries only for idempotent calls; a POST is never repeated behind the user's back (callGateway retries). */
const RETRY = { limit: 1, statusCodes: [502, 503, 504], errorCodes: ['ECONNRESET', 'ETIMEDOUT', 'EPIPE'] };

function baseClient(timeoutMs: number): Got {
  return got.extend({
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
    gateway: baseClient(cfg.timeoutMs).extend({ prefixUrl: urls.gateway, headers: { 'content-type': 'application/json' } }),
    console: baseClient(120_000).extend({ prefixUrl: urls.console }),
    chat: baseClient(cfg.timeoutMs),
    house: baseClient(cfg.timeoutMs),
    www: baseClient(cfg.timeoutMs),
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

function cleanParams(p: CallOptions['searchParams']): Record<string, string | number | boolean> | undefined {
  if (!p) return undefined;
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(p)) if (v !== undefined) out[k] = v;
  return out;
}

/** The request's deadline is spent: 504, and a log line that names the deadline (not the gateway) as the reason. */
function deadlineReached(call: CallContext, path: string, method: Method, started: number): GatewayError {
  const deadlineMs = call.deadline?.ms;
  const ms = Math.round(performance.now() - started);
  call.log.error({ gateway: path, method, deadlineMs, ms }, `gateway call failed: request deadline of ${deadlineMs} ms reached`);
  return new GatewayError(504, path, `Gateway ${method} ${path} failed: request deadline of ${deadlineMs} ms reached`);
}

/**
 * One call to the gateway with the rules of SPEC 7.1 and 7.12:
 * any status other than 200 (HTTP or the body's `status`) is a failure, logged and thrown with its status;
 * an empty body or empty `obj` is only logged. Returns the whole envelope. An idempotent call that fails in a way worth
 * repeating is made once more; every attempt is bounded by the time the request has left (CallContext.deadline).
 */
export async function callGateway<T>(client: Got, call: CallContext, path: string, opts: CallOptions = {}): Promise<Envelope<T>> {
  const method = opts.method ?? 'GET';
  // The SPEC writes some paths with a leading slash and some without; got's prefixUrl wants none.
  const target = opts.url ?? path.replace(/^\/+/, '');
  const started = performance.now();
  const attempts = IDEMPOTENT.includes(method) ? 1 + RETRY.limit : 1;
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
      continue;
    }
    if (res) break;
    if (code === 'ETIMEDOUT' && call.deadline && call.deadline.at <= performance.now()) throw deadlineReached(call, path, method, started);
    call.log.error({ gateway: path, method, code, ms: Math.round(performance.now() - started) }, 'gateway call failed');
    throw new GatewayError(code === 'ETIMEDOUT' ? 504 : 502, path, `Gateway ${method} ${path} failed: ${code}`);
  }
  return readEnvelope<T>(call, path, method, res);
}

/** SPEC 7.1 and 7.12 on an answer: a non-200 (HTTP or the body's `status`) throws; an empty body or obj is logged. */
function readEnvelope<T>(call: CallContext, path: string, method: Method, res: { statusCode: number; body: string }): Envelope<T> {
  if (res.statusCode !== 200) {
    call.log.error({ gateway: path, method, httpStatus: res.statusCode }, 'gateway answered non-200');
    throw new GatewayError(
      res.statusCode >= 400 ? res.statusCode : 502,
      path,
      refusalMessage(res) ?? `Gateway ${method} ${path} answered HTTP ${res.statusCode}`,
    );
  }
  if (!res.body) {
    call.log.warn({ gateway: path, method }, 'gateway answered an empty body');
    return {};
  }
  let body: Envelope<T>;
  try {
    body = JSON.parse(res.body) as Envelope<T>;
  } catch {
    call.log.error({ gateway: path, method }, 'gateway answered invalid JSON');
    throw new GatewayError(502, path, `Gateway ${method} ${path} answered invalid JSON`);
  }
  if (body === null || typeof body !== 'object') {
    call.log.warn({ gateway: path, method }, 'gateway answered an empty body');
    return {};
  }
  if (body.status !== undefined && body.status !== 200) {
    const st = Number(body.status);
    // A refusal (4xx: a wrong password, a repeat, an ended session) is the gateway doing its job, said at info level so
    // anyone's bad input cannot fill the error log (issue 33); anything else is the gateway failing.
    const level = st >= 400 && st < 500 ? 'info' : 'error';
    call.log[level]({ gateway: path, method, status: body.status, message: body.message }, 'gateway status not 200');
    throw new GatewayError(st >= 400 && st <= 599 ? st : 502, path, body.message || `Gateway ${method} ${path} status ${body.status}`);
  }
  if (body.obj === undefined || body.obj === null || (typeof body.obj === 'object' && Object.keys(body.obj as object).length === 0)) {
    call.log.info({ gateway: path, method }, 'gateway answered an empty obj');
  }
  return body;
}
