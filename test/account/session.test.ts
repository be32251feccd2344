/**
 * Issue 13 part A: logging in sets the signed `userInfo` cookie (ids and session version only), the pages show the
 * member from the gateway's record, logging out clears it, a password reset signs out every other browser of the
 * member and keeps the resetting one in, and `noInfo` keeps its SPEC 4 meaning.
 */
import t from 'tap';
import { TEST_SECRET } from '../helpers/build.ts';
import { accountRig, cookieFrom, stateOf } from './helpers.ts';

const rig = await accountRig(t);
const { portal, post, codeOf, clock } = rig;
const page = (url: string, cookie?: string) => portal.app.inject({ url, headers: cookie ? { cookie } : {} });

t.test('register, then log in with the password and with an SMS code: each sets the 30-day HttpOnly Lax cookie', async (t) => {
  const first = await rig.register('13700001111', 'abc12345');
  const me = await page('/aboutUs', first);
  t.equal(me.statusCode, 200);
  t.equal(stateOf(me.body).user.nickName, '用户1111', 'the menu, rendered from the state, shows the new member');

  const login = await post('/-/account/login', { phone: '13700001111', password: 'abc12345', bUrl: '/ershoufang/' });
  t.equal(login.statusCode, 200);
  t.same(login.json(), { status: 200, message: '登录成功', obj: { redirect: '/ershoufang/' } });
  const c = login.cookies.find((x) => x.name === 'userInfo');
  t.ok(c, 'the login cookie is set');
  t.equal(c?.httpOnly, true);
  t.equal(c?.sameSite, 'Lax');
  t.equal(c?.maxAge, 30 * 24 * 3600);
  t.equal(c?.path, '/');
  t.notOk(c?.secure, 'not Secure on http');
  t.equal(login.headers['cache-control'], 'no-store', 'an answer that signs in is never stored');
  const unsigned = portal.app.unsignCookie(decodeURIComponent(c?.value ?? ''));
  t.ok(unsigned.valid, 'signed with the cookie secret');
  t.same(Object.keys(JSON.parse(unsigned.value ?? '{}')).sort(), ['token', 'uid', 'userId'], 'ids and the session token only');

  clock.advance(61_000);
  t.equal((await post('/-/account/sms', { phone: '13700001111', purpose: 'login' })).statusCode, 200);
  const sms = await post('/-/account/login', { mode: 'sms', phone: '13700001111', code: codeOf('13700001111', 'login') });
  t.equal(sms.statusCode, 200);
  t.ok(cookieFrom(sms), 'an SMS-code login sets the cookie too');
  t.equal(sms.json().obj.redirect, '/', 'without bUrl: home');
});

t.test('the cookie is Secure when the scheme is https', async (t) => {
  const { buildTestApp } = await import('../helpers/build.ts');
  const proxied = await buildTestApp({ gatewayUrl: rig.backendUrl, trustProxy: '127.0.0.1' });
  t.teardown(proxied.close);
  const res = await proxied.app.inject({
    method: 'POST',
    url: '/-/account/login',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-proto': 'https' },
    payload: { phone: '13700001111', password: 'abc12345' },
  });
  t.equal(res.statusCode, 200);
  t.equal(res.cookies.find((x) => x.name === 'userInfo')?.secure, true);
});

t.test('logout: a form post clears the cookie and goes home (or to bUrl); the next page is a visitor’s', async (t) => {
  const cookie = await rig.register('13700002222');
  const out = await post('/-/account/logout', {}, { form: true, headers: { cookie } });
  t.equal(out.statusCode, 303);
  t.equal(out.headers.location, '/');
  const cleared = out.cookies.find((x) => x.name === 'userInfo');
  t.equal(cleared?.value, '', 'the cookie is cleared');
  t.ok(cleared?.expires && cleared.expires.getTime() < Date.now());
  const back = await post('/-/account/logout', { bUrl: '/zufang/' }, { form: true, headers: { cookie } });
  t.equal(back.headers.location, '/zufang/');
  const json = await post('/-/account/logout', {}, { headers: { cookie } });
  t.same(json.json(), { status: 200, message: '退出成功', obj: { redirect: '/' } });
});

