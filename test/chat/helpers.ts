import type { TestApp } from '../helpers/build.ts';

/** A seeded inbox agent and the demo password every seeded agent has (src/backend/seed/chat.ts). */
export const AGENT = { uid: 'b100001', password: 'Agent@2026' };

/** The agent's inbox cookie (`agentInfo=…`), from a real sign-in (issue 33: it names a server-side session). */
export async function agentCookie(portal: TestApp): Promise<string> {
  const res = await portal.app.inject({
    method: 'POST',
    url: '/-/agent/login',
    headers: { host: 'localhost', accept: 'application/json' },
    payload: { account: AGENT.uid, password: AGENT.password },
  });
  const set = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('agentInfo='));
  if (res.statusCode !== 200 || !set) throw new Error(`agent login failed: ${res.statusCode} ${res.body}`);
  return String(set).split(';')[0] as string;
}
