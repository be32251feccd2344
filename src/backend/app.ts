import { EventEmitter } from 'node:events';
import multipart from '@fastify/multipart';
import Ajv from 'ajv';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { GatewayNoticeEvent } from '../contracts/gateway/index.ts';
import type { BackendContext } from './context.ts';
import { openDb } from './db.ts';
import { createEstateNotices } from './estate-notices.ts';
import { createNoticeEngine, createNoticeRecorder } from './notices.ts';
import { registerAccountRoutes } from './routes/account.ts';
import { registerActivityRoutes } from './routes/activity.ts';
import { registerAppH5Routes } from './routes/apph5.ts';
import { registerBatchRoutes } from './routes/batch.ts';
import { registerBelongerRoutes } from './routes/belonger.ts';
import { registerChatRoutes } from './routes/chat.ts';
import { registerCityRoutes } from './routes/city.ts';
import { registerCompareRoutes } from './routes/compare.ts';
import { registerEntrustRoutes } from './routes/entrust.ts';
import { registerFangjiaRoutes } from './routes/fangjia.ts';
import { registerFileRoutes } from './routes/files.ts';
import { registerNewsAccountRoutes } from './routes/info/accounts.ts';
import { registerArticleRoutes } from './routes/info/articles.ts';
import { registerBaikeRoutes } from './routes/info/baike.ts';
import { registerWendaRoutes } from './routes/info/wenda.ts';
import { registerListingRoutes } from './routes/listing.ts';
import { registerMapRoutes } from './routes/map.ts';
// Video and VR (issue 19)
import { registerMediaRoutes } from './routes/media.ts';
import { registerNoticeRoutes } from './routes/notices.ts';
import { registerOverseasRoutes } from './routes/overseas.ts';
import { registerSchoolRoutes } from './routes/school.ts';
import { registerSearchRoutes } from './routes/search.ts';
import { registerStoreRoutes } from './routes/stores.ts';
import { registerTopicRoutes } from './routes/topics.ts';
import { registerUserRoutes } from './routes/user.ts';
import { registerXiaoquRoutes } from './routes/xiaoqu.ts';
import { registerXinfangRoutes } from './routes/xinfang.ts';
import { registerXinfangConsoleRoutes } from './routes/xinfang-console.ts';
import { ensureSearchIndex } from './search-index.ts';
import { ensureActivities } from './seed/activities.ts';
import { ensureAppH5Data } from './seed/apph5.ts';
import { adoptLegacyCalendar, advanceDemoCalendar } from './seed/calendar.ts';
import { CITIES } from './seed/cities.ts';
import { DEFAULT_SEED, seedDatabase } from './seed/index.ts';
import { ensureMediaSeeded } from './seed/media.ts';
import { type Clock, sqlTime } from './time.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD /path` of every route of the embedded backend (set by buildBackend). */
    backendRoutes?: string[];
    /**
     * The gateway events hook (issue 37 part 2): `notice` with a GatewayNoticeEvent each time a notice is recorded.
     * The portal listens (in-process, or the cluster's primary, which hands it to the workers); a production gateway
     * posts the same event to the portal's /-/gateway/events.
     */
    noticeEvents?: EventEmitter;
  }
}

export interface BackendOptions {
  dataDir: string;
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
  /** Seed number used when the database is empty (default 20261122). */
  seed?: number;
  /** Data-set scale used when the database is empty (1 = full demo data set). */
  scale?: number;
  /** Largest accepted upload, bytes (default 5 MB). */
  maxUploadBytes?: number;
  /**
   * The gateway's one clock (default Date.now): the demo calendar it seeds and keeps current, and every "now" of its
   * rules (running activities, valid coupons, SMS code windows, login locks). A test seam.
   */
  now?: Clock;
}

function isLoggerInstance(l: unknown): l is FastifyBaseLogger {
  return (
    !!l &&
    typeof l === 'object' &&
    typeof (l as FastifyBaseLogger).child === 'function' &&
    typeof (l as FastifyBaseLogger).info === 'function'
  );
}

/**
 * The embedded API gateway (SPEC 7): a Fastify app answering the gateway's paths over SQLite.
 * Creates and seeds `${dataDir}/portal.db` on first start. Every answer is `{status, message, obj}`;
 * bad input gets HTTP 400 `{status: 400, message}` naming the field.
 */
