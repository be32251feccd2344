/**
 * Issue 13 part A, the account forms: every validation rule gives its Chinese message beside the field (fetch: 400
 * with `errors`; a plain form post: 303 back to the form, which shows the messages and keeps what was typed, never
 * the password); cross-site posts are refused; bUrl goes through the one return-address rule; no password or token
 * reaches the page state or a log line.
 */
import t from 'tap';
import { INVALID, MISSING } from '../../src/lib/account-rules.ts';
import { caseName, RETURN_BYPASSES, staysOnSite } from '../helpers/return-bypasses.ts';
import { accountRig, cookieFrom, stateOf } from './helpers.ts';

// Limits high enough for the bypass list; test/account/limits.test.ts checks the limits themselves.
const rig = await accountRig(t, { limits: 1000 });
const { portal, post, codeOf, clock } = rig;

t.test('phone: 11 digits starting 1[3-9], else a message beside the field; nothing reaches the gateway', async (t) => {
  for (const phone of ['', '1380000000', '138000000001', '12800000000', '23800000000', '1380000000a', '+8613800000000']) {
    const res = await post('/-/account/sms', { phone, purpose: 'register' });
    t.equal(res.statusCode, 400, `phone ${JSON.stringify(phone)}`);
    t.same(res.json().errors, { phone: phone ? INVALID.phone : MISSING.phone });
    t.equal(res.json().message, phone ? '请输入正确的11位手机号' : '请输入手机号');
  }
  for (const phone of ['13800000000', '19912345678', '15000000000']) {
    const res = await post('/-/account/login', { phone, password: 'whatever1' });
    t.not(res.statusCode, 400, `${phone} is a mainland mobile number`);
  }
});

t.test('password: 8 characters at least, with a letter and a digit', async (t) => {
  const phone = '13600001111';
  for (const password of ['abc1234', 'abcdefgh', '12345678', 'abc 12345', `a1${'x'.repeat(31)}`]) {
    const res = await post('/-/account/register', { phone, code: '123456', password, agree: true });
    t.equal(res.statusCode, 400, `password ${password}`);
    t.same(res.json().errors, { password: '密码需为8-32位，且同时包含字母和数字' });
  }
  const reset = await post('/-/account/resetpassword', { phone, code: '123456', password: 'short1' });
  t.same(reset.json().errors, { password: INVALID.password }, 'the reset form has the same rule');
});

t.test('code: 6 digits; agreement: must be ticked; every field’s message at once', async (t) => {
  const res = await post('/-/account/register', { phone: '1360000', code: '12a', password: 'abc' });
  t.equal(res.statusCode, 400);
  t.same(res.json().errors, {
    phone: INVALID.phone,
    code: '验证码为6位数字',
    password: INVALID.password,
    agree: '请阅读并勾选同意《用户服务协议》和《隐私政策》',
  });
  const sms = await post('/-/account/login', { mode: 'sms', phone: '13600001111', code: '12345' });
  t.same(sms.json().errors, { code: INVALID.code });
  const noCode = await post('/-/account/login', { mode: 'sms', phone: '13600001111' });
  t.same(noCode.json().errors, { code: MISSING.code });
  const noPassword = await post('/-/account/login', { phone: '13600001111' });
  t.same(noPassword.json().errors, { password: MISSING.password });
});

t.test('the gateway’s refusals land beside their field: wrong code, taken phone, unknown phone', async (t) => {
  const phone = '13600002222';
  t.equal((await post('/-/account/sms', { phone, purpose: 'register' })).statusCode, 200);
  const wrong = await post('/-/account/register', {
    phone,
    code: codeOf(phone) === '000000' ? '111111' : '000000',
    password: 'abc12345',
    agree: true,
  });
  t.equal(wrong.statusCode, 400);
  t.same(wrong.json().errors, { code: '验证码错误' });
  await post('/-/account/register', { phone, code: codeOf(phone), password: 'abc12345', agree: true });
  clock.advance(61_000);
  // Issue 33: a code request answers the same for a member's phone and anyone else's, and says what to do next.
  const taken = await post('/-/account/sms', { phone, purpose: 'register' });
  const fresh = await post('/-/account/sms', { phone: '13600008888', purpose: 'register' });
  t.equal(taken.statusCode, 200);
  t.same(taken.json(), fresh.json(), 'register: a registered phone and a new one get the same answer');
  t.match(taken.json().message, '已注册的手机号请直接登录');
  clock.advance(61_000);
  const unknown = await post('/-/account/sms', { phone: '13600009999', purpose: 'reset' });
  const member = await post('/-/account/sms', { phone, purpose: 'reset' });
  t.same(unknown.json(), member.json(), 'reset: an unknown phone and a member’s get the same answer');
  t.notMatch(codeOf('13600009999', 'reset') ?? '', /^\d{6}$/, 'no code was made for the unknown phone');
  const unknownLogin = await post('/-/account/sms', { phone: '13600007777', purpose: 'login' });
  t.match(unknownLogin.json(), { status: 200, message: /未注册的手机号请先注册/ });
});

