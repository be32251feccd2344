import t from 'tap';
import { buildTestApp } from '../helpers/build.ts';
import { ADMIN_TOKEN } from './helpers.ts';

/**
 * Issue 36 part 2: a browser opens the console with a session: posting ADMIN_TOKEN (from a page of the site) sets a
 * signed, httpOnly, SameSite=Strict cookie for /-/ops only; its writes must come from the site's own pages; the log
 * names the session, never the token; a new ADMIN_TOKEN ends every session; sign-out clears it.
 */

const SAME_ORIGIN = { origin: 'http://localhost', 'sec-fetch-site': 'same-origin', host: 'localhost' };

t.test('posting the token opens a session the console accepts; cross-site writes and stale cookies are refused', async (t) => {
  const lines: string[] = [];
  let now = Date.UTC(2026, 10, 29, 3, 0, 0);
  const portal = await buildTestApp({ adminToken: ADMIN_TOKEN, logLines: lines, now: () => now });
  t.teardown(portal.close);
  const { app } = portal;

  const login = await app.inject({
    method: 'POST',
    url: '/-/ops/session',
    headers: SAME_ORIGIN,
    payload: { token: ADMIN_TOKEN, operator: '张三' },
  });
  t.equal(login.statusCode, 303);
  t.equal(login.headers.location, '/-/ops?notice=logged-in');
  const cookie = login.cookies.find((c) => c.name === 'ops_session');
  t.ok(cookie, 'the session cookie');
  t.equal(cookie?.httpOnly, true, 'httpOnly');
  t.equal(cookie?.sameSite, 'Strict', 'SameSite=Strict');
  t.equal(cookie?.path, '/-/ops', 'sent to the console only');
  t.equal(cookie?.maxAge, 480 * 60, 'site.ops.sessionMinutes');
  t.notMatch(decodeURIComponent(cookie?.value ?? ''), ADMIN_TOKEN, 'the cookie holds no token');
  t.ok(app.unsignCookie(decodeURIComponent(cookie?.value ?? '')).valid, 'signed with the cookie secret');
  const sessionCookie = `ops_session=${cookie?.value}`;

  const page = await app.inject({ url: '/-/ops?notice=logged-in', headers: { cookie: sessionCookie } });
  t.equal(page.statusCode, 200);
  t.match(page.body, '已登录运维控制台');
  t.match(page.body, '张三', 'the operator in the header');
  t.match(page.body, '退出', 'a session can sign out');

  // A write from the console's own page passes; from another site it is refused, even with the cookie.
  await app.inject('/aboutUs');
  const purge = await app.inject({
    method: 'POST',
    url: '/-/ops/purge',
    headers: { ...SAME_ORIGIN, cookie: sessionCookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'kind=path&path=%2FaboutUs',
  });
  t.equal(purge.statusCode, 303, 'a form post is answered with the console again');
  t.match(purge.headers.location, /^\/-\/ops\?notice=purged&kind=path&local=1&/);
  const shown = await app.inject({ url: purge.headers.location as string, headers: { cookie: sessionCookie } });
  t.match(shown.body, '已按路径清除：本进程 1 条');
  const line = lines.find((l) => l.includes('ops: page cache purged'));
  t.ok(line, 'the purge is logged');
  t.match(
    JSON.parse(line as string),
    { by: /^session:[\w-]+ \(张三\)$/, purge: 'path /aboutUs', local: 1, time: Number },
    'who, what, when',
  );
  t.notOk(
    lines.some((l) => l.includes(ADMIN_TOKEN)),
    'no log line holds the token',
  );
  const crossSite = await app.inject({
    method: 'POST',
    url: '/-/ops/purge',
    headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site', host: 'localhost', cookie: sessionCookie },
    payload: { kind: 'all', confirm: true },
  });
  t.equal(crossSite.statusCode, 403, 'a cross-site post is refused');
  t.ok(lines.some((l) => l.includes('ops console: cross-site post refused')));
  const crossLogin = await app.inject({
    method: 'POST',
    url: '/-/ops/session',
    headers: { origin: 'http://evil.example', host: 'localhost' },
    payload: { token: ADMIN_TOKEN },
  });
  t.equal(crossLogin.statusCode, 404, 'a login posted from another site is an unknown address');
  t.notOk(crossLogin.headers['set-cookie']);

  // The session ends with its time.
  now += 481 * 60_000;
  t.equal((await app.inject({ url: '/-/ops', headers: { cookie: sessionCookie } })).statusCode, 404, 'an expired session');
});

t.test('a session set up with a former ADMIN_TOKEN is refused; sign-out clears the cookie', async (t) => {
  const portal = await buildTestApp({ adminToken: ADMIN_TOKEN });
  t.teardown(portal.close);
  const login = await portal.app.inject({ method: 'POST', url: '/-/ops/session', payload: { token: ADMIN_TOKEN } });
  const sessionCookie = `ops_session=${login.cookies.find((c) => c.name === 'ops_session')?.value}`;
  const out = await portal.app.inject({ method: 'POST', url: '/-/ops/logout', headers: { cookie: sessionCookie } });
  t.equal(out.statusCode, 303);
  t.equal(out.headers.location, '/');
  t.match(
    out.cookies.find((c) => c.name === 'ops_session'),
    { value: '', path: '/-/ops' },
    'the cookie is cleared',
  );

  // The same cookie secret, another token: the cookie is signed alright, but for a token no longer in force.
  const other = await buildTestApp({ adminToken: `${ADMIN_TOKEN}-rotated` });
  t.teardown(other.close);
  t.equal((await other.app.inject({ url: '/-/ops', headers: { cookie: sessionCookie } })).statusCode, 404);
  t.equal((await portal.app.inject({ url: '/-/ops', headers: { cookie: sessionCookie } })).statusCode, 200, 'still good here');
});
