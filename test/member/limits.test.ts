import t from 'tap';
import { readRegistry } from '../helpers/build.ts';
import { backendRows, formPost, memberPortal, mergeCookies } from './helpers.ts';

/**
 * The member forms' limits (issue 33): each write has a named limit of registry.json (the real values here); the SMS
 * subscription takes any phone from the body, so it is limited per phone (however the number is padded) and per address.
 */
const limits = readRegistry().site.rateLimits;
const limitOf = (name: string) => {
  const rule = limits[name];
  if (!rule) throw new Error(`no limit ${name} in registry.json`);
  return rule;
};

t.test('a burst of coupon guesses meets the registry’s limit: 429 with Retry-After; a plain post is told on the form', async (t) => {
  const { app, cookie } = await memberPortal(t, '13822229001');
  const { max, windowSeconds } = limitOf('coupon-claim');
  for (let i = 0; i < max; i++) {
    const r = await formPost(app, '/-/member/coupon', { couponNo: `NOPE${1000 + i}` }, cookie, true);
    t.equal(r.statusCode, 400, `guess ${i + 1} is answered`);
  }
  const limited = await formPost(app, '/-/member/coupon', { couponNo: 'XH2026002' }, cookie, true);
  t.equal(limited.statusCode, 429);
  t.match(limited.json(), { status: 429, message: `领取太频繁了，每小时最多尝试${max}次，请稍后再试` });
  const wait = Number(limited.headers['retry-after']);
  t.ok(wait >= 1 && wait <= windowSeconds, 'Retry-After within the window');
  const plain = await formPost(app, '/-/member/coupon', { couponNo: 'XH2026002', back: '/coupon' }, cookie);
  t.equal(plain.statusCode, 303, 'a plain form post over the limit goes back to the form');
  t.equal(plain.headers.location, '/coupon');
  const page = await app.inject({ url: '/coupon', headers: { cookie: mergeCookies(cookie, plain.headers['set-cookie']) } });
  t.match(page.body, /data-testid="form-error">领取太频繁了/, 'which says it');
});

t.test('SMS subscription: per phone, a padded or repeated phone field is the same phone or refused', async (t) => {
  const { app, cookie, backend } = await memberPortal(t, '13822229002');
  const { max } = limitOf('sms-subscribe-phone');
  t.ok(max < limitOf('sms-subscribe-ip').max, 'the phone limit is met first');
  const phone = '13922229002';
  const spellings = [phone, ` ${phone}`, `\t${phone}`, `${phone}\n`, `  ${phone}  `];
  for (let i = 0; i < max; i++) {
    const r = await formPost(
      app,
      '/-/member/dxdy',
      { kind: i % 2 ? '降价通知' : '新房源通知', phone: spellings[i % spellings.length] as string, filter: `/ershoufang/p${i + 1}/` },
      cookie,
      true,
    );
    t.equal(r.statusCode, 200, `subscription ${i + 1} (${JSON.stringify(spellings[i % spellings.length])})`);
  }
  t.equal(backendRows(backend, 'SELECT id FROM sms_subscription WHERE phone = ?', phone).length, max, 'every spelling is the one number');
  for (const spelling of spellings) {
    const r = await formPost(app, '/-/member/dxdy', { kind: '降价通知', phone: spelling, filter: '/zufang/' }, cookie, true);
    t.equal(r.statusCode, 429, `${JSON.stringify(spelling)} counts against the same phone`);
    t.match(r.json(), { status: 429, message: `该手机号订阅太频繁了，每小时最多订阅${max}次，请稍后再试` });
  }
  const plain = await formPost(app, '/-/member/dxdy', { kind: '降价通知', phone, filter: '/zufang/', back: '/zufang/' }, cookie);
  t.equal(plain.statusCode, 429, 'without JavaScript: the error page (the list shows no draft)');
  t.match(plain.body, '该手机号订阅太频繁了');
  for (const twice of [
    [phone, '13922229003'],
    ['13922229003', phone],
    [phone, phone],
  ]) {
    const r = await formPost(app, '/-/member/dxdy', { kind: '降价通知', phone: twice, filter: '/zufang/' }, cookie, true);
    t.equal(r.statusCode, 400, `phone=${twice.join('&phone=')} is refused`);
    t.match(r.json(), { field: 'phone', message: '手机号不正确' });
  }
  const other = await formPost(app, '/-/member/dxdy', { kind: '降价通知', phone: '13922229004', filter: '/zufang/' }, cookie, true);
  t.equal(other.statusCode, 200, 'another phone has a window of its own');
});

t.test('SMS subscription: a burst of phones from one address meets the per-address limit', async (t) => {
  const { app, cookie } = await memberPortal(t, '13822229003');
  const { max } = limitOf('sms-subscribe-ip');
  for (let i = 0; i < max; i++) {
    const r = await formPost(app, '/-/member/dxdy', { kind: '降价通知', phone: String(13700000000 + i) }, cookie, true);
    t.equal(r.statusCode, 200, `phone ${i + 1}`);
  }
  const limited = await formPost(app, '/-/member/dxdy', { kind: '降价通知', phone: '13799999999' }, cookie, true);
  t.equal(limited.statusCode, 429);
  t.match(limited.json(), { status: 429, message: '订阅太频繁了，请稍后再试' });
});
