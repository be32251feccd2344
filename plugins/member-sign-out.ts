import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The console's "sign this member out" call (issue 13, SPEC 6 "a console host with admin-style APIs"):
 * POST /-/admin/members/:userId/sign-out with `Authorization: Bearer <ADMIN_TOKEN>`.
 *
 * The gateway bumps the member's session version first (every login cookie of theirs stops verifying, on every device),
 * then revocations are published where the sockets are, on the portal: the call announces `revoked` on memberEvents, which
 * (through Redis when REDIS_URL is set) reaches every portal process, and every open socket of the member gets the
 * forced-logout message. The call is authenticated by a shared secret (ADMIN_TOKEN, ≥ 32 characters, compared in
 * constant time), not by the caller's address: behind a proxy every caller looks like loopback. Without ADMIN_TOKEN
 * the route does not exist (404). Robots are kept off `/-/` by the registry.
 */

export interface MemberSignOutOptions {
  /** config.adminToken; unset: no route. */
  token?: string;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

function bearerMatches(req: FastifyRequest, expected: Buffer): boolean {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer (\S+)$/.exec(header);
  return match !== null && timingSafeEqual(digest(match[1]), expected);
}

const paramsSchema = {
  type: 'object',
  required: ['userId'],
  additionalProperties: false,
  properties: { userId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } },
} as const;

const memberSignOut: FastifyPluginAsync<MemberSignOutOptions> = async (app, opts) => {
  if (!opts.token) return;
  const expected = digest(opts.token);
  app.post(
    '/-/admin/members/:userId/sign-out',
    {
      schema: { params: paramsSchema },
      onRequest: async function checkAdminToken(req: FastifyRequest, reply: FastifyReply) {
        if (!bearerMatches(req, expected)) {
          req.log.warn('member sign-out refused: bad or missing admin token');
          return reply.code(401).header('www-authenticate', 'Bearer').send({ status: 401, message: 'unauthorized' });
        }
      },
    },
    async function signMemberOut(req, reply) {
      const { userId } = req.params as { userId: string };
      try {
        await app.api.user.revokeSessions({ reqId: req.id, log: req.log }, userId);
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode === 404 ? 404 : 502;
        req.log.warn({ err, userId }, 'member sign-out: the gateway did not revoke the sessions');
        return reply.code(status).send({ status, message: status === 404 ? '会员不存在' : '网关暂不可用' });
      }
      await app.memberEvents.publish({ type: 'revoked', userId });
      req.log.info({ userId }, 'member signed out by the console');
      reply.header('cache-control', 'no-store');
      return { status: 200, obj: { userId, revoked: true } };
    },
  );
};

export default fp(memberSignOut, { name: 'member-sign-out', fastify: '5.x', dependencies: ['member-events'] });
