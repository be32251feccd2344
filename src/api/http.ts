import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import got, { type Got, type Method, RequestError } from 'got';
import { GatewayError } from '../errors.ts';

/** Who is calling: forwarded as x-request-id and used for the call's log lines. */
export interface CallContext {
  reqId: string;
  log: FastifyBaseLogger;
}

export interface ClientsConfig {
  gatewayUrl: string;
  consoleUrl?: string;
  chatUrl?: string;
  houseUrl?: string;
  /** The www host (franchise application, SPEC 7.8); defaults to the gateway. */
  wwwUrl?: string;
  timeoutMs: number;
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

function baseClient(timeoutMs: number): Got {
  return got.extend({
    timeout: { request: timeoutMs },
    // Bounded retries only for idempotent calls; a POST is never repeated behind the user's back.
    retry: { limit: 1, methods: IDEMPOTENT, statusCodes: [502, 503, 504], errorCodes: ['ECONNRESET', 'ETIMEDOUT', 'EPIPE'] },
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

/**
 * One call to the gateway with the rules of SPEC 7.1 and 7.12:
 * any status other than 200 (HTTP or the body's `status`) is a failure, logged and thrown with its status;
 * an empty body or empty `obj` is only logged. Returns the whole envelope.
 */
export async function callGateway<T>(client: Got, call: CallContext, path: string, opts: CallOptions = {}): Promise<Envelope<T>> {
  const method = opts.method ?? 'GET';
  // The SPEC writes some paths with a leading slash and some without; got's prefixUrl wants none.
  const target = opts.url ?? path.replace(/^\/+/, '');
  const started = performance.now();
  let res: { statusCode: number; body: string };
  try {
    res = await client(target, {
      method,
      searchParams: cleanParams(opts.searchParams),
      json: opts.body ? undefined : opts.json,
      body: opts.body,
      headers: opts.body ? { 'x-request-id': call.reqId, 'content-type': undefined } : { 'x-request-id': call.reqId },
    });
  } catch (err) {
    const code = err instanceof RequestError ? err.code : 'UNKNOWN';
    const status = code === 'ETIMEDOUT' ? 504 : 502;
    call.log.error({ gateway: path, method, code, ms: Math.round(performance.now() - started) }, 'gateway call failed');
    throw new GatewayError(status, path, `Gateway ${method} ${path} failed: ${code}`);
  }
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
    call.log.error({ gateway: path, method, status: body.status, message: body.message }, 'gateway status not 200');
    throw new GatewayError(st >= 400 && st <= 599 ? st : 502, path, body.message || `Gateway ${method} ${path} status ${body.status}`);
  }
  if (body.obj === undefined || body.obj === null || (typeof body.obj === 'object' && Object.keys(body.obj as object).length === 0)) {
    call.log.info({ gateway: path, method }, 'gateway answered an empty obj');
  }
  return body;
}
