/**
 * Agent reviews, calls, commitments and franchise forms (issue 17 part C; SPEC 7.7, 7.8) over the embedded backend:
 * what a member or visitor posts, what the page then shows, and what the database keeps.
 */
import t from 'tap';
import { FRANCHISE_DUPLICATE, FRANCHISE_SAVED } from '../../src/lib/broker-forms.ts';
import type { RateLimitRule } from '../../src/registry/types.ts';
import { startTestBackend } from '../helpers/backend.ts';
import { buildTestApp, readRegistry } from '../helpers/build.ts';
import { assertNotFoundScreens, backendRows, registerMember } from '../listings/helpers.ts';

const backend = await startTestBackend();
const portal = await buildTestApp({ gatewayUrl: backend.url });
t.teardown(async () => {
  await portal.close();
  await backend.close();
});
const get = (url: string, headers: Record<string, string> = {}) => portal.app.inject({ url, headers });

const member = await registerMember(backend, '13912340177', '评价小王');
const cookie = portal.memberCookie({ uid: member.uid, userId: member.userId, phone: member.phone, nickName: member.nickName });
const agent = backendRows(
  backend,
  'SELECT id, ext_num AS extNum FROM belonger WHERE city_id = 1 AND iskefu = 0 ORDER BY id DESC LIMIT 1',
)[0] as {
  id: number;
  extNum: string;
};

const json = { 'content-type': 'application/json', accept: 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };
const review = (payload: Record<string, unknown>, headers: Record<string, string> = { cookie }) =>
  portal.app.inject({ method: 'POST', url: '/-/broker/review', headers: { ...json, ...headers }, payload });
const reviews = () =>
  backendRows(backend, 'SELECT score, content, aspects FROM dianping WHERE belonger_id = ? AND member_id = ?', agent.id, member.uid);
const good = { belongerId: String(agent.id), professional: '5', attitude: '4', response: '3', content: '带看很耐心，讲解专业细致' };

t.test('a visitor who rates an agent goes to login with the review page as bUrl; nothing saved', async (t) => {
  const r = await review(good, {});
  t.equal(r.statusCode, 401);
  // The review form names its page (`back`, as src/ui/wenda/WendaForm.tsx posts it): the login comes back to it.
  const f = await portal.app.inject({
    method: 'POST',
    url: '/-/broker/review',
    headers: form,
    payload: new URLSearchParams({ ...good, back: `/dianping/${agent.id}` }).toString(),
  });
  t.equal(f.statusCode, 303);
  t.equal(f.headers.location, `/login?bUrl=${encodeURIComponent(`/dianping/${agent.id}`)}`);
  const page = await get(`/dianping/${agent.id}`);
  t.match(page.body, 'data-testid="dp-login"', 'a visitor sees 登录后评价 instead of the form');
  t.same(reviews(), []);
});

t.test('stars for every aspect and 5–300 characters, or a clear refusal; nothing saved', async (t) => {
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ ...good, professional: undefined }, /专业度/],
    [{ ...good, response: '6' }, /响应速度/],
    [{ ...good, attitude: '0' }, /服务态度/],
    [{ ...good, content: '好' }, /5-300/],
    [{ ...good, content: '很'.repeat(301) }, /5-300/],
  ];
  for (const [body, message] of cases) {
    const r = await review(JSON.parse(JSON.stringify(body)));
    t.equal(r.statusCode, 400, JSON.stringify(body).slice(0, 80));
    t.match(r.json().message, message);
  }
  t.same(reviews(), []);
});

