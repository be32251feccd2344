import { Ajv } from 'ajv';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayNoticeEvent } from '../src/contracts/gateway/index.ts';
import { bearerTokenCheck } from '../src/lib/bearer-token.ts';
import { NOTICE_SCHEMA } from '../src/lib/notice-frame.ts';
import { answerNoAction } from './actions.ts';

/**
 * The gateway events hook (issue 37 part 2): the gateway tells the portal it recorded a notice for a member, and the
 * portal publishes a member event `notice` (plugins/member-events.ts: in-process, or through Redis to every portal
 * process) that each process's member socket turns into a frame for that member's open pages.
 *
 * How an event arrives:
 * - a company gateway posts it to `POST /-/gateway/events` with `Authorization: Bearer <GATEWAY_EVENTS_SECRET>` (the
 *   route exists only when the secret is set; any other caller gets the 404 of a post to no declared action);
 * - the embedded gateway in this process calls `app.gatewayEvents.receive` directly (src/app.ts);
 * - in the cluster the embedded gateway runs in the primary, which hands the event to the workers over IPC
 *   (src/server.ts: to one worker with REDIS_URL, whose publish reaches all; to every worker without).
 * Every way, the event is checked against one schema before anyone hears it.
 */

export const GATEWAY_EVENTS_PATH = '/-/gateway/events';

const EVENT_SCHEMA = {
  type: 'object',
  required: ['type', 'memberId', 'userId', 'notice', 'unread'],
  additionalProperties: false,
  properties: {
    type: { const: 'notice' },
    memberId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,40}$' },
    userId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    notice: NOTICE_SCHEMA,
    unread: { type: 'integer', minimum: 0 },
  },
} as const;

export const isGatewayNoticeEvent = new Ajv({ strict: true }).compile<GatewayNoticeEvent>(EVENT_SCHEMA);

export interface GatewayEvents {
  /** Hear one event of the gateway: checked, then published to the member's pages. False when refused. */
  receive(event: unknown): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    gatewayEvents: GatewayEvents;
  }
}

export interface GatewayEventsOptions {
  /** config.gatewayEventsSecret: set, a company gateway may post its events to /-/gateway/events. */
  secret?: string;
}

const gatewayEvents: FastifyPluginAsync<GatewayEventsOptions> = async (app, opts) => {
  const log = app.log.child({ component: 'gateway-events' });
  const hub: GatewayEvents = {
    async receive(event) {
      if (!isGatewayNoticeEvent(event)) {
        log.warn({ errors: isGatewayNoticeEvent.errors?.slice(0, 3) }, 'gateway event refused');
        return false;
      }
      await app.memberEvents.publish({ type: 'notice', userId: event.userId, notice: event.notice, unread: event.unread });
      log.info({ userId: event.userId, noticeId: event.notice.id, kind: event.notice.kind }, 'gateway notice published');
      return true;
    },
  };
  app.decorate('gatewayEvents', hub);
  if (!opts.secret) return;

  const authorized = bearerTokenCheck(opts.secret);
  app.post(
    GATEWAY_EVENTS_PATH,
    {
      bodyLimit: 8192,
      preValidation: async function checkGatewaySecret(req: FastifyRequest, reply: FastifyReply) {
        if (authorized(req.headers.authorization)) return;
        req.log.warn('gateway event refused: bad or missing secret');
        return answerNoAction(reply);
      },
      schema: { body: EVENT_SCHEMA },
    },
    async function receiveGatewayEvent(req, reply) {
      const ok = await hub.receive(req.body);
      if (!ok) return reply.code(400).send({ status: 400, message: '事件格式不正确' });
      return reply.code(204).send();
    },
  );
};

export default fp(gatewayEvents, { name: 'gateway-events', fastify: '5.x', dependencies: ['member-events'] });
