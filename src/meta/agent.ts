import type { AgentInboxData, AgentLoginData } from '../contracts/page-data/agent.ts';
import type { Meta } from '../pipeline/types.ts';

/** The agent inbox's pages are staff tools: never indexed, never cached (issue 18). */
export const agentLoginMeta: Meta<AgentLoginData> = (ctx) => ({ title: `经纪人登录_${ctx.site.brand}`, robots: 'noindex, nofollow' });
export const agentInboxMeta: Meta<AgentInboxData> = (ctx, data) => ({
  title: `${data.agent.name}的咨询消息_${ctx.site.brand}`,
  robots: 'noindex, nofollow',
});
