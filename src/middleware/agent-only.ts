import { AGENT_LOGIN_PAGE, resolveAgent } from '../agent-session.ts';
import type { Middleware } from '../pipeline/types.ts';

/**
 * The agent inbox (issue 18): without a live agent session, to /agent/login (the member session does not count). A
 * gateway that cannot tell is a failure of the page (502), not a sign-out.
 */
export const agentOnly: Middleware = async (ctx) => {
  if (await resolveAgent(ctx.req)) return;
  return { kind: 'redirect', status: 302, location: AGENT_LOGIN_PAGE };
};