t.test('a review counts at once in the average and count; a second in the month is refused clearly', async (t) => {
  const before = await get(`/dianping/${agent.id}`, { cookie });
  t.match(before.body, 'action="/-/broker/review"', 'a member sees the form');
  const count0 = Number(/data-testid="dp-count">(\d+)条评价/.exec(before.body)?.[1]);
  const r = await portal.app.inject({
    method: 'POST',
    url: '/-/broker/review',
    headers: { ...form, cookie },
    payload: new URLSearchParams(good).toString(),
  });
  t.equal(r.statusCode, 303);
  t.equal(r.headers.location, `/dianping/${agent.id}?ok=1`);
  t.same(reviews(), [{ score: 4, content: good.content, aspects: JSON.stringify({ professional: 5, attitude: 4, response: 3 }) }]);
  const after = await get(`/dianping/${agent.id}`);
  t.match(after.body, `data-testid="dp-count">${count0 + 1}条评价`, 'the count went up at once');
  const all = backendRows(backend, 'SELECT ROUND(AVG(score), 1) AS avg FROM dianping WHERE belonger_id = ?', agent.id)[0] as {
    avg: number;
  };
  t.equal(/data-testid="dp-average">([^<]*)</.exec(after.body)?.[1], all.avg.toFixed(1), 'the average');
  t.match(after.body, good.content);
  const broker = await get(`/broker/${agent.id}`);
  t.match(broker.body, `data-testid="broker-rating">${all.avg.toFixed(1)}分`, 'the agent page shows the rating');
  t.match(broker.body, '"@type":"AggregateRating"');

  const again = await review({ ...good, content: '第二次评价，看看能否再评' });
  t.equal(again.statusCode, 409);
  t.equal(again.json().message, '您本月已评价过该经纪人，请下月再来');
  const againForm = await portal.app.inject({
    method: 'POST',
    url: '/-/broker/review',
    headers: { ...form, cookie },
    payload: new URLSearchParams({ ...good, content: '第二次评价，看看能否再评' }).toString(),
  });
  t.equal(againForm.statusCode, 303, 'without JavaScript: back to the page');
  t.equal(againForm.headers.location, `/dianping/${agent.id}`);
  const draftCookie = String(againForm.headers['set-cookie']).split(';')[0];
  const shown = await get(`/dianping/${agent.id}`, { cookie: `${cookie}; ${draftCookie}` });
  t.match(shown.body, '您本月已评价过该经纪人，请下月再来', 'the refusal is shown');
  t.match(shown.body, '第二次评价，看看能否再评', 'with what was typed');
  t.equal(reviews().length, 1, 'saved once');
});

t.test('an unknown or malformed agent is the 404 screen on the review pages', async (t) => {
  await assertNotFoundScreens(t, get, ['/dianping/99999999', '/dianping/abc', '/dpDetail/99999999', '/dpDetail/x']);
  const list = await get('/dianping/');
  t.equal(list.statusCode, 200);
  const dp = await get(`/dpDetail/${agent.id}`);
  t.equal(dp.statusCode, 200);
});

t.test('the agent page logs the call (zhcall) and shows the extension', async (t) => {
  const before = backendRows(backend, 'SELECT COUNT(*) AS n FROM call_log WHERE belonger_id = ?', agent.id)[0] as { n: number };
  const r = await get(`/broker/${agent.id}`, { cookie });
  t.equal(r.statusCode, 200);
  t.match(r.body, `data-testid="broker-ext">${agent.extNum}<`);
  const after = backendRows(backend, 'SELECT COUNT(*) AS n FROM call_log WHERE belonger_id = ?', agent.id)[0] as { n: number };
  t.equal(after.n, before.n + 1, 'one zhcall logged');
});

t.test('commitments: the list and each one with its terms; unknown ids are 404', async (t) => {
  const list = await get('/commitment');
  t.equal(list.statusCode, 200);
  for (const title of ['真房源', '安心签', '先行赔付']) t.match(list.body, title);
  const rows = backendRows(backend, 'SELECT id, title, terms FROM commitment ORDER BY sort') as Array<{
    id: number;
    title: string;
    terms: string;
  }>;
  t.ok(rows.length >= 5);
  const first = rows[0] as { id: number; title: string; terms: string };
  const one = await get(`/commitment/${first.id}`);
  t.equal(one.statusCode, 200);
  t.match(one.body, `<h1 class="cm-detail__title">${first.title}</h1>`);
  for (const term of JSON.parse(first.terms) as string[]) t.ok(one.body.includes(term), 'each term shown');
  await assertNotFoundScreens(t, get, ['/commitment/999', '/commitment/abc']);
});