t.test('a password reset signs out every other browser of the member and keeps the resetting one in', async (t) => {
  const phone = '13700003333';
  const other = await rig.register(phone, 'first1234');
  t.match((await page('/aboutUs', other)).body, '用户3333', 'the other browser is in');
  const events: unknown[] = [];
  const off = portal.app.memberEvents.subscribe((e) => events.push(e));
  t.teardown(off);

  clock.advance(61_000);
  t.equal((await post('/-/account/sms', { phone, purpose: 'reset' })).statusCode, 200);
  const reset = await post('/-/account/resetpassword', { phone, code: codeOf(phone, 'reset'), password: 'second1234', bUrl: '/xinfang/' });
  t.equal(reset.statusCode, 200);
  t.equal(reset.json().obj.redirect, '/xinfang/');
  const fresh = cookieFrom(reset);
  t.ok(fresh, 'the resetting browser gets a fresh cookie');
  t.match(events, [{ type: 'revoked', userId: /^\d+$/ }], 'a revoked event is published for the forced logout');

  const stale = await page('/aboutUs', other);
  t.equal(stale.statusCode, 200);
  t.notMatch(stale.body, '用户3333', 'the other browser is signed out');
  t.equal(stateOf(stale.body).user.uid, '', 'a visitor again');
  t.equal(stale.cookies.find((x) => x.name === 'userInfo')?.value, '', 'and its stale cookie is cleared');
  const fav = await post('/-/action/favourite', { houseId: 1, kind: 'ershoufang' }, { headers: { cookie: other } });
  t.equal(fav.statusCode, 401, 'a stale cookie is no member for the actions either');

  t.match((await page('/aboutUs', fresh as string)).body, '用户3333', 'the resetting browser stays in');
  const oldPass = await post('/-/account/login', { phone, password: 'first1234' });
  t.equal(oldPass.statusCode, 401, 'the old password no longer works');
  t.equal((await post('/-/account/login', { phone, password: 'second1234' })).statusCode, 200);
});

t.test('a changed password (personal centre) also signs out the other browsers', async (t) => {
  const phone = '13700004444';
  const mine = await rig.register(phone, 'first1234');
  const other = cookieFrom(await post('/-/account/login', { phone, password: 'first1234' })) as string;
  const wrong = await post('/-/account/password', { oldPassword: 'nope12345', password: 'third1234' }, { headers: { cookie: mine } });
  t.equal(wrong.statusCode, 401);
  t.same(wrong.json().errors, { oldPassword: '原密码错误' });
  const ok = await post('/-/account/password', { oldPassword: 'first1234', password: 'third1234' }, { headers: { cookie: mine } });
  t.equal(ok.statusCode, 200);
  const renewed = cookieFrom(ok) as string;
  t.notMatch((await page('/aboutUs', other)).body, '用户4444', 'the other browser is out');
  t.match((await page('/aboutUs', renewed)).body, '用户4444', 'this one stays in');
  const visitor = await post('/-/account/password', { oldPassword: 'third1234', password: 'fourth1234' });
  t.equal(visitor.statusCode, 401, 'a visitor cannot change a password');
});

t.test('noInfo: the cookie value userInfo=noInfo forces a logout and clears the login data', async (t) => {
  const res = await page('/aboutUs', 'userInfo=noInfo');
  t.equal(res.statusCode, 200);
  t.match(String(res.headers['set-cookie']), /userInfo=;/);
  t.equal(stateOf(res.body).user.uid, '', 'shown as a visitor: no user in the state');
  const fav = await post('/-/action/favourite', { houseId: 1, kind: 'ershoufang' }, { headers: { cookie: 'userInfo=noInfo' } });
  t.equal(fav.statusCode, 401, 'noInfo is no member for an action');
});

t.test('a cookie of a member the gateway does not know, or signed with another secret, is no login', async (t) => {
  const unknown = `userInfo=${encodeURIComponent(portal.app.signCookie(JSON.stringify({ uid: 'm999999', userId: '999999', token: 'x'.repeat(43) })))}`;
  const res = await page('/aboutUs', unknown);
  t.equal(stateOf(res.body).user.uid, '', 'a visitor');
  t.equal(res.cookies.find((x) => x.name === 'userInfo')?.value, '', 'cleared');
  t.ok(TEST_SECRET.length >= 32);
});

t.test('the member record is cached per process and dropped on a profile event', async (t) => {
  const phone = '13700005555';
  const cookie = await rig.register(phone);
  t.match((await page('/aboutUs', cookie)).body, '用户5555');
  const { default: Database } = await import('../../src/backend/sqlite-driver.ts');
  const db = new Database(`${rig.dataDir}/portal.db`);
  db.prepare('UPDATE member SET nick_name = ? WHERE phone = ?').run('改名会员', phone);
  const userId = String(db.prepare('SELECT id FROM member WHERE phone = ?').pluck().get(phone));
  db.close();
  t.match((await page('/aboutUs', cookie)).body, '用户5555', 'within the minute the cached record is used');
  await portal.app.memberEvents.publish({ type: 'profile', userId });
  t.match((await page('/aboutUs', cookie)).body, '改名会员', 'a profile event drops it: the new nickname shows');
});

t.test('a member on /login sees who is logged in, a way on and the logout form', async (t) => {
  const cookie = await rig.register('13700006666');
  const res = await page(`/login?bUrl=${encodeURIComponent('/xinfang/')}`, cookie);
  t.equal(res.statusCode, 200);
  t.match(res.body, '您已登录');
  t.match(res.body, 'href="/xinfang/"');
  t.match(res.body, /<form action="\/-\/account\/logout" method="post">/);
  t.equal(res.headers['cache-control'], 'private, no-store');
});
