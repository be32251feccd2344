import formbody from '@fastify/formbody';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requestErrorAnswer } from '../src/lib/action-messages.ts';
import { isSameOriginPost } from '../src/lib/same-origin.ts';
import { createOpsAuth, describeCaller, OPS_COOKIE, type OpsAuth, type OpsCaller } from '../src/ops/auth.ts';
import { createProcessDirectory, type ProcessDirectory } from '../src/ops/directory.ts';
import { checkGateway, createProcessMonitor, pingRedis } from '../src/ops/health.ts';
import { noticeFromQuery, type OpsNotice, purgeNoticeQuery } from '../src/ops/notice.ts';
import { type CdnPurge, cdnPurgeFor, runPurge } from '../src/ops/purge.ts';
import { OPS_ROUTES } from '../src/ops/routes.ts';
import { createSnapshotSlowest, metricsCollector } from '../src/ops/slowest.ts';
import { collectOpsState, type OpsSources } from '../src/ops/state.ts';
import { renderOpsPage } from '../src/ops/view.tsx';
import { parsePurgeTarget } from '../src/page-cache-purge.ts';
import { createRedisClient } from '../src/redis-client.ts';

/**
 * The ops console (issue 36 part 2; SPEC 6 "Admin"): `/-/ops` (a page) and `/-/ops/data.json` (the same data), the
 * purge and the registry restore, for ADMIN_TOKEN (`Authorization: Bearer`) or the signed session posting it sets up.
 *
 * A plain route outside the registry, not a registry page: ops need it most when registry.json is what went wrong, and
 * a page goes through the registry's match, layouts, middleware, page cache and redirects, any of which an edit can
 * break or make public. Its view is a small server-rendered React document (src/ops/view.tsx), no client code.
 *
 * Everyone else gets exactly what any unknown address gets: the site's 404 page for a GET, the action door's 404 for a
 * POST (plugins/actions.ts); without ADMIN_TOKEN there is no route at all.
 */

declare module 'fastify' {
  interface FastifyRequest {
    opsCaller: OpsCaller | null;
  }
}

export interface OpsPluginOptions {
  /** config.adminToken: unset, no console. */
  adminToken?: string;
  /** config.redisUrl: every process's health through Redis heartbeats. */
  redisUrl?: string;
  /** The CDN purge (issue 36); default: app.cdnPurge on every city's hosts. */
  cdnPurge?: CdnPurge;
}

/** What the action door answers for a POST to an address it does not know (plugins/actions.ts). */
const NO_ACTION = { status: 404, message: '请求的操作不存在' };
/** Page-cache keys counted on the shared level for the console, at most. */
const SHARED_SCAN_MAX = 20_000;

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
}

/** A script (bearer) or a fetch asking for JSON gets JSON; a browser's form post gets a redirect back to the console. */
const wantsJson = (req: FastifyRequest) => req.opsCaller?.via === 'bearer' || /application\/json/.test(req.headers.accept ?? '');