export async function buildBackend(opts: BackendOptions): Promise<FastifyInstance> {
  const logOpt = opts.logger ?? false;
  const app: FastifyInstance = Fastify({
    ...(isLoggerInstance(logOpt) ? { loggerInstance: logOpt } : { logger: logOpt }),
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 300 },
    bodyLimit: 1_048_576,
    requestIdHeader: 'x-request-id',
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, useDefaults: true, allErrors: false } },
  }) as unknown as FastifyInstance;

  // Params and querystrings arrive as text and are coerced; a JSON body is taken as typed (no `true` → "true", no
  // "1e3" → 1000) and loses the fields its schema does not declare (issue 13: strict gateway validation).
  const coercing = new Ajv({ coerceTypes: 'array', removeAdditional: false, useDefaults: true, allErrors: false, strict: false });
  const strictBody = new Ajv({ coerceTypes: false, removeAdditional: true, useDefaults: true, allErrors: false, strict: false });
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strictBody : coercing).compile(schema));

  const db = openDb(opts.dataDir);
  const now = opts.now ?? Date.now;
  const empty = (db.prepare('SELECT COUNT(*) FROM city').pluck().get() as number) === 0;
  if (empty) {
    const summary = seedDatabase(db, { seed: opts.seed ?? DEFAULT_SEED, scale: opts.scale ?? 1, now });
    app.log.info({ seed: summary.seed, scale: summary.scale, ms: summary.ms, rows: summary.rows }, 'empty database seeded');
  } else {
    if (adoptLegacyCalendar(db)) app.log.info('demo calendar: rows of an older database taken as demo data');
    const indexed = ensureSearchIndex(db);
    if (indexed) app.log.info({ entities: indexed }, 'search index built');
    const campaigns = ensureActivities(db);
    if (campaigns) app.log.info({ rows: campaigns }, 'campaigns seeded into an older database');
    // In-app pages (issue 19): a database seeded before migration 20 gets its deals and verification codes.
    const seeded = Number(db.prepare("SELECT value FROM meta WHERE key = 'seed'").pluck().get() ?? opts.seed ?? DEFAULT_SEED);
    const backfilled = ensureAppH5Data(db, CITIES, seeded);
    if (backfilled) app.log.info({ rows: backfilled }, 'deals and verification codes seeded');
    // Video and VR (issue 19): a database seeded before migration 19 gets its clips and tours once.
    const media = ensureMediaSeeded(db);
    if (media) app.log.info({ rows: media }, 'video and VR seeded');
  }
  // The demo never ages (issue 31): an aged database's calendar moves forward on start, and hourly while it runs.
  const keepCalendar = () => {
    const moved = advanceDemoCalendar(db, now());
    if (moved) app.log.info(moved, 'demo calendar moved forward');
  };
  keepCalendar();
  const calendarTimer = setInterval(keepCalendar, 3_600_000);
  calendarTimer.unref();
  const gatewayEvents = new EventEmitter();
  gatewayEvents.setMaxListeners(0);
  app.decorate('noticeEvents', gatewayEvents);
  const noticeOptions = {
    db,
    now,
    log: app.log.child({ component: 'notices' }),
    announce: (event: GatewayNoticeEvent) => gatewayEvents.emit('notice', event),
  };
  const recordNotices = createNoticeRecorder(noticeOptions);
  const ctx: BackendContext = {
    db,
    dataDir: opts.dataDir,
    maxUploadBytes: opts.maxUploadBytes ?? 5 * 1024 * 1024,
    now,
    sqlNow: () => sqlTime(now()),
    listings: createNoticeEngine(noticeOptions, recordNotices),
    estates: createEstateNotices(db, recordNotices),
  };
  app.addHook('onClose', async () => {
    clearInterval(calendarTimer);
    db.close();
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err.validation) {
      req.log.info({ err: err.message }, 'bad request');
      return reply.code(400).send({ status: 400, message: err.message, obj: null });
    }
    const code = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (code === 500) {
      req.log.error({ err }, 'backend error');
      return reply.code(500).send({ status: 500, message: '服务器内部错误', obj: null });
    }
    return reply.code(code).send({ status: code, message: err.message, obj: null });
  });
  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send({ status: 404, message: `接口不存在: ${req.method} ${req.url.split('?')[0]}`, obj: null }),
  );

  // Every route this backend answers, for the contract tests that check each one is covered.
  const routes: string[] = [];
  app.addHook('onRoute', (r) => {
    for (const m of Array.isArray(r.method) ? r.method : [r.method]) if (m !== 'HEAD') routes.push(`${m} ${r.url}`);
  });
  app.decorate('backendRoutes', routes);

  await app.register(multipart, { limits: { fileSize: ctx.maxUploadBytes, files: 1, fields: 20 } });

  app.get('/health', async () => ({ status: 200, message: 'ok', obj: { db: 'ok' } }));
  registerCityRoutes(app, ctx);
  registerXinfangRoutes(app, ctx);
  registerXinfangConsoleRoutes(app, ctx);
  registerListingRoutes(app, ctx);
  registerXiaoquRoutes(app, ctx);
  registerTopicRoutes(app, ctx);
  registerSchoolRoutes(app, ctx);
  registerSearchRoutes(app, ctx);
  registerBelongerRoutes(app, ctx);
  registerStoreRoutes(app, ctx);
  // In-app pages: deals, listing verification (issue 19)
  registerAppH5Routes(app, ctx);
  registerUserRoutes(app, ctx);
  registerCompareRoutes(app, ctx); // 加入对比 (issue 37 part 4)
  registerActivityRoutes(app, ctx); // campaigns (issue 19)
  registerAccountRoutes(app, ctx);
  registerEntrustRoutes(app, ctx);
  registerNoticeRoutes(app, ctx); // saved searches, notices (issue 37)
  registerFangjiaRoutes(app, ctx);
  registerChatRoutes(app, ctx);
  registerArticleRoutes(app, ctx);
  registerNewsAccountRoutes(app, ctx);
  registerBaikeRoutes(app, ctx);
  registerWendaRoutes(app, ctx);
  registerOverseasRoutes(app, ctx);
  registerFileRoutes(app, ctx);
  registerMapRoutes(app, ctx);
  // Video and VR (issue 19)
  registerMediaRoutes(app, ctx);
  // Several calls in one round trip (issue 35)
  registerBatchRoutes(app);
  return app;
}
