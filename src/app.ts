import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import caching from '@fastify/caching';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import pino from 'pino';
import cityPlugin from '../plugins/city.ts';
import clientRoutesPlugin from '../plugins/client-routes.ts';
import compression from '../plugins/compression.ts';
import { createEtagStore } from '../plugins/etag-store.ts';
import iconSprite from '../plugins/icon-sprite.ts';
import loggingPlugin, { PortalLogController } from '../plugins/logging.ts';
import memberActions from '../plugins/member-actions.ts';
import pageCacheStore from '../plugins/page-cache-store.ts';
import redirectsPlugin from '../plugins/redirects.ts';
import registryPlugin from '../plugins/registry.ts';
import sitemapPlugin from '../plugins/sitemap.ts';
import { publicFileHeaders } from '../plugins/static-headers.ts';
import trackingPlugin from '../plugins/tracking.ts';
import { type Api, createApi } from './api/index.ts';
import type { Config } from './config.ts';
import { loaders } from './loaders/index.ts';
import { middleware } from './middleware/index.ts';
import { DATA_PREFIX, handleDataRequest, handleDocumentRequest, handleError } from './pipeline/handle.tsx';
import type { KnownNames } from './registry/load.ts';
import { type ClientAssets, loadClientAssets, reloadingClientAssets } from './render/assets.ts';
import { knownModules } from './render/modules.ts';
import { validators } from './validators/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    api: Api;
    assets: ClientAssets;
    renderTimeoutMs: number;
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
}

export function knownNames(): KnownNames {
  return {
    middleware: new Set(Object.keys(middleware)),
    validators: new Set(Object.keys(validators)),
    loaders: new Set(Object.keys(loaders)),
    modules: knownModules(),
  };
}

const ASSET_PREFIX = '/assets/';
const FORWARDED_ID = /^[\w.:-]{1,64}$/;

/** A caller's x-request-id is kept when it looks like an id (it ends up in every log line); otherwise a fresh UUID. */
function requestId(req: IncomingMessage): string {
  const h = req.headers['x-request-id'];
  return typeof h === 'string' && FORWARDED_ID.test(h) ? h : randomUUID();
}

/** The one factory tests and the server use (DESIGN "Where things live"): everything but listen(). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    // One blocking write per line (pino's standard mode): a line is never lost on a crash, and here it measured
    // ~20 µs less CPU per request than the asynchronous stdout stream (libuv thread-pool round trips).
    logger: opts.logger ?? { level: config.logLevel, stream: pino.destination({ sync: true }) },
    logController: new PortalLogController(),
    requestIdHeader: false,
    genReqId: requestId,
    trustProxy: true,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 500 },
    return503OnClosing: true,
  });

  let gatewayUrl: string | undefined = opts.gatewayUrl ?? config.gatewayUrl;
  if (gatewayUrl === undefined) {
    const { startBackend } = await import('./backend/start.ts');
    const backend = await startBackend({
      dataDir: config.dataDir,
      port: config.gatewayPort,
      logger: app.log.child({ component: 'backend' }),
    });
    gatewayUrl = backend.url;
    app.addHook('onClose', async () => backend.close());
    app.log.info({ gatewayUrl }, 'embedded backend started');
  }

  app.decorate(
    'api',
    createApi({
      gatewayUrl: gatewayUrl as string,
      consoleUrl: config.consoleUrl,
      chatUrl: config.chatUrl,
      houseUrl: config.houseUrl,
      timeoutMs: config.gatewayTimeoutMs,
    }),
  );
  app.decorate('assets', opts.assets ?? (config.production ? loadClientAssets(config.clientDir) : reloadingClientAssets(config.clientDir)));
  app.decorate('renderTimeoutMs', opts.renderTimeoutMs ?? 10_000);

  await app.register(loggingPlugin);
  // Before every route: it compresses the answers of the routes registered after it.
  await app.register(compression);
  await app.register(registryPlugin, { path: config.registryPath, known: knownNames(), watch: config.watchRegistry });
  await app.register(cookie, { secret: config.cookieSecret, hook: 'onRequest' });
  await app.register(caching, { privacy: 'no-cache', cache: createEtagStore() as never });
  await app.register(cityPlugin, { api: app.api, skip: [ASSET_PREFIX, '/favicon', '/robots.txt', '/img/', '/icons.svg'] });
  await app.register(redirectsPlugin);
  await app.register(pageCacheStore, { maxBytes: opts.pageCacheMaxBytes });

  await app.register(fastifyStatic, {
    root: path.join(config.clientDir, 'assets'),
    prefix: ASSET_PREFIX,
    immutable: true,
    maxAge: '365d',
    preCompressed: true,
    decorateReply: false,
  });
  await app.register(fastifyStatic, {
    root: config.publicDir,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    setHeaders: publicFileHeaders,
  });

  await app.register(iconSprite);
  await app.register(sitemapPlugin);
  await app.register(memberActions);
  await app.register(trackingPlugin);
  await app.register(clientRoutesPlugin);

  app.setErrorHandler(handleError);
  app.setNotFoundHandler(async (req, reply) =>
    handleError(Object.assign(new Error('This page could not be found'), { statusCode: 404 }), req, reply),
  );
  app.get(`${DATA_PREFIX}/*`, handleDataRequest);
  app.get('/*', handleDocumentRequest);
  return app;
}
