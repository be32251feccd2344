import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AGENT_COOKIE, AGENT_INBOX_PAGE, AGENT_LOGIN_PAGE } from '../src/agent-session.ts';
import { safeReturnPath } from '../src/lib/return-url.ts';
import { isSameOriginPost } from '../src/lib/same-origin.ts';
import { call, chatNoStore } from './chat-users.ts';

/**
 * The agent inbox's sign-in (issue 18): POST /-/agent/login (phone or uid and password, a form post answered with a
 * 303 or JSON) sets the agent's own signed cookie, never the member session; POST /-/agent/logout clears it.
 */
export interface AgentLoginOptions {
  /** How long an agent stays signed in to the inbox, seconds. */
  agentSessionSeconds: number;
  /** Sign-in posts a minute per client address. */
  agentLoginPerMinute: number;
}

export function agentLoginRoutes(opts: AgentLoginOptions) {
  return async function agentLogin(scope: FastifyInstance): Promise<void> {
    await scope.register(formbody, { bodyLimit: 4096 });
    // Password guessing: at most `agentLoginPerMinute` sign-in posts a minute per client address (this process).
    await scope.register(rateLimit, { global: false });
    scope.addHook('onSend', chatNoStore);
    const json = (req: FastifyRequest) =>
      (req.headers.accept ?? '').includes('application/json') || !!req.headers['content-type']?.includes('json');
    const cookieOpts = (req: FastifyRequest) => ({
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: req.protocol === 'https',
      signed: true,
    });
    const back = (req: FastifyRequest, err: string) =>
      `${AGENT_LOGIN_PAGE}?error=${encodeURIComponent(err)}&account=${encodeURIComponent(String((req.body as { account?: unknown })?.account ?? '').slice(0, 40))}`;

    scope.post(
      '/-/agent/login',
      {
        schema: {
          body: {
            type: 'object',
            required: ['account', 'password'],
            properties: {
              account: { type: 'string', minLength: 1, maxLength: 40 },
              password: { type: 'string', minLength: 1, maxLength: 64 },
              back: { type: 'string', maxLength: 300 },
            },
          },
        },
        attachValidation: true,
        config: {
          rateLimit: {
            max: opts.agentLoginPerMinute,
            timeWindow: 60_000,
            errorResponseBuilder: (req: FastifyRequest) => {
              req.log.warn('agent sign-in rate-limited');
              return { statusCode: 429, status: 429, message: '尝试次数过多，请稍后再试' };
            },
          },
        },
      },
      async function agentLogin(req, reply) {
        if (!isSameOriginPost(req.headers, req.host)) {
          req.log.warn({ origin: req.headers.origin }, 'agent login refused: foreign origin');
          return reply.code(403).send({ status: 403, message: '非法请求来源' });
        }
        const refuse = (status: number, message: string) =>
          json(req) ? reply.code(status).send({ status, message }) : reply.redirect(back(req, message), 303);
        if (req.validationError) {
          req.log.info({ validation: req.validationError.message }, 'agent login refused: malformed input');
          return refuse(400, '请输入手机号或工号和密码');
        }
        const b = req.body as { account: string; password: string; back?: string };
        try {
          const agent = await scope.api.chat.agentLogin(call(req), { account: b.account.trim(), password: b.password });
          if (!agent) return refuse(401, '账号或密码错误');
          reply.setCookie(AGENT_COOKIE, JSON.stringify({ uid: agent.uid, belongerId: agent.belongerId, name: agent.name }), {
            ...cookieOpts(req),
            maxAge: opts.agentSessionSeconds,
          });
          req.log.info({ agent: agent.uid }, 'agent signed in to the inbox');
          const to = safeReturnPath(b.back ?? '', AGENT_INBOX_PAGE);
          return json(req)
            ? { status: 200, agent: { uid: agent.uid, name: agent.name, belongerId: agent.belongerId } }
            : reply.redirect(to.startsWith('/agent/') ? to : AGENT_INBOX_PAGE, 303);
        } catch (err) {
          const status = (err as { statusCode?: number }).statusCode ?? 502;
          if (status === 401) {
            req.log.info({ account: b.account.slice(0, 3) }, 'agent sign-in refused: wrong account or password');
            return refuse(401, '账号或密码错误');
          }
          req.log.error({ err }, 'agent sign-in failed');
          return refuse(502, '服务繁忙，请稍后再试');
        }
      },
    );

    scope.post('/-/agent/logout', async function agentLogout(req, reply) {
      if (!isSameOriginPost(req.headers, req.host)) return reply.code(403).send({ status: 403, message: '非法请求来源' });
      reply.clearCookie(AGENT_COOKIE, { path: '/' });
      return json(req) ? { status: 200 } : reply.redirect(AGENT_LOGIN_PAGE, 303);
    });
  };
}
