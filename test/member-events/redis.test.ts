import t from 'tap';
import type { RedisMemberEvents } from '../../plugins/member-events.ts';
import { freePort } from '../../scripts/bench/procs.ts';
import { startRedis } from '../../scripts/redis.ts';
import { MEMBER_SOCKET_PATH } from '../../src/lib/member-socket.ts';
import { buildTestApp, MEMBER, type TestApp } from '../helpers/build.ts';
import { openSocket } from '../helpers/ws-client.ts';

/**
 * SPEC 4 forced logout across portal processes (issue 13): with REDIS_URL set, a revocation published by one portal
 * reaches the sockets another portal holds, through a real redis-server. Redis down at start: the portal starts,
 * says so in one log line, serves pages and works alone until Redis is back.
 */

const ADMIN_TOKEN = 'console-token-0123456789abcdef0123456789';
const OTHER = { uid: 'u2002', userId: '2002' };

async function listening(portal: TestApp): Promise<string> {
  const address = await portal.app.listen({ port: 0, host: '127.0.0.1' });
  return `${address.replace('http', 'ws')}${MEMBER_SOCKET_PATH}`;
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

t.test('two portal processes share revocations through Redis', async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const one = await buildTestApp({ redisUrl: redis.url });
  t.teardown(() => one.close());
  const two = await buildTestApp({ redisUrl: redis.url, adminToken: ADMIN_TOKEN });
  t.teardown(() => two.close());
  const [urlOne, urlTwo] = [await listening(one), await listening(two)];

  const memberOnOne = await openSocket(urlOne, { cookie: one.memberCookie() });
  const otherOnOne = await openSocket(urlOne, { cookie: one.memberCookie(OTHER) });
  const memberOnTwo = await openSocket(urlTwo, { cookie: two.memberCookie() });

  // The console signs the member out on portal two; portal one holds the member's other socket.
  const res = await two.app.inject({
    method: 'POST',
    url: `/-/admin/members/${MEMBER.userId}/sign-out`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  t.equal(res.statusCode, 200);
  t.equal(await memberOnOne.nextMessage(), MEMBER.userId, "portal one's socket of the member gets the user id");
  t.equal(await memberOnTwo.nextMessage(), MEMBER.userId, "portal two's own socket too");
  t.equal(await memberOnTwo.nextMessage(300), null, 'once: the publishing process hears it through Redis only');
  t.equal(await otherOnOne.nextMessage(300), null, 'another member gets nothing');
  t.same(otherOnOne.messages, []);

  // The other way round, straight through the channel.
  await one.app.memberEvents.publish({ type: 'revoked', userId: OTHER.userId });
  t.equal(await otherOnOne.nextMessage(), OTHER.userId);
});

t.test('without REDIS_URL one process works alone', async (t) => {
  const portal = await buildTestApp();
  t.teardown(() => portal.close());
  const s = await openSocket(await listening(portal), { cookie: portal.memberCookie() });
  await portal.app.memberEvents.publish({ type: 'revoked', userId: MEMBER.userId });
  t.equal(await s.nextMessage(), MEMBER.userId);
});

t.test('Redis down at start: one clear log line, pages still served, this process alone, shared again once Redis is up', async (t) => {
  const port = await freePort();
  const logLines: string[] = [];
  const started = Date.now();
  const portal = await buildTestApp({ redisUrl: `redis://127.0.0.1:${port}`, logLines });
  t.teardown(() => portal.close());
  t.ok(Date.now() - started < 8000, `started without Redis in ${Date.now() - started} ms`);
  // The chat bus (issue 18) says the same about its own channel in its own line (test/chat/transport.test.ts).
  const outage = logLines.filter((l) => l.includes('Redis unreachable: member events'));
  t.equal(outage.length, 1, 'one error line names the outage');
  t.match(JSON.parse(outage[0]), { level: 50, redis: `127.0.0.1:${port}` });
  t.notMatch(outage[0], /redis:\/\//, 'the URL (it may carry a password) is not logged');

  const page = await portal.app.inject({ url: '/aboutUs' });
  t.equal(page.statusCode, 200, 'pages are served');

  const url = await listening(portal);
  const s = await openSocket(url, { cookie: portal.memberCookie() });
  await portal.app.memberEvents.publish({ type: 'revoked', userId: OTHER.userId });
  await portal.app.memberEvents.publish({ type: 'revoked', userId: MEMBER.userId });
  t.equal(await s.nextMessage(), MEMBER.userId, "this process's sockets still get the forced logout");

  // Redis comes up on that port: the portal joins the shared channel by itself.
  const redis = await startRedis({ port });
  t.teardown(() => redis.stop());
  const events = portal.app.memberEvents as RedisMemberEvents;
  t.ok(await until(() => events.shared(), 10_000), 'shared through Redis again');
  t.ok(
    logLines.some((l) => l.includes('Redis reachable again')),
    'and says so',
  );
  const peer = await buildTestApp({ redisUrl: redis.url });
  t.teardown(() => peer.close());
  const again = await openSocket(url, { cookie: portal.memberCookie(OTHER) });
  await peer.app.memberEvents.publish({ type: 'revoked', userId: OTHER.userId });
  t.equal(await again.nextMessage(), OTHER.userId, 'a revocation from another process arrives');
});
