import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChatFrame, ChatPeer } from '../src/contracts/chat.ts';
import { conversationIdOf } from '../src/contracts/chat.ts';
import { CHAT_API, CHAT_MESSAGES } from '../src/lib/chat.ts';
import { userId } from './chat-frames.ts';
import { call, chatNoStore, gatewayAnswer, readMember } from './chat-users.ts';

/**
 * Member only (issue 18; SPEC 5): the chat-user lookup (GET /-/chat/peer: 经纪人ID/UID 必传一个 without uid and
 * belongerId, 获取用户uid 失败！ when the lookup's status is not 200) and the session screen's frame (GET /-/chat/frame:
 * manager, phone, house card, quick phrases).
 */
export async function chatLookupRoutes(scope: FastifyInstance): Promise<void> {
  scope.addHook('onSend', chatNoStore);
  const lookup = {
    type: 'object',
    additionalProperties: false,
    properties: {
      uid: userId,
      belongerId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
      houseId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    },
  } as const;
  const member = async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      const user = await readMember(req, reply);
      if (!user) reply.code(401).send({ status: 401, message: CHAT_MESSAGES.notLoggedIn });
      return user;
    } catch (err) {
      req.log.warn({ err }, 'chat call: the member could not be checked');
      reply.code(503).send({ status: 503, message: '服务暂不可用' });
      return null;
    }
  };
  const target = (req: FastifyRequest, reply: FastifyReply) => {
    const q = req.query as { uid?: string; belongerId?: number; houseId?: number };
    if (req.validationError) {
      req.log.info({ validation: req.validationError.message }, 'chat lookup refused: malformed input');
      reply.code(400).send({ status: 400, message: '参数不正确' });
      return null;
    }
    if (!q.uid && !q.belongerId) {
      reply.code(400).send({ status: 400, message: CHAT_MESSAGES.noTarget });
      return null;
    }
    return q;
  };

  scope.get(`${CHAT_API}/peer`, { schema: { querystring: lookup }, attachValidation: true }, async function chatPeer(req, reply) {
    if (!(await member(req, reply))) return reply;
    const q = target(req, reply);
    if (!q) return reply;
    try {
      const found = await scope.api.chat.friendKey(call(req), { uid: q.uid, belongerId: q.belongerId });
      if (!found) throw Object.assign(new Error('empty'), { statusCode: 404 });
      return {
        uid: found.uid,
        belongerId: found.belongerId,
        conversationID: conversationIdOf(found.uid),
        agent: found.agent,
      } satisfies ChatPeer;
    } catch (err) {
      // SPEC 5: a lookup whose status is not 200.
      const status = (err as { statusCode?: number }).statusCode ?? 502;
      req.log.info({ uid: q.uid, belongerId: q.belongerId, status }, 'chat-user lookup failed');
      return reply.code(status === 404 || status === 400 ? 404 : 502).send({ status: 404, message: CHAT_MESSAGES.lookupFailed });
    }
  });

  scope.get(`${CHAT_API}/frame`, { schema: { querystring: lookup }, attachValidation: true }, async function chatFrame(req, reply) {
    const user = await member(req, reply);
    if (!user) return reply;
    const q = target(req, reply);
    if (!q) return reply;
    try {
      const frame = await scope.api.chat.chatFrame(call(req), {
        uid: q.uid,
        belongerId: q.belongerId,
        houseId: q.houseId,
        userId: user.id,
      });
      if (!frame?.manager) return reply.code(404).send({ status: 404, message: CHAT_MESSAGES.lookupFailed });
      return frame satisfies ChatFrame;
    } catch (err) {
      const a = gatewayAnswer(err);
      req.log.info({ status: a.status }, 'chat frame failed');
      return reply.code(a.status).send({ status: a.status, message: a.message });
    }
  });
}