const opsPlugin: FastifyPluginAsync<OpsPluginOptions> = async (app, opts) => {
  if (!opts.adminToken) return;
  const auth: OpsAuth = createOpsAuth({
    adminToken: opts.adminToken,
    sign: (v) => app.signCookie(v),
    unsign: (v) => app.unsignCookie(v),
    now: () => app.clock(),
  });
  const ops = () => app.registry.current.file.site.ops;
  const cdnPurge = cdnPurgeFor(app.cdnPurge, async (caller) =>
    (await app.api.city.findAll({ reqId: caller.reqId ?? 'ops-purge', log: caller.log })).map((c) => c.cityId),
  );
  const monitor = createProcessMonitor(() => app.clock());

  const redis = opts.redisUrl
    ? createRedisClient({
        url: opts.redisUrl,
        log: app.log,
        what: 'ops console health (each process shows only itself until it is back)',
        options: { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false },
      })
    : null;
  const directory: ProcessDirectory | null = redis ? createProcessDirectory(redis) : null;

  const self = () => {
    const ratio = app.pageCache.hitRatio(ops().hitRatioWindowSeconds);
    return monitor.status({
      pageCache: { entries: app.pageCache.size, bytes: app.pageCache.bytes, hits: ratio.hits, misses: ratio.misses, ratio: ratio.ratio },
      registrySha256: app.registry.source.sha256,
      generation: app.pageCache.generation,
    });
  };
  const sources: OpsSources = {
    registry: app.registry,
    pageCache: app.pageCache,
    slowest: null,
    self,
    directory,
    checkGateway: () => checkGateway(app.api.clients.gateway, app.log, app.registry.current.file.site.defaultCityName),
    pingRedis: redis ? () => pingRedis(redis) : null,
    sharedScanMax: SHARED_SCAN_MAX,
    now: () => app.clock(),
  };

  // Timers, each re-reading its interval from the registry in force: the heartbeat (and the event loop's window), and
  // the metric snapshots once the app turns out to have metrics.
  const timers = new Set<NodeJS.Timeout>();
  let closing = false;
  const every = (seconds: () => number, work: () => Promise<void>) => {
    const tick = () => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        work()
          .catch((err: Error) => app.log.warn({ err: err.message }, 'ops console: background work failed'))
          .finally(() => {
            if (!closing) tick();
          });
      }, seconds() * 1000);
      timer.unref();
      timers.add(timer);
    };
    tick();
  };
  app.addHook('onReady', async function startOpsTimers() {
    // Issue 36: the request metrics (prom-client), decorated as `metrics` by the metrics plugin when there is one.
    const collect = metricsCollector(app.hasDecorator('metrics') ? (app as unknown as { metrics: unknown }).metrics : null);
    if (collect) {
      const source = createSnapshotSlowest({
        collect,
        now: () => app.clock(),
        startedAt: app.clock(),
        keepMs: () => (ops().slowestWindowSeconds + ops().metricsSampleSeconds) * 1000,
      });
      sources.slowest = source;
      await source.sample();
      every(
        () => ops().metricsSampleSeconds,
        () => source.sample(),
      );
    }
    const beat = async () => {
      if (directory && redis?.status === 'ready') await directory.write(self(), ops().heartbeatSeconds * 3000);
      monitor.reset();
    };
    await beat().catch(() => {});
    every(() => ops().heartbeatSeconds, beat);
  });
  app.addHook('onClose', async function stopOpsConsole() {
    closing = true;
    for (const t of timers) clearTimeout(t);
    monitor.stop();
    if (directory && redis?.status === 'ready') await directory.remove(self()).catch(() => {});
    redis?.disconnect();
  });

  app.decorateRequest('opsCaller', null);

  await app.register(async function opsConsole(scope) {
    await scope.register(formbody, { bodyLimit: 16_384 });
    scope.removeContentTypeParser('text/plain');
    // A body that cannot be read: the action door's answer (plugins/actions.ts), word for word.
    scope.setErrorHandler(async function answerUnreadOpsBody(err: FastifyError, req, reply) {
      const { status, message } = requestErrorAnswer(err.statusCode);
      if (status >= 500) req.log.error({ err }, 'ops console error');
      return reply.code(status).header('cache-control', 'no-store').send({ status, message });
    });

    // Admitted, or answered as an unknown address would be: nothing says the console exists.
    scope.addHook('onRequest', async function admitOps(req, reply) {
      req.opsCaller = auth.caller(req.headers, req.cookies[OPS_COOKIE]);
      if (req.opsCaller || req.url.split('?')[0] === OPS_ROUTES.session) return;
      if (req.headers.authorization !== undefined || req.cookies[OPS_COOKIE] !== undefined)
        req.log.warn({ url: req.url }, 'ops console: refused a bad token or session');
      return refuse(req, reply);
    });
    // A write by session must come from the console's own page (SameSite=Strict keeps the cookie off other sites'
    // requests already; this refuses the rest). A bearer caller is a script: no browser sends its header by itself.
    scope.addHook('preHandler', async function sameOriginWrites(req, reply) {
      if (req.method !== 'POST' || req.opsCaller?.via === 'bearer' || !req.opsCaller) return;
      if (isSameOriginPost(req.headers, req.host)) return;
      req.log.warn(
        { origin: req.headers.origin, site: req.headers['sec-fetch-site'], url: req.url },
        'ops console: cross-site post refused',
      );
      return noStore(reply).code(403).send({ status: 403, message: '拒绝跨站请求' });
    });

    scope.get(OPS_ROUTES.page, async function answerOpsPage(req, reply) {
      const notice = noticeFromQuery(req.query as Record<string, unknown>);
      return sendPage(req, reply, 200, notice);
    });
    scope.get(OPS_ROUTES.data, async function answerOpsData(req, reply) {
      return noStore(reply).send(await collectOpsState(sources, req.opsCaller as OpsCaller));
    });

    scope.post(OPS_ROUTES.session, { bodyLimit: 16_384 }, async function openOpsSession(req, reply) {
      const body = (req.body ?? {}) as Record<string, unknown>;
      // The login itself is refused like any unknown address: a wrong token, or a post from another site.
      if (!auth.tokenMatches(body.token) || !isSameOriginPost(req.headers, req.host)) {
        req.log.warn({ origin: req.headers.origin }, 'ops console: a login refused (wrong token or another site)');
        return refuse(req, reply);
      }
      const session = auth.openSession(typeof body.operator === 'string' ? body.operator : '', ops().sessionMinutes);
      req.log.warn({ ops: 'login', by: describeCaller(session.caller) }, 'ops console: session opened');
      reply.setCookie(OPS_COOKIE, session.cookie, {
        path: OPS_ROUTES.page,
        httpOnly: true,
        sameSite: 'strict',
        secure: req.protocol === 'https',
        maxAge: session.maxAgeSeconds,
      });
      return noStore(reply).redirect(`${OPS_ROUTES.page}?notice=logged-in`, 303);
    });
    scope.post(OPS_ROUTES.logout, { bodyLimit: 16_384 }, async function closeOpsSession(req, reply) {
      req.log.warn({ ops: 'logout', by: describeCaller(req.opsCaller as OpsCaller) }, 'ops console: session closed');
      reply.clearCookie(OPS_COOKIE, { path: OPS_ROUTES.page });
      return noStore(reply).redirect('/', 303);
    });

    scope.post(OPS_ROUTES.purge, { bodyLimit: 16_384 }, async function purgePageCache(req, reply) {
      const target = parsePurgeTarget(req.body, app.registry.current);
      if (typeof target === 'string') return refuseWrite(req, reply, target);
      const outcome = await runPurge(
        { purge: (t) => app.pageCache.purge(t), cdnPurge: opts.cdnPurge ?? cdnPurge, log: req.log },
        target,
        req.opsCaller as OpsCaller,
      );
      if (wantsJson(req)) return noStore(reply).send({ status: 200, purge: outcome });
      return noStore(reply).redirect(`${OPS_ROUTES.page}?${purgeNoticeQuery(outcome)}`, 303);
    });

    scope.post(OPS_ROUTES.restore, { bodyLimit: 16_384 }, async function restoreRegistry(req, reply) {
      const sha256 = String((req.body as Record<string, unknown> | undefined)?.sha256 ?? '');
      if (!/^[0-9a-f]{64}$/.test(sha256)) return refuseWrite(req, reply, '请选择要恢复的版本');
      const result = app.registry.restore(sha256, describeCaller(req.opsCaller as OpsCaller));
      if (!result.ok) {
        const why = { unknown: '历史中没有这个版本', write: '无法写入注册表文件', refused: '恢复的文件未通过检查' }[result.reason];
        return refuseWrite(req, reply, `${why}：${result.message}`, result.reason === 'unknown' ? 400 : 500);
      }
      if (wantsJson(req)) return noStore(reply).send({ status: 200, sha256 });
      return noStore(reply).redirect(`${OPS_ROUTES.page}?notice=restored`, 303);
    });
  });

  async function sendPage(req: FastifyRequest, reply: FastifyReply, status: number, notice: OpsNotice | null) {
    const state = await collectOpsState(sources, req.opsCaller as OpsCaller);
    const html = renderOpsPage(state, notice, app.registry.current.file.site.brand);
    return noStore(reply).code(status).type('text/html; charset=utf-8').send(html);
  }

  /** A write the console cannot do: JSON for a script, the console with the reason for a browser. */
  async function refuseWrite(req: FastifyRequest, reply: FastifyReply, message: string, status = 400) {
    req.log.info({ url: req.url, reason: message }, 'ops console: write refused');
    if (wantsJson(req)) return noStore(reply).code(status).send({ status, message });
    return sendPage(req, reply, status, { kind: 'error', text: message });
  }

  /** What the address would answer if the console did not exist. */
  function refuse(req: FastifyRequest, reply: FastifyReply) {
    if (req.method === 'POST') return reply.code(404).header('cache-control', 'no-store').send(NO_ACTION);
    return reply.callNotFound();
  }
};

export default fp(opsPlugin, {
  name: 'portal-ops',
  fastify: '5.x',
  dependencies: ['portal-registry', 'portal-page-cache', 'portal-cdn-purge'],
});
