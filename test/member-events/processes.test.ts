import { Signer } from '@fastify/cookie';
import t from 'tap';
import { startRedis } from '../../scripts/redis.ts';
import { MEMBER_SOCKET_PATH } from '../../src/lib/member-socket.ts';
import { ensureBackendMember, startTestBackend, type TestBackend } from '../helpers/backend.ts';
import { MEMBER, TEST_SECRET } from '../helpers/build.ts';
import { type PortalProcess, startPortalProcess } from '../helpers/portal-process.ts';
import { openSocket } from '../helpers/ws-client.ts';

/**
 * Issue 13: "several portal processes: revocations reach sockets held by any process". Two real portal processes
 * (src/server.ts, as production starts it) over one redis-server: the console signs a member out on process two, the
 * member's socket on process one gets the user id; another member's socket gets nothing.
 */

const ADMIN_TOKEN = 'console-token-0123456789abcdef0123456789';
const OTHER = { ...MEMBER, uid: 'u2002', userId: '2002' };

/** A signed login cookie ({uid, userId, token}) of a member the backend knows, with a live session. */
function cookieOf(backend: TestBackend, user: typeof MEMBER): string {
  const token = ensureBackendMember(backend.dataDir, user, false);
  return `userInfo=${encodeURIComponent(new Signer(TEST_SECRET).sign(JSON.stringify({ uid: user.uid, userId: user.userId, token })))}`;
}

t.test('a revocation on one portal process reaches the socket another process holds', async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const backend = await startTestBackend();
  t.teardown(() => backend.close());
  const env = { REDIS_URL: redis.url, GATEWAY_URL: backend.url, ADMIN_TOKEN };
  const [one, two] = await Promise.all([startPortalProcess(env), startPortalProcess(env)]);
  t.teardown(() => Promise.all([one.stop(), two.stop()]));
  t.match(one.output(), /member events shared through Redis/);

  const ws = (p: PortalProcess) => `${p.base.replace('http', 'ws')}${MEMBER_SOCKET_PATH}`;
  const member = await openSocket(ws(one), { cookie: cookieOf(backend, MEMBER) });
  const other = await openSocket(ws(one), { cookie: cookieOf(backend, OTHER) });
  await t.rejects(openSocket(ws(two), {}), /upgrade refused: 401/, 'a visitor is refused on process two as well');

  const res = await fetch(`${two.base}/-/admin/members/${MEMBER.userId}/sign-out`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  t.equal(res.status, 200, 'the console signs the member out on process two');
  t.equal(await member.nextMessage(5000), MEMBER.userId, "process one's socket of the member gets the user id");
  t.equal(await other.nextMessage(500), null, 'another member gets nothing');
  t.equal(other.socket.readyState, 1);
  other.socket.close();
  await other.closed;
});
