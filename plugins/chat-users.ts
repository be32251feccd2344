import type { FastifyReply, FastifyRequest } from 'fastify';
import { resolveAgent } from '../src/agent-session.ts';
import type { CallContext } from '../src/api/http.ts';
import { agentChatUser, type ChatUser, memberChatUser } from '../src/chat-user.ts';
import { resolveMember } from '../src/session.ts';

/** Who is on a chat call (issue 18): a member (session cookie, by uid) or an agent (the inbox's own cookie). */

export type { ChatUser };

export const call = (req: FastifyRequest): CallContext => ({ reqId: req.id, log: req.log });

/** A gateway failure as the browser sees it: the gateway's 4xx message, else busy. */
export function gatewayAnswer(err: unknown): { status: number; message: string } {
  const status = (err as { statusCode?: number }).statusCode ?? 502;
  if (status >= 400 && status < 500) {
    const msg = err instanceof Error ? err.message.replace(/^[A-Za-z]+:\s*/, '') : '';
    return { status, message: /[\u4e00-\u9fff]/.test(msg) ? msg : '请求有误' };
  }
  return { status: status === 503 || status === 504 ? status : 502, message: '服务繁忙，请稍后再试' };
}

/** The agent of a live inbox session as a chat user, or null; throws when the gateway cannot tell. */
export async function readAgent(req: FastifyRequest): Promise<ChatUser | null> {
  const agent = await resolveAgent(req);
  return agent ? agentChatUser(agent) : null;
}

/** The member of the session cookie as a chat user (their uid), or null; throws when the gateway cannot tell. */
export async function readMember(req: FastifyRequest, reply?: FastifyReply): Promise<ChatUser | null> {
  const user = await resolveMember(req, reply);
  return user ? memberChatUser(user) : null;
}

/** Every chat answer is personal: never stored anywhere. */
export async function chatNoStore(_req: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'private, no-store');
}
