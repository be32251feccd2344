import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

/** Process environment turned into typed, validated configuration. Nothing else reads process.env. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  logLevel: string;
  /** Unset: the embedded backend is started in-process on a loopback port. */
  gatewayUrl?: string;
  consoleUrl?: string;
  chatUrl?: string;
  houseUrl?: string;
  gatewayPort?: number;
  gatewayTimeoutMs: number;
  /** Issue 20: one deadline per page request across all its gateway calls, retries included (REQUEST_DEADLINE_MS). */
  requestDeadlineMs: number;
  /** Issue 20: on SIGTERM, how long an idle keep-alive connection stays open for a request on its way (DRAIN_GRACE_MS). */
  drainGraceMs: number;
  /**
   * Issue 33: how long a client may take to send a request's headers (HEADERS_TIMEOUT_MS) and the whole request, body
   * included (REQUEST_TIMEOUT_MS), before Node answers 408 and closes; an idle socket's timeout (CONNECTION_TIMEOUT_MS,
   * 0: none, as the member and chat WebSockets need).
   */
  socket: { headersTimeoutMs: number; requestTimeoutMs: number; connectionTimeoutMs: number };
  /** Issue 20: portal processes `npm start` runs (WEB_CONCURRENCY; default one per core; 1: no cluster). */
  webConcurrency: number;
  /**
   * Issue 20: when the process answers 503 with Retry-After instead of queueing (@fastify/under-pressure); 0 turns
   * a check off.
   */
  pressure: { maxEventLoopDelayMs: number; maxHeapUsedMb: number; maxRssMb: number; retryAfterSeconds: number };
  cookieSecret: string;
  registryPath: string;
  clientDir: string;
  publicDir: string;
  watchRegistry: boolean;
  production: boolean;
  /**
   * Which proxies' X-Forwarded-* headers are believed (Fastify's trustProxy): false (the default), true, or a
   * comma-separated list of addresses or CIDR ranges.
   */
  trustProxy: boolean | string;
  /**
   * Redis for member events across portal processes (SPEC 4 forced logout): unset, events reach this process only.
   */
  redisUrl?: string;
  /** The console's shared secret for the member sign-out call (plugins/member-sign-out.ts); unset, the call is off. */
  adminToken?: string;
  /** GATEWAY_EVENTS_SECRET (32+ characters): the bearer a company gateway posts its events to /-/gateway/events with (issue 37). */
  gatewayEventsSecret?: string;
  /**
   * Issue 36 part 4: the CDN's purge hook (CDN_PURGE_URL), posted the absolute URLs a write or the ops console drops
   * (src/cdn-purge.ts); unset, no CDN is told.
   */
  cdnPurgeUrl?: string;
  /**
   * Tencent IM (issue 18, SPEC 7.9): the app id and the secret key UserSigs are signed with, on the server only. Both
   * set: members chat through Tencent IM; unset: the built-in transport.
   */
  imSdkAppId?: number;
  imSecretKey?: string;
  /**
   * Issue 36 part 3: OpenTelemetry traces, sent by OTLP/HTTP to a collector; unset (OTEL_EXPORTER_OTLP_ENDPOINT unset),
   * no tracing at all (docs/ops.md "Tracing").
   */
  tracing?: TracingConfig;
}

export interface TracingConfig {
  /** Where spans are posted: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as it is, else OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces. */
  tracesUrl: string;
  /** The resource's service.name (OTEL_SERVICE_NAME). */
  serviceName: string;
}

export class ConfigError extends Error {}

function intVar(env: NodeJS.ProcessEnv, name: string, fallback?: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new ConfigError(`${name} must be an integer port/number, got "${raw}"`);
  return n;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const n = intVar(env, name, fallback) as number;
  if (n === 0) throw new ConfigError(`${name} must be at least 1, got "${env[name]}"`);
  return n;
}

