/**
 * Issue 13 part A, the limits: SMS codes (one per phone per 60 s, at most 10 per phone per day, valid 5 minutes,
 * single use), the rate limits per client address and per phone (429 操作过于频繁，请稍后再试), and the lock of
 * password login after 5 wrong passwords, lifted after 15 minutes. Time is the gateway's settable clock: no sleeps.
 */
import t from 'tap';
import { accountRig, cookieFrom } from './helpers.ts';

const MIN = 60_000;

t.test('SMS codes: one per phone per 60 s, 10 per phone per day, valid 5 minutes, single use', async (t) => {
  const rig = await accountRig(t, { limits: 1000 });
  const { post, codeOf, clock } = rig;
  const phone = '13500001111';
  const first = await post('/-/account/sms', { phone, purpose: 'register' });
  t.same(first.json(), {
    status: 200,
    message: '如该手机号未注册，验证码已发送，5分钟内有效；已注册的手机号请直接登录',
    obj: { resendIn: 60 },
  });
  t.match(codeOf(phone), /^\d{6}$/, 'a 6-digit code');
  const again = await post('/-/account/sms', { phone, purpose: 'register' });
  t.equal(again.statusCode, 429, 'a second code within 60 s is refused');
  t.equal(again.json().message, '验证码发送过于频繁，请60秒后再试');
  clock.advance(59_000);
  t.equal((await post('/-/account/sms', { phone, purpose: 'register' })).statusCode, 429, 'still within 60 s');
  clock.advance(2_000);
  t.equal((await post('/-/account/sms', { phone, purpose: 'register' })).statusCode, 200, 'after 60 s another code');

  // Expiry: the code of 5 minutes and 1 second ago is refused; a fresh one works.
  const stale = codeOf(phone);
  clock.advance(5 * MIN + 1_000);
  const expired = await post('/-/account/register', { phone, code: stale, password: 'abc12345', agree: true });
  t.equal(expired.statusCode, 400);
  t.same(expired.json().errors, { code: '验证码已失效，请重新获取' });
  t.equal((await post('/-/account/sms', { phone, purpose: 'register' })).statusCode, 200);
  clock.advance(4 * MIN + 59_000);
  const code = codeOf(phone);
  const ok = await post('/-/account/register', { phone, code, password: 'abc12345', agree: true });
  t.equal(ok.statusCode, 200, 'a code used within 5 minutes works');

  // Single use: the same code cannot log in (a fresh login code, used twice).
  clock.advance(61_000);
  t.equal((await post('/-/account/sms', { phone, purpose: 'login' })).statusCode, 200);
  const loginCode = codeOf(phone, 'login');
  t.equal((await post('/-/account/login', { mode: 'sms', phone, code: loginCode })).statusCode, 200);
  const reused = await post('/-/account/login', { mode: 'sms', phone, code: loginCode });
  t.equal(reused.statusCode, 400, 'a used code is refused');
  t.same(reused.json().errors, { code: '验证码已失效，请重新获取' });

  // The day's cap: codes 4 to 10 of the day go out (a minute apart), the 11th is refused until the next day.
  const day = '13500002222';
  for (let i = 1; i <= 10; i++) {
    clock.advance(61_000);
    const r = await post('/-/account/sms', { phone: day, purpose: 'register' });
    t.equal(r.statusCode, 200, `code ${i} of the day`);
  }
  clock.advance(61_000);
  const capped = await post('/-/account/sms', { phone: day, purpose: 'register' });
  t.equal(capped.statusCode, 429, 'the 11th code of the day is refused');
  t.equal(capped.json().message, '今日验证码发送次数已达上限，请明天再试');
  clock.advance(24 * 60 * MIN);
  t.equal((await post('/-/account/sms', { phone: day, purpose: 'register' })).statusCode, 200, 'the next day codes go out again');
});