t.test('franchise: visitors apply; the phone is checked; a second application within 24 h is answered kindly and saved once', async (t) => {
  const phone = '13711112222';
  const post = (payload: Record<string, string>, headers: Record<string, string> = json) =>
    portal.app.inject({
      method: 'POST',
      url: '/-/broker/jiameng',
      headers,
      payload: headers['content-type'] === json['content-type'] ? payload : new URLSearchParams(payload).toString(),
    });
  const saved = () => backendRows(backend, 'SELECT name, phone, city, company, stores FROM franchise_apply WHERE phone = ?', phone);
  const bad = await post({ name: '张先生', phone: '12345', city: '长沙' });
  t.equal(bad.statusCode, 400);
  t.equal(bad.json().message, '请填写正确的11位手机号');
  const noName = await post({ phone, city: '长沙' });
  t.equal(noName.statusCode, 400);
  t.match(noName.json().message, '姓名');
  t.same(saved(), []);
  // Without JavaScript: a refusal goes back with the message and what was typed.
  const refused = await post({ name: '张先生', phone: '1371111', city: '株洲', company: '房产中介' }, form);
  t.equal(refused.statusCode, 303);
  t.equal(refused.headers.location, '/jiameng/');
  const draft = String(refused.headers['set-cookie']).split(';')[0];
  const back = await get('/jiameng/', { cookie: draft });
  t.match(back.body, '请填写正确的11位手机号');
  t.match(back.body, 'value="株洲"', 'the typed city is kept');
  t.match(back.body, 'value="房产中介"');

  const ok = await post({ name: '张先生', phone, city: '长沙', company: '房产中介', stores: '3' }, form);
  t.equal(ok.statusCode, 303);
  t.equal(ok.headers.location, '/jiameng/?ok=1');
  const done = await get('/jiameng/?ok=1');
  t.match(done.body, FRANCHISE_SAVED);
  t.same(saved(), [{ name: '张先生', phone, city: '长沙', company: '房产中介', stores: 3 }]);

  const again = await post({ name: '张先生', phone, city: '长沙' });
  t.equal(again.statusCode, 200, 'a duplicate is no error');
  t.equal(again.json().message, FRANCHISE_DUPLICATE);
  t.equal(saved().length, 1, 'saved once');

  const cross = await post({ name: '李女士', phone: '13811112222', city: '长沙' }, { ...json, origin: 'http://evil.example' });
  t.equal(cross.statusCode, 403, 'a cross-site post is refused');
});

t.test('the investment-attraction form saves the enquiry', async (t) => {
  const r = await portal.app.inject({
    method: 'POST',
    url: '/-/broker/zhaoshang',
    headers: json,
    payload: { name: '赵总', phone: '13922223333', company: '湘江置业', intention: '城市合伙人' },
  });
  t.equal(r.statusCode, 200);
  t.same(backendRows(backend, 'SELECT name, company, intention FROM investment WHERE phone = ?', '13922223333'), [
    { name: '赵总', company: '湘江置业', intention: '城市合伙人' },
  ]);
});

// ---------- limits (issue 33): the registry's real values ----------

const limits = readRegistry().site.rateLimits;
const limitOf = (name: string) => (limits[name] as RateLimitRule).max;
let nextAddress = 10;
/** A client address of its own, so one test's posts never count towards another's per-address window. */
const newAddress = () => `10.9.0.${nextAddress++}`;
const signUp = (url: string, fields: Record<string, string | string[]>, remoteAddress: string) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  return portal.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { ...form, accept: 'application/json' },
    payload: body.toString(),
  });
};

