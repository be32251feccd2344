/**
 * The campaign actions' limits (issue 33), at the registry's real values: sign-ups are counted per address
 * (`signup-ip`) and per phone (`signup-phone`, both sign-up forms together); a phone padded with spaces or a tab is the
 * same phone, a repeated phone field is refused; poster counts and ad clicks are counted per address.
 */
import t from 'tap';
import { readRegistry } from '../helpers/build.ts';
import { backendRows, portalOverBackend } from '../listings/helpers.ts';

const { portal, backend } = await portalOverBackend(t);
const app = portal.app;
const limits = readRegistry().site.rateLimits;
const rule = (name: string) => {
  const r = limits[name];
  if (!r) throw new Error(`registry.json has no limit ${name}`);
  return r;
};

const now = () => new Date(Date.now() + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
const running = backendRows(
  backend,
  'SELECT id, kind FROM activity WHERE city_id = 1 AND starts_at <= ? AND ends_at > ? ORDER BY id',
  now(),
  now(),
) as Array<{ id: number; kind: string }>;
const sessions = backendRows(
  backend,
  `SELECT g.id FROM group_session g WHERE g.city_id = 1 AND g.starts_at > ?
   AND (SELECT COUNT(*) FROM group_signup s WHERE s.session_id = g.id) < g.seats ORDER BY g.starts_at`,
  now(),
) as Array<{ id: number }>;
const signups = (phone: string) =>
  (backendRows(backend, 'SELECT COUNT(*) AS n FROM activity_signup WHERE phone = ?', phone)[0] as { n: number }).n +
  (backendRows(backend, 'SELECT COUNT(*) AS n FROM group_signup WHERE phone = ?', phone)[0] as { n: number }).n;

const json = { accept: 'application/json', 'content-type': 'application/json' };
const post = (url: string, body: unknown, ip: string) =>
  app.inject({ method: 'POST', url, payload: body as object, headers: json, remoteAddress: ip });
const form = (url: string, body: string, ip: string, accept = 'text/html') =>
  app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
    remoteAddress: ip,
  });

t.test('a burst of sign-ups from one address meets signup-ip: 429, Retry-After, the limit’s message', async (t) => {
  const { max, windowSeconds } = rule('signup-ip');
  const ip = '10.20.0.1';
  const a = running[0] as { id: number; kind: string };
  for (let i = 0; i < max; i++) {
    const r = await post('/-/huodong/signup', { activityId: a.id, name: '连续报名', phone: `1361000${String(i).padStart(4, '0')}` }, ip);
    t.equal(r.statusCode, 200, `sign-up ${i + 1} of ${max}`);
  }
  const over = await post('/-/huodong/signup', { activityId: a.id, name: '连续报名', phone: '13619999999' }, ip);
  t.equal(over.statusCode, 429);
  t.same(over.json(), { status: 429, message: '报名太频繁了，请稍后再试' });
  const wait = Number(over.headers['retry-after']);
  t.ok(wait >= 1 && wait <= windowSeconds, 'Retry-After within the window');
  t.equal(signups('13619999999'), 0, 'nothing saved');
  const group = await post('/-/grouproom/signup', { sessionId: sessions[0]?.id, name: '连续报名', phone: '13619999999' }, ip);
  t.equal(group.statusCode, 429, 'the group sign-up counts with them');
  const plain = await form('/-/huodong/signup', `activityId=${a.id}&name=x&phone=13619999999&back=/huodong/${a.kind}/${a.id}`, ip);
  t.equal(plain.statusCode, 429, 'a plain form post over the limit: the error page');
  t.match(plain.headers['content-type'], /text\/html/);
  const other = await post('/-/huodong/signup', { activityId: a.id, name: '别处', phone: '13619999999' }, '10.20.0.2');
  t.equal(other.statusCode, 200, 'another address has a window of its own');
});

