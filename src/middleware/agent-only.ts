import { AGENT_LOGIN_PAGE, readAgentSession } from '../agent-session.ts';
import type { Middleware } from '../pipeline/types.ts';

/** The agent inbox (issue 18): without the agent's sign-in cookie, to /agent/login (the member session does not count). */
export const agentOnly: Middleware = (ctx) => {
  if (readAgentSession(ctx.req)) return;
  return { kind: 'redirect', status: 302, location: AGENT_LOGIN_PAGE };
};
