import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { spend } from '../src/actions/limits.ts';
import type { ActionAnswer } from '../src/actions/types.ts';
import { isOpsPath } from '../src/lib/ops-paths.ts';
import { TRACK_ENDPOINT, type TrackEvent, trackEventSchema } from '../src/lib/tracking.ts';
import { resolveMember } from '../src/session.ts';

/** A beacon is small; anything bigger is not ours. */
const BODY_LIMIT = 8 * 1024;

/**
 * navigator.sendBeacon posts a text/plain body (a JSON content type would need a CORS-safelisted type on some
 * browsers), so the JSON is parsed here, before the schema validates it.
 */
async function parseBeaconBody(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (typeof req.body !== 'string') return;
  try {
    req.body = JSON.parse(req.body);
  } catch {
    req.log.info({ tracking: 'bad-json' }, 'tracking event is not JSON');
    reply.code(400).send({ status: 400, message: 'body must be JSON' });
  }
}

/** The path of a beacon's page address (absolute, or a path as the browser's router knows it). */
function pagePath(pageUrl: string): string {
  try {
    return new URL(pageUrl, 'http://portal.invalid').pathname;
  } catch {
    return '';
  }
}

/** The limit of site.rateLimits beacons count against (per address): a page sends a few per visit, a flood many. */
export const TRACKING_LIMIT = 'tracking';

/**
 * SPEC 4 page tracking: POST /-/track takes one page-view, close, agent-request or query-check event from the browser,
 * logs it with the request id and forwards it to the gateway's tracking call (POST api/huoDongTG/install). Tracking
 * never disturbs the page: the answer is 204 at once, and a gateway failure is only a warn line.
 *
 * Not an action of the action stage (issue 33), on purpose: the stage's door refuses text/plain so that another site's
 * "simple" post can never pass as a form, and navigator.sendBeacon can only send text/plain without a preflight. A
 * beacon changes nothing a visitor owns (no member gate, no draft, no answer anyone reads), so it stays a route of its
 * own beside the door, and only what every write shares applies to it: the named limit `tracking` of
 * site.rateLimits, counted in the shared store by src/actions/limits.ts like every action's.
 */
const trackingPlugin: FastifyPluginAsync = async (app) => {
  app.post(
    TRACK_ENDPOINT,
    {
      bodyLimit: BODY_LIMIT,
      schema: { body: trackEventSchema },
      preValidation: parseBeaconBody,
    },
    async (req, reply) => {
      const event = req.body as TrackEvent;
      reply.header('cache-control', 'no-store');
      // Issue 36 part 5: the ops console and the scrapes are no visitor's pages: nothing counted, no limit spent.
      if (isOpsPath(pagePath(event.pageUrl))) {
        req.log.debug({ tracking: event.kind }, 'tracking event of an ops path ignored');
        return reply.code(204).send();
      }
      const rule = app.registry.current.file.site.rateLimits[TRACKING_LIMIT];
      const refusal = rule ? await spend(app.sharedStore, TRACKING_LIMIT, rule, { ip: req.ip, member: '', agent: '', body: {} }) : null;
      if (refusal) {
        req.log.info({ tracking: event.kind, limit: TRACKING_LIMIT }, 'tracking event rate-limited');
        const answer: ActionAnswer = { status: refusal.status, message: refusal.message };
        return reply
          .code(refusal.status)
          .header('retry-after', String(refusal.retryAfterSeconds ?? 1))
          .send(answer);
      }
      if (event.kind === 'xss') {
        // SPEC 5: the browser's own query check; logged, never blocked.
        req.log.warn(
          { hasXss: true, tracking: event.kind, page: event.page, pageUrl: event.pageUrl.slice(0, 512) },
          'suspicious characters in query',
        );
        return reply.code(204).send();
      }
      req.log.info(
        { tracking: event.kind, page: event.page, pageUrl: event.pageUrl.slice(0, 512), stayTime: event.stayTime },
        'tracking event',
      );
      const user = await resolveMember(req).catch(() => null);
      const payload: Record<string, unknown> = {
        ...event,
        event: event.kind,
        cityId: req.city?.cityId,
        ...(user ? { uid: user.uid, userId: user.userId } : {}),
      };
      const call = { reqId: req.id, log: req.log };
      app.api.user.huodongInstall(call, payload).catch((err: unknown) => {
        req.log.warn({ tracking: event.kind, err: (err as Error)?.message }, 'tracking forward to the gateway failed');
      });
      return reply.code(204).send();
    },
  );
};

export default fp(trackingPlugin, { name: 'portal-tracking', fastify: '5.x', dependencies: ['portal-registry', 'shared-store'] });