t.test('without JavaScript: a failed post is 303 back to the form, which shows the messages and the typed values', async (t) => {
  const res = await post(
    '/-/account/register',
    { phone: '13600003333', code: '12', password: 'abcdefgh', bUrl: '/xinfang/' },
    { form: true },
  );
  t.equal(res.statusCode, 303);
  t.equal(res.headers.location, '/register?bUrl=%2Fxinfang%2F');
  const flash = cookieFrom(res, 'accountForm');
  t.ok(flash, 'the messages ride in a one-shot cookie');
  const form = await portal.app.inject({ url: res.headers.location as string, headers: { cookie: flash as string } });
  t.equal(form.statusCode, 200);
  t.match(form.body, '验证码为6位数字');
  t.match(form.body, '密码需为8-32位，且同时包含字母和数字');
  t.match(form.body, '请阅读并勾选同意');
  t.match(form.body, 'value="13600003333"', 'the phone is kept');
  t.match(form.body, 'value="12"', 'the code is kept');
  t.notMatch(form.body, 'abcdefgh', 'the password is never sent back');
  t.match(form.body, 'aria-invalid="true"');
  t.equal(form.cookies.find((c) => c.name === 'accountForm')?.value, '', 'read once: cleared');
  const again = await portal.app.inject({ url: res.headers.location as string });
  t.notMatch(again.body, '验证码为6位数字', 'a reload shows a clean form');

  const login = await post('/-/account/login', { mode: 'sms', phone: '1360000', bUrl: '/zufang/' }, { form: true });
  t.equal(login.headers.location, '/login?bUrl=%2Fzufang%2F&tab=sms', 'back to the SMS tab');
  const shown = await portal.app.inject({
    url: login.headers.location as string,
    headers: { cookie: cookieFrom(login, 'accountForm') as string },
  });
  t.match(shown.body, '请输入正确的11位手机号');
  t.match(shown.body, 'value="1360000"');
  t.match(shown.body, 'aria-current="page" data-testid="tab-sms"', 'the SMS tab is open');
});

t.test('without JavaScript: the SMS button posts the form to /-/account/sms, which comes back with a notice', async (t) => {
  const phone = '13600004444';
  const res = await post('/-/account/sms', { phone, purpose: 'register', password: 'typed1234', agree: 'on' }, { form: true });
  t.equal(res.statusCode, 303);
  t.equal(res.headers.location, '/register');
  const form = await portal.app.inject({ url: '/register', headers: { cookie: cookieFrom(res, 'accountForm') as string } });
  t.match(form.body, '验证码已发送，5分钟内有效');
  t.match(form.body, `value="${phone}"`);
  t.match(form.body, /秒后重新获取/, 'the button waits');
  t.notMatch(form.body, 'typed1234');
  const reg = await post(
    '/-/account/register',
    { phone, code: codeOf(phone), password: 'abc12345', agree: 'on', bUrl: '/haiwaihome' },
    { form: true },
  );
  t.equal(reg.statusCode, 303);
  t.equal(reg.headers.location, '/haiwaihome', 'a success goes on to bUrl');
  t.ok(cookieFrom(reg), 'logged in');
});

