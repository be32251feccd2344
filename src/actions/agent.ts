import { AGENT_INBOX_PAGE, AGENT_LOGIN_PAGE, clearAgentCookie, readAgentCookie, setAgentCookie } from '../agent-session.ts';
import { safeReturnPath } from '../lib/return-url.ts';
import { loginThrottle } from './limits.ts';
import { ActionRefusal, actionHandler } from './types.ts';

/**
 * The agent inbox's sign-in and sign-out (issues 18, 33): a sign-in opens a server-side session (its token in the
 * agent's own signed cookie, never the member's); wrong passwords are throttled per account and client address with
 * growing waits; a sign-out ends the session at the gateway, so a copied cookie opens nothing.
 */

const FILL_IN = '请输入手机号或工号和密码';

export const agentBodies = {
  agentLogin: {
    type: 'object',
    required: ['account', 'password'],
    properties: {
      account: { type: 'string', minLength: 1, maxLength: 40 },
      password: { type: 'string', minLength: 1, maxLength: 64 },
      back: { type: 'string', maxLength: 300 },
    },
    errorMessage: { required: FILL_IN, properties: { account: FILL_IN, password: FILL_IN } },
  },
} as const;

type Body = { account: string; password: string; back?: string };

/** A refused plain sign-in: back to the form with the reason and the account typed (never the password). */
const backToLogin = (posted: Readonly<Record<string, unknown>>, message: string) =>
  `${AGENT_LOGIN_PAGE}?error=${encodeURIComponent(message)}&account=${encodeURIComponent(String(posted.account ?? '').slice(0, 40))}`;

const agentLogin = actionHandler<Body>({
  refusedTo: (ctx, r) => backToLogin(ctx.posted, r.message),
  async run(ctx) {
    const account = ctx.body.account.trim();
    const throttle = loginThrottle(ctx.store, 'agent', () => ctx.app.clock());
    const wait = await throttle.check(account.toLowerCase(), ctx.req.ip, '');
    if (wait) throw wait;
    let agent: Awaited<ReturnType<typeof ctx.api.chat.agentLogin>>;
    try {
      agent = await ctx.api.chat.agentLogin(ctx.call, { account, password: ctx.body.password });
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode !== 401) throw err;
      const seconds = await throttle.failed(account.toLowerCase(), ctx.req.ip);
      ctx.log.info({ account: account.slice(0, 3), wait: seconds }, 'agent sign-in refused: wrong account or password');
      const then = seconds ? `，错误次数较多，请${seconds >= 60 ? `${Math.ceil(seconds / 60)}分钟` : `${seconds}秒`}后再试` : '';
      throw new ActionRefusal('password', `账号或密码错误${then}`, 401);
    }
    if (!agent?.sessionToken) throw new ActionRefusal(null, '服务繁忙，请稍后再试', 502);
    await throttle.succeeded(account.toLowerCase(), ctx.req.ip);
    setAgentCookie(ctx.req, ctx.reply, { uid: agent.uid, belongerId: agent.belongerId, name: agent.name, token: agent.sessionToken });
    ctx.log.info({ agent: agent.uid }, 'agent signed in to the inbox');
    const to = safeReturnPath(ctx.body.back ?? '', AGENT_INBOX_PAGE);
    return {
      message: '登录成功',
      obj: { agent: { uid: agent.uid, name: agent.name, belongerId: agent.belongerId } },
      location: to.startsWith('/agent/') ? to : AGENT_INBOX_PAGE,
    };
  },
});

const agentLogout = actionHandler<Record<string, unknown>>({
  async run(ctx) {
    const cookie = readAgentCookie(ctx.req);
    if (cookie) {
      try {
        await ctx.api.chat.agentLogout(ctx.call, cookie.token);
      } catch (err) {
        ctx.log.error({ err, agent: cookie.uid }, 'agent sign-out: the gateway did not end the session');
      }
      ctx.log.info({ agent: cookie.uid }, 'agent signed out of the inbox');
    }
    clearAgentCookie(ctx.req, ctx.reply);
    return { message: '已退出', location: AGENT_LOGIN_PAGE };
  },
});

export const agentHandlers = { agentLogin, agentLogout };
