import t from 'tap';
import { CLOSE_SIGNED_OUT, MEMBER_SOCKET_PATH } from '../../src/lib/member-socket.ts';
import { buildTestApp, MEMBER, type TestApp } from '../helpers/build.ts';
import { openSocket, type WsSocket, watch } from '../helpers/ws-client.ts';

/** SPEC 4 forced logout, the server half in one process (no REDIS_URL): /-/ws over app.injectWS and a real client. */

const ADMIN_TOKEN = 'console-token-0123456789abcdef0123456789';
const OTHER = { uid: 'u2002', userId: '2002', nickName: '另一位' };

const refusal = (err: unknown) => (err as Error).message;

async function socketOf(portal: TestApp, cookie: string | null, headers: Record<string, string> = {}): Promise<WsSocket> {
  return portal.app.injectWS(MEMBER_SOCKET_PATH, {
    headers: { host: 'localhost', ...(cookie ? { cookie } : {}), ...headers },
  }) as Promise<unknown> as Promise<WsSocket>;
}

t.test('the member socket (one process)', async (t) => {
  const portal = await buildTestApp({ adminToken: ADMIN_TOKEN });
  t.teardown(() => portal.close());

  t.test('a visitor (no login cookie) is refused with 401', async (t) => {
    await t.rejects(socketOf(portal, null), /Unexpected server response: 401/);
  });

  t.test('a forged login cookie is refused with 401', async (t) => {
    const forged = `userInfo=${encodeURIComponent(JSON.stringify(MEMBER))}`;
    await t.rejects(socketOf(portal, forged), /Unexpected server response: 401/);
  });

  t.test("another site's page is refused with 403 even with the member's cookie", async (t) => {
    const err = await socketOf(portal, portal.memberCookie(), { origin: 'https://evil.example' }).catch((e: unknown) => e);
    t.match(refusal(err), /Unexpected server response: 403/);
    const own = await socketOf(portal, portal.memberCookie(), { origin: 'http://localhost' });
    t.equal(own.readyState, 1, 'the site itself is let in');
    own.terminate();
  });

  t.test('a revocation sends the user id to every socket of that member, and nothing to another member', async (t) => {
    const first = watch(await socketOf(portal, portal.memberCookie()));
    const second = watch(await socketOf(portal, portal.memberCookie()));
    const other = watch(await socketOf(portal, portal.memberCookie(OTHER)));
    t.equal(portal.app.memberSockets.count(MEMBER.userId), 2);

    await portal.app.memberEvents.publish({ type: 'revoked', userId: MEMBER.userId });
    t.equal(await first.nextMessage(), MEMBER.userId, 'the first tab hears its user id');
    t.equal(await second.nextMessage(), MEMBER.userId, 'the second tab too');
    t.equal(await first.closed, CLOSE_SIGNED_OUT, 'then the socket is closed as signed out');
    await second.closed;
    t.equal(await other.nextMessage(300), null, 'another member hears nothing');
    t.equal(other.socket.readyState, 1, 'and keeps its socket');
    t.equal(portal.app.memberSockets.count(MEMBER.userId), 0);
    other.socket.close();
    await other.closed;
  });

  t.test('a logout closes the sockets of that one session, on this device or a copied cookie; other sessions keep theirs', async (t) => {
    const copied = portal.memberCookie();
    const kept = portal.memberCookie();
    const here = watch(await socketOf(portal, copied));
    const elsewhere = watch(await socketOf(portal, copied));
    const other = watch(await socketOf(portal, kept));
    const out = await portal.app.inject({
      method: 'POST',
      url: '/-/account/logout',
      headers: { host: 'localhost', cookie: copied, accept: 'application/json' },
    });
    t.equal(out.statusCode, 200);
    t.equal(await here.nextMessage(), MEMBER.userId, 'the socket of the ended session hears it');
    t.equal(await elsewhere.nextMessage(), MEMBER.userId, 'and so does one opened with a copy of its cookie');
    t.equal(await here.closed, CLOSE_SIGNED_OUT);
    await elsewhere.closed;
    t.equal(await other.nextMessage(300), null, 'another session of the member hears nothing');
    t.equal(other.socket.readyState, 1, 'and keeps its socket');
    other.socket.close();
    await other.closed;
  });

  t.test('a profile change is no logout', async (t) => {
    const s = watch(await socketOf(portal, portal.memberCookie()));
    await portal.app.memberEvents.publish({ type: 'profile', userId: MEMBER.userId });
    t.equal(await s.nextMessage(300), null);
    s.socket.close();
    await s.closed;
  });

  t.test('a client message beyond the size limit closes the socket', async (t) => {
    const s = watch(await socketOf(portal, portal.memberCookie()));
    s.socket.send('x'.repeat(4096));
    t.equal(await s.closed, 1009, 'message too big');
  });

  t.test('small client messages are ignored, a flood closes the socket', async (t) => {
    const s = watch(await socketOf(portal, portal.memberCookie()));
    s.socket.send('hello');
    t.equal(await s.nextMessage(200), null, 'no answer');
    t.equal(s.socket.readyState, 1, 'still open');
    for (let i = 0; i < 20; i++) s.socket.send('spam');
    t.equal(await s.closed, 1008);
  });

  t.test('the socket path is no page: a plain GET is no HTML', async (t) => {
    const res = await portal.app.inject({ url: MEMBER_SOCKET_PATH, headers: { cookie: portal.memberCookie() } });
    t.equal(res.statusCode, 404);
    t.notMatch(res.headers['content-type'] ?? '', /html/);
    const visitor = await portal.app.inject({ url: MEMBER_SOCKET_PATH });
    t.equal(visitor.statusCode, 401);
  });

  t.test('the console sign-out call needs the admin token, and signs the member out everywhere', async (t) => {
    const cookie = portal.memberCookie();
    const before = await portal.app.inject({ url: '/myshoucang', headers: { host: 'localhost', cookie } });
    t.not(before.statusCode, 302, 'signed in before the call: not sent to log in');
    const s = watch(await socketOf(portal, cookie));
    const url = `/-/admin/members/${MEMBER.userId}/sign-out`;
    const none = await portal.app.inject({ method: 'POST', url });
    t.equal(none.statusCode, 401);
    const wrong = await portal.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${ADMIN_TOKEN}x` } });
    t.equal(wrong.statusCode, 401);
    t.equal(await s.nextMessage(200), null, 'a refused call signs no one out');
    const bad = await portal.app.inject({
      method: 'POST',
      url: '/-/admin/members/..%2Fx/sign-out',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    t.equal(bad.statusCode, 400, 'a user id that is no id is refused');

    const ok = await portal.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    t.equal(ok.statusCode, 200);
    t.match(ok.json(), { status: 200, message: '已强制退出', obj: { userId: MEMBER.userId, revoked: true } });
    t.equal(await s.nextMessage(), MEMBER.userId, "the member's socket hears the sign-out");
    const after = await portal.app.inject({ url: '/myshoucang', headers: { host: 'localhost', cookie } });
    t.equal(after.statusCode, 302, 'the same login cookie no longer signs anyone in (its session ended)');
    t.match(after.headers.location, /^\/login\?bUrl=/);
    const unknown = await portal.app.inject({
      method: 'POST',
      url: '/-/admin/members/987654/sign-out',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    t.equal(unknown.statusCode, 404, 'a member the gateway does not know is a 404');
  });
});

t.test('without ADMIN_TOKEN there is no sign-out call', async (t) => {
  const portal = await buildTestApp();
  t.teardown(() => portal.close());
  const res = await portal.app.inject({
    method: 'POST',
    url: `/-/admin/members/${MEMBER.userId}/sign-out`,
    headers: { authorization: 'Bearer x' },
  });
  t.equal(res.statusCode, 404);
});

t.test('keep-alive: a socket that stops answering pings is dropped', async (t) => {
  const portal = await buildTestApp({ memberSocket: { pingIntervalMs: 100 } });
  t.teardown(() => portal.close());
  const address = await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${address.replace('http', 'ws')}${MEMBER_SOCKET_PATH}`;
  const { WebSocket } = await import('../helpers/ws-client.ts');
  const deaf = watch(new WebSocket(url, { headers: { cookie: portal.memberCookie() }, autoPong: false }));
  const live = await openSocket(url, { cookie: portal.memberCookie(OTHER) });
  t.equal(await deaf.closed, 1006, 'the silent socket is terminated');
  t.equal(live.socket.readyState, 1, 'a socket that answers stays');
  t.equal(portal.app.memberSockets.count(MEMBER.userId), 0);
  live.socket.close();
  await live.closed;
});

t.test('closing the app closes open sockets (1001) and does not hang', async (t) => {
  const portal = await buildTestApp();
  const address = await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const s = await openSocket(`${address.replace('http', 'ws')}${MEMBER_SOCKET_PATH}`, { cookie: portal.memberCookie() });
  const started = Date.now();
  await portal.close();
  t.equal(await s.closed, 1001, 'going away: the browser reconnects elsewhere');
  t.ok(Date.now() - started < 3000, `closed in ${Date.now() - started} ms`);
});

t.test('REDIS_URL and ADMIN_TOKEN are checked at start', async (t) => {
  const { loadConfig } = await import('../../src/config.ts');
  const env = { COOKIE_SECRET: 'c'.repeat(32) };
  t.equal(loadConfig({ ...env, REDIS_URL: 'redis://127.0.0.1:6379/' }).redisUrl, 'redis://127.0.0.1:6379');
  t.throws(() => loadConfig({ ...env, REDIS_URL: 'http://127.0.0.1:6379' }), /REDIS_URL must be a redis:\/\//);
  t.throws(() => loadConfig({ ...env, ADMIN_TOKEN: 'short' }), /ADMIN_TOKEN must be at least 32/);
  t.equal(loadConfig(env).adminToken, undefined);
});
