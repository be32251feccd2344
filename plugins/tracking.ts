import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
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

/**
 * SPEC 4 page tracking: POST /-/track takes one page-view, close, agent-request or query-check event from the browser,
 * logs it with the request id and forwards it to the gateway's tracking call (POST api/huoDongTG/install). Tracking
 * never disturbs the page: the answer is 204 at once, and a gateway failure is only a warn line.
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

export default fp(trackingPlugin, { name: 'portal-tracking', fastify: '5.x' });
