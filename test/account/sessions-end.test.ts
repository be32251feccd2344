import t from 'tap';
import { accountRig, cookieFrom } from './helpers.ts';

/**
 * Issue 33 part 2 (OWASP session management): a login is a server-side session. Logout, a password change, "sign out
 * of all devices" and the console end it: a copy of the cookie taken before signs nobody in. The agent inbox's cookie
 * is revocable the same way. The session holds across the mobile host and its city sub-domains.
 */
const rig = await accountRig(t, { limits: 1000 });
const { post, portal } = rig;
const get = (url: string, cookie: string, host = 'localhost') => portal.app.inject({ url, headers: { cookie, host } });

t.test('two logins get different cookies; logout ends the copied one', async (t) => {
  const phone = '13600001001';
  await rig.register(phone, 'right1234');
  const one = cookieFrom(await post('/-/account/login', { phone, password: 'right1234' })) as string;
  const two = cookieFrom(await post('/-/account/login', { phone, password: 'right1234' })) as string;
  t.not(one, two, 'each login opens its own session');
  t.equal((await get('/personalcenter', one)).statusCode, 200, 'the member’s page, before');
  t.equal((await get('/-/chat/unread', one)).statusCode, 200);
  const out = await post('/-/account/logout', {}, { headers: { cookie: one } });
  t.equal(out.statusCode, 200);
  const copied = await get('/personalcenter', one);
  t.equal(copied.statusCode, 302, 'the copied cookie: sent to log in');
  t.match(copied.headers.location, /^\/login\?bUrl=/);
  t.equal((await get('/-/chat/unread', one)).statusCode, 401, 'and the chat says who?');
  t.equal((await get('/personalcenter', two)).statusCode, 200, 'the other device stays signed in');
});

t.test('a password change ends every other session; this browser stays in', async (t) => {
  const phone = '13600001002';
  const first = await rig.register(phone, 'right1234');
  const other = cookieFrom(await post('/-/account/login', { phone, password: 'right1234' })) as string;
  const changed = await post('/-/account/password', { oldPassword: 'right1234', password: 'newpass123' }, { headers: { cookie: first } });
  t.equal(changed.statusCode, 200);
  const fresh = cookieFrom(changed) as string;
  t.ok(fresh, 'a new session for the browser that changed it');
  t.equal((await get('/personalcenter', first)).statusCode, 302, 'its old cookie is out');
  t.equal((await get('/personalcenter', other)).statusCode, 302, 'the other device is out');
  t.equal((await get('/personalcenter', fresh)).statusCode, 200, 'the new one works');
});

t.test('"sign out of all devices" in 个人中心 ends every session of the member', async (t) => {
  const phone = '13600001003';
  const a = await rig.register(phone, 'right1234');
  const b = cookieFrom(await post('/-/account/login', { phone, password: 'right1234' })) as string;
  const centre = await get('/personalcenter', a);
  t.match(centre.body, 'action="/-/account/logout-all"', 'the button is on the page');
  t.match(centre.body, '退出所有设备');
  const out = await post('/-/account/logout-all', {}, { form: true, headers: { cookie: a } });
  t.equal(out.statusCode, 303);
  t.equal(out.headers.location, '/login');
  for (const c of [a, b]) t.equal((await get('/personalcenter', c)).statusCode, 302, 'every device is out');
  const visitor = await post('/-/account/logout-all', {});
  t.equal(visitor.statusCode, 401, 'a visitor has nothing to sign out');
});

t.test('one session across the mobile host and its city sub-domains, and no wider', async (t) => {
  const site = await accountRig(t, { limits: 1000, mobileHost: 'fangchan.test' });
  const phone = '13600001004';
  await site.register(phone, 'right1234');
  const login = await site.portal.app.inject({
    method: 'POST',
    url: '/-/account/login',
    headers: { host: 'wh.fangchan.test', 'content-type': 'application/json', accept: 'application/json' },
    payload: { phone, password: 'right1234' },
  });
  t.equal(login.statusCode, 200);
  const set = login.cookies.find((c) => c.name === 'userInfo');
  t.equal(set?.domain, 'fangchan.test', 'the cookie is the mobile host’s, with every city under it');
  const cookie = `userInfo=${set?.value}`;
  const cs = await site.portal.app.inject({ url: '/personalcenter', headers: { host: 'fangchan.test', cookie } });
  t.equal(cs.statusCode, 200, 'switching to 长沙 keeps the member');
  const ip = await site.portal.app.inject({
    method: 'POST',
    url: '/-/account/login',
    headers: { host: '127.0.0.1:3000', 'content-type': 'application/json', accept: 'application/json' },
    payload: { phone, password: 'right1234' },
  });
  t.equal(ip.cookies.find((c) => c.name === 'userInfo')?.domain, undefined, 'another host gets a cookie of its own');
});

t.test('the agent inbox: a sign-out ends the copied cookie; wrong passwords wait per account and address', async (t) => {
  const agent = (payload: string, cookie = '', remoteAddress = '10.2.2.2') =>
    portal.app.inject({
      method: 'POST',
      url: '/-/agent/login',
      remoteAddress,
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', cookie },
      payload,
    });
  const ok = await agent('account=b100002&password=Agent%402026');
  t.equal(ok.statusCode, 200);
  const cookie = cookieFrom(ok, 'agentInfo') as string;
  t.equal((await get('/agent/inbox', cookie)).statusCode, 200, 'the inbox, signed in');
  const out = await portal.app.inject({
    method: 'POST',
    url: '/-/agent/logout',
    headers: { host: 'localhost', cookie, accept: 'application/json' },
  });
  t.equal(out.statusCode, 200);
  const copied = await get('/agent/inbox', cookie);
  t.equal(copied.statusCode, 302, 'the copied cookie opens nothing');
  t.equal(copied.headers.location, '/agent/login');
  t.equal((await get('/-/agent/chat/unread', cookie)).statusCode, 401, 'nor the agent’s chat');

  for (let i = 1; i <= 5; i++) await agent(`account=b100003&password=wrong-${i}`);
  const waiting = await agent('account=b100003&password=Agent%402026');
  t.equal(waiting.statusCode, 429, 'after 5 wrong passwords the account waits, from that address');
  t.match(waiting.json().message, '请30秒后再试');
  t.equal((await agent('account=b100003&password=Agent%402026', '', '10.3.3.3')).statusCode, 200, 'not from another address');
});