t.test('cross-site posts are refused: another Origin, Origin null, Sec-Fetch-Site cross-site or same-site', async (t) => {
  const cookie = await rig.register('13600005555');
  const bad: Array<Record<string, string>> = [
    { origin: 'http://evil.example' },
    { origin: 'http://localhost.evil.example' },
    { origin: 'null' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
    { origin: 'http://localhost', 'sec-fetch-site': 'cross-site' },
  ];
  for (const headers of bad) {
    for (const [url, body] of [
      ['/-/account/login', { phone: '13600005555', password: 'secret123' }],
      ['/-/account/register', { phone: '13600006666', code: '123456', password: 'abc12345', agree: true }],
      ['/-/account/resetpassword', { phone: '13600005555', code: '123456', password: 'abc12345' }],
      ['/-/account/sms', { phone: '13600006666', purpose: 'register' }],
      ['/-/account/logout', {}],
    ] as const) {
      for (const form of [false, true]) {
        const res = await post(url, body, { form, headers: { ...headers, cookie } });
        t.equal(res.statusCode, 403, `${url} ${JSON.stringify(headers)} ${form ? 'form' : 'json'}`);
        t.equal(
          res.cookies.find((c) => c.name === 'userInfo'),
          undefined,
          'no cookie set or cleared',
        );
      }
    }
    const fav = await post('/-/action/favourite', { houseId: 1, kind: 'ershoufang' }, { headers: { ...headers, cookie } });
    t.equal(fav.statusCode, 403, `a member action follows the same rule: ${JSON.stringify(headers)}`);
  }
  const own = await post(
    '/-/account/login',
    { phone: '13600005555', password: 'secret123' },
    {
      headers: { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
    },
  );
  t.equal(own.statusCode, 200, 'a post from this origin is fine');
});

t.test('bUrl: every known bypass stays on this site (login, logout, a failed post; fetch and form)', { timeout: 120_000 }, async (t) => {
  await rig.register('13600007777', 'abc12345');
  for (const bUrl of RETURN_BYPASSES) {
    const form = await post('/-/account/login', { phone: '13600007777', password: 'abc12345', bUrl }, { form: true });
    t.equal(form.statusCode, 303, caseName(bUrl));
    t.ok(staysOnSite(form.headers.location as string), `login form ${caseName(bUrl)} → ${caseName(form.headers.location)}`);
    const json = await post('/-/account/login', { phone: '13600007777', password: 'abc12345', bUrl });
    t.equal(json.json().obj.redirect, form.headers.location, `login fetch ${caseName(bUrl)}: the same address`);
    const out = await post('/-/account/logout', { bUrl }, { form: true });
    t.ok(staysOnSite(out.headers.location as string), `logout ${caseName(bUrl)}`);
    const bad = await post('/-/account/login', { phone: 'x', bUrl }, { form: true });
    t.ok(staysOnSite(bad.headers.location as string), `the failed post’s way back ${caseName(bUrl)}`);
    const back = new URL(bad.headers.location as string, 'http://localhost/').searchParams.get('bUrl');
    t.ok(back === null || (back.startsWith('/') && !back.startsWith('//')), `bUrl kept only as a path: ${caseName(back)}`);
  }
  const page = await portal.app.inject(`/login?bUrl=${encodeURIComponent('//evil.com')}`);
  t.notMatch(page.body, /(href|value|action)="[^"]*evil\.com/, 'no link or field of the page carries an unsafe bUrl');
  t.equal((stateOf(page.body).route.data as { bUrl: string }).bUrl, '/', 'the form returns home');
  const good = await post(
    '/-/account/login',
    { phone: '13600007777', password: 'abc12345', bUrl: '/ershoufang/?price=2#x' },
    { form: true },
  );
  t.equal(good.headers.location, '/ershoufang/?price=2', 'a same-site bUrl is where the login returns');
});

t.test('no password, token or SMS code reaches the page state, the HTML or the portal’s log', async (t) => {
  const phone = '13600008888';
  const password = 'Sup3rSecretPw';
  const cookie = await rig.register(phone, password);
  const login = await post('/-/account/login', { phone, password }, { form: true });
  const page = await portal.app.inject({ url: '/aboutUs', headers: { cookie: cookieFrom(login) as string } });
  const state = stateOf(page.body);
  t.same(Object.keys(state.user).sort(), ['chatUnread', 'headUrl', 'nickName', 'noticeUnread', 'phone', 'uid', 'userId', 'userSig']);
  t.equal(state.user.phone, phone);
  t.notMatch(page.body, password);
  t.notMatch(JSON.stringify(state), /token/i);
  const data = await portal.app.inject({ url: '/-/data/aboutUs', headers: { cookie } });
  t.notMatch(data.body, /token|password/i, 'nor the data endpoint');
  const log = rig.portalLog.join('\n');
  t.notMatch(log, password, 'the password is never logged');
  t.notMatch(log, codeOf(phone), 'nor the SMS code');
  t.notMatch(log, /"token"/);
  t.match(rig.gatewayLog.join('\n'), `"smsCode":"${codeOf(phone)}"`, 'the gateway writes each code to its log (no real SMS here)');
  t.notMatch(rig.gatewayLog.join('\n'), password, 'the gateway does not log the password either');
});

t.test('without JavaScript, Enter in a field submits the form itself, not the SMS button', async (t) => {
  for (const url of ['/login', '/login?tab=sms', '/register', '/resetpassword']) {
    const html = (await portal.app.inject(url)).body;
    const form = /<form class="acc__form"[^>]*>([\s\S]*?)<\/form>/.exec(html);
    t.ok(form, `${url} has the form`);
    const firstSubmit = /<button type="submit"[^>]*>/.exec(form?.[1] ?? '')?.[0] ?? '';
    t.notMatch(firstSubmit, /formaction/i, `${url}: the default button posts to the form's action`);
    t.match(form?.[0] ?? '', /method="post"/);
  }
  t.match(
    (await portal.app.inject('/login?tab=sms')).body,
    /formAction="\/-\/account\/sms"|formaction="\/-\/account\/sms"/,
    'the SMS button posts to /-/account/sms',
  );
});
