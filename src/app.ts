import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { TracerProvider } from '@opentelemetry/api';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import pino from 'pino';
import accountPlugin from '../plugins/account.ts';
import actionsPlugin from '../plugins/actions.ts';
import cdnPurgePlugin from '../plugins/cdn-purge.ts';
import chatPlugin, { type ChatPluginOptions } from '../plugins/chat.ts';
import cityPlugin from '../plugins/city.ts';
import clientRoutesPlugin from '../plugins/client-routes.ts';
import compression from '../plugins/compression.ts';
import deadlinePlugin from '../plugins/deadline.ts';
import drainPlugin from '../plugins/drain.ts';
import gatewayEventsPlugin from '../plugins/gateway-events.ts';
import httpCaching from '../plugins/http-caching.ts';
import iconSprite from '../plugins/icon-sprite.ts';
import loggingPlugin, { PortalLogController } from '../plugins/logging.ts';
import markupMemoPlugin from '../plugins/markup-memo.ts';
import memberEvents from '../plugins/member-events.ts';
import memberSocket, { type MemberSocketOptions } from '../plugins/member-socket.ts';
import metricsPlugin, { metricsRoutePlugin } from '../plugins/metrics.ts';
import opsPlugin from '../plugins/ops.ts';
import pageCachePlugin from '../plugins/page-cache.ts';
import pressurePlugin, { type PressureOptions } from '../plugins/pressure.ts';
import pwaPlugin from '../plugins/pwa.ts';
import redirectsPlugin from '../plugins/redirects.ts';
import registryPlugin from '../plugins/registry.ts';
import searchSuggest from '../plugins/search-suggest.ts';
import securityHeaders from '../plugins/security-headers.ts';
import sharedStorePlugin from '../plugins/shared-store.ts';
import sitemapPlugin from '../plugins/sitemap.ts';
import { publicFileHeaders } from '../plugins/static-headers.ts';
import tracingPlugin from '../plugins/tracing.ts';
import trackingPlugin from '../plugins/tracking.ts';
import uploadsPlugin from '../plugins/uploads.ts';
import { actionNames } from './actions/index.ts';
import { DEFAULT_GATEWAY_BATCH } from './api/batch.ts';
import { type Api, createApi } from './api/index.ts';
import { DEFAULT_ANSWER_MEMO } from './api/memo.ts';
import type { Config } from './config.ts';
import { errors } from './errors.ts';
import { loaderQueryKeys, loaders } from './loaders/index.ts';
import { createPortalMetrics } from './metrics/portal-metrics.ts';
import { middleware, middlewareQueryKeys } from './middleware/index.ts';
import { DATA_PREFIX, handleDataRequest, handleDocumentRequest, handleError } from './pipeline/handle.tsx';
import { createQueryKeys, type QueryKeysOf } from './pipeline/query-keys.ts';
import type { PipelineParts } from './pipeline/run-page.ts';
import type { KnownNames } from './registry/load.ts';
import { type ClientAssets, loadClientAssets, reloadingClientAssets } from './render/assets.ts';
import { knownModules } from './render/modules.ts';
import { validatorQueryKeys, validators } from './validators/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    api: Api;
    assets: ClientAssets;
    /** A test's render timeout; null: the registry's `site.renderTimeoutMs`. */
    renderTimeoutMs: number | null;
    /** The query keys that change a page-cached page (src/pipeline/query-keys.ts). */
    queryKeysOf: QueryKeysOf;
    /** The portal's clock (Date.now, or a test's): what pages read as "now" (time labels). */
    clock: () => number;
    /** The named middleware, validators and loaders the page pipeline runs (handed in here, not imported by it). */
    pageStages: PipelineParts;
  }
}

export interface BuildOptions {
  config: Config;
  logger?: FastifyServerOptions['logger'];
  /** Defaults to config.gatewayUrl; when neither is set the embedded backend is started (and closed with the app). */
  gatewayUrl?: string;
  /** Test seam: assets from a given client build, or none. */
  assets?: ClientAssets;
  renderTimeoutMs?: number;
  pageCacheMaxBytes?: number;
  /** Test seam: keep-alive and limits of the member sockets. */
  memberSocket?: MemberSocketOptions;
  /** Test seam (chat, issue 18): keep-alive, limits and auto-reply window of the chat sockets. */
  chat?: Partial<ChatPluginOptions>;
  /** Test seam: a health check that forces the overload answer (plugins/pressure.ts). */
  pressureCheck?: PressureOptions['healthCheck'];
  /** Test seam: the clock of the pages and of the embedded gateway (one clock, issue 31); default Date.now. */
  now?: () => number;
  /**
   * Issue 36 part 3, test seam: trace with this provider (an in-memory exporter). Unset: config.tracing decides (a
   * provider that exports to the OTLP endpoint, or no tracing at all).
   */
  tracerProvider?: TracerProvider;
}

export function knownNames(): KnownNames {
  return {
    middleware: new Set(Object.keys(middleware)),
    validators: new Set(Object.keys(validators)),
    loaders: new Set(Object.keys(loaders)),
    modules: knownModules(),
    ...actionNames,
  };
}

