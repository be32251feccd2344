import path from 'node:path';
import t from 'tap';
import type { ChatServerFrame } from '../../src/contracts/chat.ts';
import { MEMBER } from '../helpers/build.ts';
import { openSocket } from '../helpers/ws-client.ts';
import { startE2E } from './browser.ts';

/**
 * The agent inbox in Chromium (issue 18): an agent signs in at /agent/login with the demo password, sees a member's
 * message arrive live in the inbox (the member on the built-in transport's socket), opens the conversation, answers,
 * and the member's socket receives the answer. E2E_SHOTS=<dir> keeps screenshots of the list and the conversation.
 */

const shotsDir = process.env.E2E_SHOTS;
const AGENT = { uid: 'b100001', password: 'Agent@2026' };

t.test('an agent answers a member live from the inbox', async (t) => {
  const e2e = await startE2E();
  t.teardown(() => e2e.close());
  const { page, errors } = await e2e.newPage();

  await page.goto(`${e2e.base}/agent/login`, { waitUntil: 'networkidle' });
  if (shotsDir) await page.screenshot({ path: path.join(shotsDir, 'agent-login.png') });
  await page.getByLabel('手机号或工号').fill(AGENT.uid);
  await page.getByLabel('密码').fill(AGENT.password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(`${e2e.base}/agent/inbox`);
  await page.locator('[data-testid="agent-inbox"][data-status="ready"]').waitFor({ timeout: 10_000 });
  t.match(await page.locator('h1').textContent(), /咨询消息 · /, 'the inbox greets the agent');

  // The member writes on the built-in transport's socket.
  const member = await openSocket(`${e2e.base.replace('http', 'ws')}/-/chat/ws`, { cookie: e2e.portal.memberCookie(), origin: e2e.base });
  t.teardown(() => member.socket.terminate());
  member.socket.send(
    JSON.stringify({ t: 'send', clientId: 'e2e-1', to: AGENT.uid, msgType: 'text', content: { text: '您好，周末可以看房吗？' } }),
  );

  const row = page.locator('[data-testid="agent-conversation"]', { hasText: '您好，周末可以看房吗？' });
  await row.waitFor({ timeout: 5000 });
  t.match(await row.locator('[data-testid="agent-unread"]').textContent(), /^[1-9]/, 'the new message shows unread, live');
  if (shotsDir) await page.screenshot({ path: path.join(shotsDir, 'agent-inbox-list.png') });

  await row.click();
  await page.locator('[data-testid="agent-msg"]', { hasText: '您好，周末可以看房吗？' }).waitFor();
  await page.getByLabel('回复内容').fill('可以的，周六上午十点在小区门口见');
  await page.getByRole('button', { name: '发送' }).click();
  await page.locator('[data-testid="agent-msg"]', { hasText: '可以的，周六上午十点' }).waitFor();

  let answer: ChatServerFrame | null = null;
  for (let i = 0; i < 20 && !answer; i++) {
    const text = await member.nextMessage(500);
    const frame = text ? (JSON.parse(text) as ChatServerFrame) : null;
    if (frame?.t === 'message' && frame.message.from === AGENT.uid) answer = frame;
  }
  t.match(
    answer,
    { message: { from: AGENT.uid, to: MEMBER.uid, content: { text: '可以的，周六上午十点在小区门口见' } } },
    'the member gets the answer live',
  );
  if (shotsDir) await page.screenshot({ path: path.join(shotsDir, 'agent-inbox-conversation.png') });
  t.same(errors, [], 'no console errors');
});