t.test('wrong passwords slow down one phone from one address with growing waits; nobody else is locked out (issue 33)', async (t) => {
  const rig = await accountRig(t, { limits: 1000 });
  const { post, codeOf, clock } = rig;
  const phone = '13500003333';
  const guesser = { remoteAddress: '10.7.7.7' };
  await rig.register(phone, 'right1234');
  for (let i = 1; i <= 4; i++) {
    const r = await post('/-/account/login', { phone, password: `wrong${i}234` }, guesser);
    t.equal(r.statusCode, 401, `wrong password ${i}`);
    t.same(r.json().errors, { password: '手机号或密码错误' });
  }
  const fifth = await post('/-/account/login', { phone, password: 'wrong5234' }, guesser);
  t.equal(fifth.statusCode, 401, 'the 5th wrong password');
  t.equal(fifth.json().message, '手机号或密码错误，错误次数较多，请30秒后再试，或使用短信验证码登录', 'says the wait');
  const right = await post('/-/account/login', { phone, password: 'right1234' }, guesser);
  t.equal(right.statusCode, 429, 'from that address even the right password waits');
  t.equal(right.json().message, '密码错误次数较多，请30秒后再试，或使用短信验证码登录');
  t.equal(right.headers['retry-after'], '30');
  t.equal(cookieFrom(right), null, 'no login');

  const owner = await post('/-/account/login', { phone, password: 'right1234' }, { remoteAddress: '10.8.8.8' });
  t.equal(owner.statusCode, 200, 'the owner, from another address, is not locked out');
  t.ok(cookieFrom(owner), 'and is logged in');

  const form = await post('/-/account/login', { phone, password: 'right1234' }, { form: true, ...guesser });
  t.equal(form.statusCode, 303, 'a plain form post goes back to the form');
  const shown = await rig.portal.app.inject({
    url: form.headers.location as string,
    headers: { cookie: form.cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
  });
  t.match(shown.body, '密码错误次数较多，请30秒后再试', 'with the message');

  t.equal((await post('/-/account/sms', { phone, purpose: 'login' }, guesser)).statusCode, 200);
  const bySms = await post('/-/account/login', { mode: 'sms', phone, code: codeOf(phone, 'login') }, guesser);
  t.equal(bySms.statusCode, 200, 'an SMS-code login still works while password tries wait');

  clock.advance(31_000);
  const sixth = await post('/-/account/login', { phone, password: 'wrong6234' }, guesser);
  t.match(sixth.json().message, '请1分钟后再试', 'each further wrong password doubles the wait');
  clock.advance(59_000);
  t.equal((await post('/-/account/login', { phone, password: 'right1234' }, guesser)).statusCode, 429, 'still waiting');
  clock.advance(2_000);
  const after = await post('/-/account/login', { phone, password: 'right1234' }, guesser);
  t.equal(after.statusCode, 200, 'after the wait the right password signs in');
  const again = await post('/-/account/login', { phone, password: 'wrong1234' }, guesser);
  t.equal(again.json().message, '手机号或密码错误', 'and a success starts the count again');
});

t.test('rate limits: per client address and per phone, 429 操作过于频繁，请稍后再试', async (t) => {
  const rig = await accountRig(t);
  const { portal } = rig;
  const sms = (phone: string, remoteAddress: string, form = false) =>
    portal.app.inject({
      method: 'POST',
      url: '/-/account/sms',
      remoteAddress,
      headers: form ? { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' } : { accept: 'application/json' },
      payload: form ? `phone=${phone}&purpose=register` : { phone, purpose: 'register' },
    });
  // Per address: 20 SMS requests an hour (registry site.rateLimits sms-ip), whatever the phones.
  for (let i = 0; i < 20; i++) t.equal((await sms(`1350001${String(i).padStart(4, '0')}`, '10.1.1.1')).statusCode, 200, `request ${i + 1}`);
  const limited = await sms('13500019999', '10.1.1.1');
  t.equal(limited.statusCode, 429);
  t.same(limited.json(), { status: 429, message: '操作过于频繁，请稍后再试' });
  t.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After says when');
  const page = await sms('13500019998', '10.1.1.1', true);
  t.equal(page.statusCode, 303, 'a plain form post over the limit goes back to its form');
  const shown = await portal.app.inject({
    url: page.headers.location as string,
    headers: { cookie: page.cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
  });
  t.match(shown.body, '操作过于频繁，请稍后再试', 'which says so in words');
  t.equal((await sms('13500019997', '10.1.1.2')).statusCode, 200, 'another address is not limited');

  // Per phone: 10 logins in 10 minutes for one phone, from any addresses.
  const login = (i: number) =>
    portal.app.inject({
      method: 'POST',
      url: '/-/account/login',
      remoteAddress: `10.2.0.${i}`,
      headers: { accept: 'application/json' },
      payload: { phone: '13500028888', password: 'guess1234' },
    });
  for (let i = 1; i <= 10; i++) t.not((await login(i)).statusCode, 429, `login ${i} for the phone`);
  const eleventh = await login(11);
  t.equal(eleventh.statusCode, 429, 'the 11th login for one phone is rate-limited, from a new address too');
  t.equal(eleventh.json().message, '操作过于频繁，请稍后再试');
  const otherPhone = await portal.app.inject({
    method: 'POST',
    url: '/-/account/login',
    remoteAddress: '10.2.0.12',
    headers: { accept: 'application/json' },
    payload: { phone: '13500027777', password: 'guess1234' },
  });
  t.equal(otherPhone.statusCode, 401, 'another phone is not limited');

  // Reset and register are limited per phone too.
  const reset = (i: number) =>
    portal.app.inject({
      method: 'POST',
      url: '/-/account/resetpassword',
      remoteAddress: `10.3.0.${i}`,
      headers: { accept: 'application/json' },
      payload: { phone: '13500036666', code: '123456', password: 'abc12345' },
    });
  for (let i = 1; i <= 10; i++) await reset(i);
  t.equal((await reset(11)).statusCode, 429, 'reset: the 11th for one phone');
});

t.test('the per-phone limit counts the phone as validated: padding or a repeated field is no new phone (issue 33)', async (t) => {
  const rig = await accountRig(t);
  const phone = '13500004444';
  const spellings = [phone, ` ${phone}`, `\t${phone}`, `${phone} `, `\n${phone}\t`];
  // Five SMS requests an hour for one phone (site.rateLimits sms-phone), each from its own address.
  for (const [i, spelled] of spellings.entries()) {
    rig.clock.advance(61_000); // past the gateway's one code a minute per phone
    const r = await rig.post('/-/account/sms', { phone: spelled, purpose: 'login' }, { remoteAddress: `10.4.4.${i + 1}` });
    t.equal(r.statusCode, 200, `request ${i + 1}: ${JSON.stringify(spelled)}`);
  }
  rig.clock.advance(61_000);
  const sixth = await rig.post('/-/account/sms', { phone: ` ${phone}`, purpose: 'login' }, { remoteAddress: '10.4.4.9' });
  t.equal(sixth.statusCode, 429, 'the sixth, however it is spelled, meets the limit of that one phone');
  const repeated = await rig.portal.app.inject({
    method: 'POST',
    url: '/-/account/sms',
    remoteAddress: '10.4.4.10',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    payload: `phone=13500005555&phone=${phone}&purpose=login`,
  });
  t.equal(repeated.statusCode, 400, 'a repeated phone field is refused, not counted as another phone');
  t.equal(repeated.json().errors.phone, '请输入正确的11位手机号');
});