const ASSET_PREFIX = '/assets/';

/** A URL the router cannot decode (`/wenda/%.html`): the branded error page with 400, not Fastify's raw JSON. */
function answerMalformedRequest(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  void handleError(errors.badRequest('请求的地址有误'), req, reply);
  req.log.warn({ code: err.code, url: req.url }, 'malformed request');
}

/** An answer that says nothing about caching: a success revalidates every time, an error is never stored. */
async function defaultCacheControl(_req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', reply.statusCode < 300 ? 'no-cache' : 'no-store');
}
const FORWARDED_ID = /^[\w.:-]{1,64}$/;

/** A caller's x-request-id is kept when it looks like an id (it ends up in every log line); otherwise a fresh UUID. */
function requestId(req: IncomingMessage): string {
  const h = req.headers['x-request-id'];
  return typeof h === 'string' && FORWARDED_ID.test(h) ? h : randomUUID();
}

/** The one factory tests and the server use (DESIGN "Where things live"): everything but listen(). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  // Tracing (issue 36 part 3) is set up before the instance exists; its SDK is not even loaded when it is off.
  const exporting =
    !opts.tracerProvider && config.tracing ? (await import('./tracing/provider.ts')).exportingTracing(config.tracing) : undefined;
  const app = Fastify({
    // One blocking write per line (pino's standard mode): a line is never lost on a crash, and here it measured
    // ~20 µs less CPU per request than the asynchronous stdout stream (libuv thread-pool round trips).
    logger: opts.logger ?? { level: config.logLevel, stream: pino.destination({ sync: true }) },
    logController: new PortalLogController(),
    requestIdHeader: false,
    genReqId: requestId,
    // X-Forwarded-Host/-Proto pick the city and the site: believed only from the proxies TRUST_PROXY names.
    trustProxy: config.trustProxy,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 500 },
    return503OnClosing: true,
    frameworkErrors: answerMalformedRequest as FastifyServerOptions['frameworkErrors'],
    // Slow senders are cut off (issue 33): Node answers 408 once the headers or the whole request take too long; it
    // checks open connections every second (its default, 30 s, would let a slow sender hold a socket that much longer).
    requestTimeout: config.socket.requestTimeoutMs,
    connectionTimeout: config.socket.connectionTimeoutMs,
    http: {
      headersTimeout: config.socket.headersTimeoutMs,
      requestTimeout: config.socket.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.socket.headersTimeoutMs),
    },
  });
  // A client that sends its whole request and then half-closes (TCP FIN: `socket.end()` after the request) still
  // reads the answer (issue 33). Node's HTTP server ends its own side as soon as the client's ends unless
  // `httpAllowHalfOpen` is set (a property of every http.Server, false by default, no constructor option): the page
  // rendered after that moment had no socket to go to. With it, Node marks the request's response as the last one
  // and closes the connection once it is written. A client that is really gone (reset, or a write fails) still
  // destroys the socket at once.
  (app.server as typeof app.server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  // First: its root span starts before every other hook, and it sees every route.
  await app.register(tracingPlugin, { tracerProvider: opts.tracerProvider ?? exporting?.provider });
  if (exporting) {
    app.addHook('onClose', async function sendLastSpans() {
      await exporting.sendLastSpans(app.log);
    });
  }

  let gatewayUrl: string | undefined = opts.gatewayUrl ?? config.gatewayUrl;
  /** The embedded gateway's events hook (issue 37), when it runs in this process. */
  let embeddedEvents: import('node:events').EventEmitter | undefined;
  if (gatewayUrl === undefined) {
    const { startBackend } = await import('./backend/start.ts');
    const backend = await startBackend({
      dataDir: config.dataDir,
      port: config.gatewayPort,
      logger: app.log.child({ component: 'backend' }),
      now: opts.now,
    });
    gatewayUrl = backend.url;
    embeddedEvents = backend.app.noticeEvents;
    app.addHook('onClose', async function closeEmbeddedBackend() {
      return backend.close();
    });
    app.log.info({ gatewayUrl }, 'embedded backend started');
  }

  // Issue 36 part 1: this app's metrics; the gateway client reports every call to them.
  const metrics = createPortalMetrics();
  app.decorate(
    'api',
    createApi({
      gatewayUrl: gatewayUrl as string,
      consoleUrl: config.consoleUrl,
      chatUrl: config.chatUrl,
      houseUrl: config.houseUrl,
      timeoutMs: config.gatewayTimeoutMs,
      // Read when an answer is stored: the registry in force then (it is registered below).
      answerMemo: () => (app.hasDecorator('registry') ? app.registry.current.file.site.answerMemo : DEFAULT_ANSWER_MEMO),
      gatewayBatch: () => (app.hasDecorator('registry') ? app.registry.current.file.site.gatewayBatch : DEFAULT_GATEWAY_BATCH),
      callObserver: metrics.gateway,
    }),
  );
  // The view counts still gathered for the gateway (src/api/batch.ts) go out before the embedded gateway closes.
  app.addHook('preClose', async function sendBackgroundCalls() {
    await app.api.batches.flushBackground();
  });
  app.decorate('assets', opts.assets ?? (config.production ? loadClientAssets(config.clientDir) : reloadingClientAssets(config.clientDir)));
  app.decorate('renderTimeoutMs', opts.renderTimeoutMs ?? null);
  app.decorate('clock', opts.now ?? Date.now);
  app.decorate('pageStages', { middleware, validators, loaders } satisfies PipelineParts);
  app.decorate(
    'queryKeysOf',
    createQueryKeys({ middleware: middlewareQueryKeys, validators: validatorQueryKeys, loaders: loaderQueryKeys }),
  );
  app.addHook('onSend', defaultCacheControl);

  await app.register(loggingPlugin);
  await app.register(metricsPlugin, { metrics, redis: Boolean(config.redisUrl) });
  // Issue 20 part 3 (scale): shutdown drain, overload 503 before any work, one deadline per request.
  await app.register(drainPlugin);
  await app.register(pressurePlugin, { limits: config.pressure, healthCheck: opts.pressureCheck });
  await app.register(deadlinePlugin, { ms: config.requestDeadlineMs });
  await app.register(securityHeaders);
  // Before every route: it compresses the answers of the routes registered after it.
  await app.register(compression);
  await app.register(metricsRoutePlugin, { adminToken: config.adminToken });
  await app.register(registryPlugin, { path: config.registryPath, known: knownNames(), watch: config.watchRegistry });
  await app.register(cookie, { secret: config.cookieSecret, hook: 'onRequest' });
  // Issue 36 parts 4 and 5: the operational endpoints are never stored; an answer that sets a cookie is private. After
  // the cookie plugin: its onSend hook writes the Set-Cookie headers this one reads.
  await app.register(httpCaching);
  await app.register(cityPlugin, {
    api: app.api,
    skip: [ASSET_PREFIX, '/favicon', '/robots.txt', '/img/', '/icons.svg', '/pwa/', '/sw.js', '/offline.html'],
  });
  await app.register(redirectsPlugin);
  await app.register(cdnPurgePlugin, { url: config.cdnPurgeUrl });
  await app.register(pageCachePlugin, { maxBytes: opts.pageCacheMaxBytes, redisUrl: config.redisUrl });
  await app.register(sharedStorePlugin, { redisUrl: config.redisUrl });
  await app.register(markupMemoPlugin);

  await app.register(fastifyStatic, {
    root: path.join(config.clientDir, 'assets'),
    prefix: ASSET_PREFIX,
    immutable: true,
    maxAge: '365d',
    preCompressed: true,
    // Hashed names never change: nothing to revalidate. ETags are made one way, by src/etag.ts (issue 11 point 5).
    etag: false,
    decorateReply: false,
  });
  await app.register(fastifyStatic, {
    root: config.publicDir,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    // Public files revalidate by Last-Modified; ETags are made one way, by src/etag.ts (issue 11 point 5).
    etag: false,
    setHeaders: publicFileHeaders,
  });

  await app.register(iconSprite);
  await app.register(sitemapPlugin);
  // Issue 37 part 5: the web app manifest, the service worker and its offline page.
  await app.register(pwaPlugin);
  await app.register(memberEvents, { redisUrl: config.redisUrl });
  await app.register(memberSocket, opts.memberSocket ?? {});
  // Issue 37: the gateway's notices reach the member's open pages (the embedded gateway's in-process, a company's by webhook).
  await app.register(gatewayEventsPlugin, { secret: config.gatewayEventsSecret });
  embeddedEvents?.on('notice', (event: unknown) => void app.gatewayEvents.receive(event));
  // chat (issue 18): the chat endpoints, the built-in transport's socket and the agent inbox's sign-in.
  await app.register(chatPlugin, { sdkAppId: config.imSdkAppId, secretKey: config.imSecretKey, redisUrl: config.redisUrl, ...opts.chat });
  await app.register(accountPlugin);
  await app.register(actionsPlugin, { adminToken: config.adminToken });
  // Issue 36 part 2: the ops console (/-/ops), outside the registry; only with ADMIN_TOKEN.
  await app.register(opsPlugin, { adminToken: config.adminToken, redisUrl: config.redisUrl });
  await app.register(uploadsPlugin);
  await app.register(trackingPlugin);
  await app.register(searchSuggest);
  await app.register(clientRoutesPlugin);

  app.setErrorHandler(handleError);
  app.setNotFoundHandler(async function answerNotFound(req, reply) {
    return handleError(Object.assign(new Error('This page could not be found'), { statusCode: 404 }), req, reply);
  });
  // `/-/data` (and `/-/data/`, the home page: ignoreTrailingSlash folds the two) beside the wildcard for every other path.
  app.get(DATA_PREFIX, handleDataRequest);
  app.get(`${DATA_PREFIX}/*`, handleDataRequest);
  app.get('/*', handleDocumentRequest);
  return app;
}