t.test('one phone, however it is typed, meets signup-phone across addresses and both sign-up forms', async (t) => {
  const { max } = rule('signup-phone');
  const phone = '13912349999';
  // Spaces, a tab, a newline, a number instead of a string: the same phone once the stage has trimmed and coerced it.
  const typed = [` ${phone}`, `\t${phone}`, `${phone}\n`, `  ${phone}\t`, Number(phone), phone];
  let sent = 0;
  for (let i = 0; i < max; i++) {
    const ip = `10.30.0.${i + 1}`;
    const as = typed[i % typed.length];
    const r =
      i % 4 === 3
        ? await post('/-/grouproom/signup', { sessionId: (sessions[1] ?? sessions[0])?.id, name: '同一手机', phone: as }, ip)
        : await post(
            '/-/huodong/signup',
            { activityId: (running[i % running.length] as { id: number }).id, name: '同一手机', phone: as },
            ip,
          );
    t.equal(r.statusCode, 200, `sign-up ${i + 1} (${JSON.stringify(as)}) from ${ip}`);
    sent++;
  }
  t.equal(sent, max);
  const saved = signups(phone);
  t.ok(saved >= 1, 'the padded phone was saved as the phone itself');
  for (const as of [phone, ` ${phone}`, `\t${phone}`]) {
    const over = await post(
      '/-/huodong/signup',
      { activityId: (running[1] as { id: number }).id, name: '同一手机', phone: as },
      '10.30.1.1',
    );
    t.equal(over.statusCode, 429, `${JSON.stringify(as)}: over the phone's limit from a fresh address`);
    t.same(over.json(), { status: 429, message: `该手机号每小时最多报名${max}次，请稍后再试` });
  }
  const padded = await form('/-/huodong/signup', `activityId=${running[1]?.id}&name=x&phone=%09${phone}`, '10.30.1.2', 'application/json');
  t.equal(padded.statusCode, 429, 'a form post with a tab before the phone: the same phone');
  t.equal(signups(phone), saved, 'nothing more saved');
});

t.test('a repeated phone field is refused before any count: 400 with the phone’s message', async (t) => {
  const a = running[2] as { id: number };
  for (const [what, body] of [
    ['two phones', `activityId=${a.id}&name=x&phone=13712345670&phone=13712345671`],
    ['the same phone twice', `activityId=${a.id}&name=x&phone=13712345672&phone=13712345672`],
    ['a padded one beside it', `activityId=${a.id}&name=x&phone=13712345673&phone=%2013712345673`],
  ] as const) {
    const r = await form('/-/huodong/signup', body, '10.40.0.1', 'application/json');
    t.equal(r.statusCode, 400, what);
    t.match(r.json(), { status: 400, message: '请输入正确的11位手机号', field: 'phone' }, what);
  }
  const jsonArray = await post('/-/huodong/signup', { activityId: a.id, name: 'x', phone: ['13712345674', '13712345675'] }, '10.40.0.1');
  t.equal(jsonArray.statusCode, 400, 'a JSON array of phones');
  const group = await form(
    '/-/grouproom/signup',
    `sessionId=${sessions[0]?.id}&name=x&phone=13712345676&phone=13712345677`,
    '10.40.0.1',
    'application/json',
  );
  t.equal(group.statusCode, 400, 'the group sign-up too');
  for (const p of ['13712345670', '13712345671', '13712345672', '13712345673', '13712345674', '13712345676'])
    t.equal(signups(p), 0, `${p}: not saved`);
  const ok = await post('/-/huodong/signup', { activityId: a.id, name: 'x', phone: '13712345672' }, '10.40.0.1');
  t.equal(ok.statusCode, 200, 'the address and the phone still sign up');
});

t.test('poster shares and scans meet poster-count, ad clicks ad-click, per address', async (t) => {
  const [poster] = backendRows(
    backend,
    'SELECT poster_id AS id FROM activity WHERE city_id = 1 AND poster_id IS NOT NULL LIMIT 1',
  ) as Array<{
    id: number;
  }>;
  const posters = rule('poster-count').max;
  for (let i = 0; i < posters; i++) {
    const r =
      i % 2
        ? await post('/-/huodong/qrcode', { posterId: poster?.id, scene: 'poster' }, '10.50.0.1')
        : await post('/-/huodong/share', { posterId: poster?.id }, '10.50.0.1');
    t.equal(r.statusCode, 200, `poster count ${i + 1}`);
  }
  const share = await post('/-/huodong/share', { posterId: poster?.id }, '10.50.0.1');
  t.equal(share.statusCode, 429);
  t.same(share.json(), { status: 429, message: '操作过于频繁，请稍后再试' });
  t.equal((await post('/-/huodong/qrcode', { posterId: poster?.id }, '10.50.0.1')).statusCode, 429, 'the scan counts with the share');

  const [promo] = backendRows(
    backend,
    'SELECT id, target_type AS type, target_id AS targetId FROM promotion WHERE city_id = 1 LIMIT 1',
  ) as Array<{
    id: number;
    type: string;
    targetId: number;
  }>;
  const clicks = rule('ad-click').max;
  for (let i = 0; i < clicks; i++) {
    const r = await post('/-/adver/click', { promotionId: promo?.id, type: promo?.type, targetId: promo?.targetId }, '10.50.0.2');
    if (r.statusCode !== 204) t.fail(`ad click ${i + 1}: ${r.statusCode}`);
  }
  const click = await post('/-/adver/click', { promotionId: promo?.id, type: promo?.type, targetId: promo?.targetId }, '10.50.0.2');
  t.equal(click.statusCode, 429, `ad click ${clicks + 1}`);
  t.ok(Number(click.headers['retry-after']) >= 1);
});