t.test('franchise sign-ups: one phone however typed counts once per post; over the per-phone limit is 429', async (t) => {
  const max = limitOf('franchise-phone');
  const typed = ['13766667777', ' 13766667777', '\t13766667777', '137 6666 7777', '137-6666-7777', '13766667777\n'];
  for (let i = 0; i < max; i++) {
    const r = await signUp('/-/broker/jiameng', { name: '钱先生', phone: typed[i % typed.length] as string, city: '长沙' }, newAddress());
    t.equal(r.statusCode, 200, `application ${i + 1} (${JSON.stringify(typed[i % typed.length])})`);
  }
  for (const phone of typed) {
    const over = await signUp('/-/broker/jiameng', { name: '钱先生', phone, city: '长沙' }, newAddress());
    t.equal(over.statusCode, 429, `over the limit: ${JSON.stringify(phone)}`);
    t.ok(Number(over.headers['retry-after']) > 0, 'Retry-After');
  }
  const other = await signUp('/-/broker/zhaoshang', { name: '钱先生', phone: '\t137 6666 7777 ' }, newAddress());
  t.equal(other.statusCode, 429, 'the investment form counts towards the same phone');
  t.equal(other.json().message, `该手机号提交太频繁了，每小时最多提交${max}次，请稍后再试`);
  t.equal(backendRows(backend, 'SELECT COUNT(*) AS n FROM franchise_apply WHERE phone = ?', '13766667777')[0]?.n, 1, 'saved once');
});

t.test('a repeated phone field is refused, and counts towards no phone', async (t) => {
  const twice = await signUp('/-/broker/jiameng', { name: '孙女士', phone: ['13755556666', '13755557777'], city: '长沙' }, newAddress());
  t.equal(twice.statusCode, 400);
  t.equal(twice.json().field, 'phone');
  const same = await signUp('/-/broker/zhaoshang', { name: '孙女士', phone: ['13755556666', '13755556666'] }, newAddress());
  t.equal(same.statusCode, 400, 'the same phone twice too');
  t.same(backendRows(backend, 'SELECT phone FROM franchise_apply WHERE phone IN (?, ?)', '13755556666', '13755557777'), []);
  for (let i = 0; i < limitOf('franchise-phone'); i++) {
    const r = await signUp('/-/broker/zhaoshang', { name: '孙女士', phone: '13755556666' }, newAddress());
    t.equal(r.statusCode, 200, `enquiry ${i + 1}: the refused posts took nothing from the phone's window`);
  }
});

t.test('a burst of sign-ups from one address meets the per-address limit', async (t) => {
  const address = newAddress();
  const max = limitOf('franchise-ip');
  for (let i = 0; i < max; i++) {
    const r = await signUp('/-/broker/zhaoshang', { name: '周总', phone: `1365555${String(i).padStart(4, '0')}` }, address);
    if (r.statusCode !== 200) t.fail(`enquiry ${i + 1}: ${r.statusCode}`);
  }
  const over = await signUp('/-/broker/jiameng', { name: '周总', phone: '13655559999', city: '长沙' }, address);
  t.equal(over.statusCode, 429);
  const form429 = await portal.app.inject({
    method: 'POST',
    url: '/-/broker/jiameng',
    remoteAddress: address,
    headers: form,
    payload: new URLSearchParams({ name: '周总', phone: '13655559998', city: '长沙' }).toString(),
  });
  t.equal(form429.statusCode, 303, 'a plain form post over the limit goes back to its form');
  const shown = await portal.app.inject({
    url: form429.headers.location as string,
    headers: { cookie: form429.cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
  });
  t.match(shown.body, '提交太频繁了，每小时最多提交20次，请稍后再试', 'which says why, with what was typed kept');
  t.match(shown.body, '13655559998');
  const elsewhere = await signUp('/-/broker/jiameng', { name: '周总', phone: '13655559999', city: '长沙' }, newAddress());
  t.equal(elsewhere.statusCode, 200, 'another address has a window of its own');
});

t.test('a burst of reviews from one member meets the review limit', async (t) => {
  const m = await registerMember(backend, '13912340199', '连评会员');
  const c = portal.memberCookie({ uid: m.uid, userId: m.userId, phone: m.phone, nickName: m.nickName });
  const max = limitOf('review');
  const statuses: number[] = [];
  for (let i = 0; i < max; i++) statuses.push((await review(good, { cookie: c })).statusCode);
  t.same(statuses, [200, ...Array(max - 1).fill(409)], 'one saved, the rest refused as the second of the month');
  const over = await review(good, { cookie: c });
  t.equal(over.statusCode, 429);
  t.ok(Number(over.headers['retry-after']) > 0, 'Retry-After');
});