function socketTimeouts(env: NodeJS.ProcessEnv): Config['socket'] {
  const headersTimeoutMs = positive(env, 'HEADERS_TIMEOUT_MS', 10_000);
  const requestTimeoutMs = positive(env, 'REQUEST_TIMEOUT_MS', 30_000);
  // Node refuses a headers timeout longer than the whole request's.
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError(`HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  }
  return { headersTimeoutMs, requestTimeoutMs, connectionTimeoutMs: intVar(env, 'CONNECTION_TIMEOUT_MS', 0) as number };
}

function urlVar(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  try {
    new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

/** The cookie secret comes from COOKIE_SECRET, else one generated once and kept in DATA_DIR. */
function cookieSecret(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.COOKIE_SECRET) {
    if (env.COOKIE_SECRET.length < 32) throw new ConfigError('COOKIE_SECRET must be at least 32 characters');
    return env.COOKIE_SECRET;
  }
  const file = path.join(dataDir, 'cookie-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function trustProxyVar(env: NodeJS.ProcessEnv): boolean | string {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  // A bare number is Express's "hops": Fastify would read `1` as the address 0.0.0.1 and trust nobody (issue 33 probe).
  if (/^[0-9]+$/.test(raw))
    throw new ConfigError(`TRUST_PROXY must be true, false or a list of proxy addresses (not a number of hops), got "${raw}"`);
  if (/^[0-9a-fA-F.:/,\s]+$/.test(raw)) return raw;
  throw new ConfigError(`TRUST_PROXY must be true, false or a list of proxy addresses, got "${raw}"`);
}

function redisUrlVar(env: NodeJS.ProcessEnv): string | undefined {
  const url = urlVar(env, 'REDIS_URL');
  if (url !== undefined && !/^rediss?:$/.test(new URL(url).protocol))
    throw new ConfigError(`REDIS_URL must be a redis:// or rediss:// URL, got "${env.REDIS_URL}"`);
  return url;
}

function gatewayEventsSecretVar(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.GATEWAY_EVENTS_SECRET;
  if (!raw) return undefined;
  if (raw.length < 32) throw new ConfigError('GATEWAY_EVENTS_SECRET must be at least 32 characters');
  return raw;
}

function adminTokenVar(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.ADMIN_TOKEN;
  if (!raw) return undefined;
  if (raw.length < 32) throw new ConfigError('ADMIN_TOKEN must be at least 32 characters');
  return raw;
}

/** CDN_PURGE_URL: an http(s) URL, kept exactly as given (a trailing slash or a query may be part of the hook). */
function cdnPurgeUrlVar(env: NodeJS.ProcessEnv): string | undefined {
  const raw = (env.CDN_PURGE_URL ?? '').trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`CDN_PURGE_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`CDN_PURGE_URL must be an http(s) URL, got ${url.protocol}`);
  return raw;
}

/** IM_SDKAPPID and IM_SECRET_KEY: both or neither. */
function tencentImVars(env: NodeJS.ProcessEnv): { imSdkAppId?: number; imSecretKey?: string } {
  const id = (env.IM_SDKAPPID ?? '').trim();
  const key = env.IM_SECRET_KEY ?? '';
  if (!id && !key) return {};
  if (!id || !key) throw new ConfigError('IM_SDKAPPID and IM_SECRET_KEY must be set together');
  if (!/^[1-9][0-9]{0,11}$/.test(id)) throw new ConfigError(`IM_SDKAPPID must be a number, got "${id}"`);
  return { imSdkAppId: Number(id), imSecretKey: key };
}

function httpUrlVar(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const url = urlVar(env, name);
  if (url !== undefined && !/^https?:$/.test(new URL(url).protocol))
    throw new ConfigError(`${name} must be an http:// or https:// URL, got "${env[name]}"`);
  return url;
}

/**
 * The OpenTelemetry switch (issue 36 part 3), with OpenTelemetry's own variable names and rules: the OTLP endpoint
 * (the traces one as it is, the general one with /v1/traces appended), OTEL_SERVICE_NAME, and OTEL_SDK_DISABLED=true
 * turning everything off. The SDK reads its other standard variables itself (docs/ops.md "Tracing").
 */
function tracingVars(env: NodeJS.ProcessEnv): TracingConfig | undefined {
  if ((env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true') return undefined;
  const specific = httpUrlVar(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const general = httpUrlVar(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  if (specific === undefined && general === undefined) return undefined;
  return {
    tracesUrl: specific ?? `${general}/v1/traces`,
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'fangchan-portal',
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Config {
  const dataDir = path.resolve(root, env.DATA_DIR || './data');
  return {
    port: intVar(env, 'PORT', 3000) as number,
    host: env.HOST || '0.0.0.0',
    dataDir,
    logLevel: env.LOG_LEVEL || 'info',
    gatewayUrl: urlVar(env, 'GATEWAY_URL'),
    consoleUrl: urlVar(env, 'CONSOLE_URL'),
    chatUrl: urlVar(env, 'CHAT_URL'),
    houseUrl: urlVar(env, 'HOUSE_URL'),
    gatewayPort: intVar(env, 'GATEWAY_PORT'),
    gatewayTimeoutMs: intVar(env, 'GATEWAY_TIMEOUT_MS', 5000) as number,
    requestDeadlineMs: positive(env, 'REQUEST_DEADLINE_MS', 8000),
    drainGraceMs: intVar(env, 'DRAIN_GRACE_MS', 1000) as number,
    socket: socketTimeouts(env),
    webConcurrency: positive(env, 'WEB_CONCURRENCY', availableParallelism()),
    pressure: {
      maxEventLoopDelayMs: intVar(env, 'PRESSURE_MAX_EVENT_LOOP_DELAY_MS', 1000) as number,
      maxHeapUsedMb: intVar(env, 'PRESSURE_MAX_HEAP_MB', 0) as number,
      maxRssMb: intVar(env, 'PRESSURE_MAX_RSS_MB', 0) as number,
      retryAfterSeconds: positive(env, 'PRESSURE_RETRY_AFTER_S', 5),
    },
    cookieSecret: cookieSecret(env, dataDir),
    registryPath: path.resolve(root, env.REGISTRY_PATH || 'registry.json'),
    clientDir: path.resolve(root, 'dist/client'),
    publicDir: path.resolve(root, 'public'),
    watchRegistry: env.REGISTRY_WATCH !== '0',
    production: env.NODE_ENV === 'production',
    trustProxy: trustProxyVar(env),
    redisUrl: redisUrlVar(env),
    adminToken: adminTokenVar(env),
    gatewayEventsSecret: gatewayEventsSecretVar(env),
    cdnPurgeUrl: cdnPurgeUrlVar(env),
    ...tencentImVars(env),
    tracing: tracingVars(env),
  };
}
