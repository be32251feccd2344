import { resolveAgent } from '../agent-session.ts';
import type { AgentInboxData, AgentLoginData } from '../contracts/page-data/agent.ts';
import { errors } from '../errors.ts';
import { agentInboxMeta, agentLoginMeta } from '../meta/agent.ts';
import { type PageLoader, pageLoader } from '../pipeline/types.ts';

/** Sign-in refusals src/actions/agent.ts sends back with ?error= (anything else is not shown). */
const KNOWN_ERRORS =
  /^(?:账号或密码错误(?:，错误次数较多，请\d{1,3}(?:秒|分钟)后再试)?|密码错误次数较多，请\d{1,3}(?:秒|分钟)后再试|请输入手机号或工号和密码|尝试次数过多，请稍后再试|服务繁忙，请稍后再试)$/;

/** /agent/login (issue 18): the form, with the refusal of the last try. */
export const agentLogin: PageLoader<AgentLoginData> = pageLoader(async (ctx) => {
  const error = ctx.query.error && KNOWN_ERRORS.test(ctx.query.error) ? ctx.query.error : null;
  const account = /^[A-Za-z0-9]{1,40}$/.test(ctx.query.account ?? '') ? (ctx.query.account as string) : '';
  return { data: { error, account } };
}, agentLoginMeta);

/** /agent/inbox (issue 18): who is signed in; the conversations come live from the chat endpoints. */
export const agentInbox: PageLoader<AgentInboxData> = pageLoader(async (ctx) => {
  const agent = await resolveAgent(ctx.req);
  if (!agent) throw errors.pageNotFound();
  return { data: { agent: { uid: agent.uid, name: agent.name, belongerId: agent.belongerId } } };
}, agentInboxMeta);
