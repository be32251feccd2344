/**
 * Campaigns (issue 19; SPEC 2.1, 2.4, 7.8): /newActivity/* lists the city's activities by state or kind with pages and
 * one activity by `{id}.html` (404 for malformed tails and unknown ids); /grouproom shows the upcoming group viewings by
 * estate with seats left, takes a phone sign-up once, closes and refuses full sessions and prefills a member's phone;
 * /adver shows the promoted estates and listings, each marked 广告 and linking to its detail, clicks recorded.
 */
import t from 'tap';
import { ACTIVITY_KIND_NAMES } from '../../src/lib/activity.ts';
import { assertNotFoundScreens, backendRows, canonical, portalOverBackend, relLink, title } from '../listings/helpers.ts';

const { portal, backend, get } = await portalOverBackend(t);
const app = portal.app;
const now = () => new Date(Date.now() + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
const n = (sql: string, ...args: unknown[]) => (backendRows(backend, sql, ...args)[0] as { n: number }).n;
const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
  });
const itemLinks = (html: string) =>
  [...html.matchAll(/class="cp-li__link" href="([^"]+)"|href="([^"]+)" class="cp-li__link"/g)].map((m) => m[1] ?? m[2]);

t.test('/newActivity/ lists the city activities, running first, each linking to its /huodong page', async (t) => {
  const total = n('SELECT COUNT(*) AS n FROM activity WHERE city_id = 1');
  const r = await get('/newActivity/');
  t.equal(r.statusCode, 200);
  t.match(r.body, `data-testid="total">${total}<`);
  const links = itemLinks(r.body);
  t.equal(links.length, 10, 'ten a page');
  for (const href of links) t.match(href, /^\/huodong\/[a-z0-9]+\/\d+$/);
  const first = /\/huodong\/([a-z0-9]+)\/(\d+)$/.exec(links[0] as string) as RegExpExecArray;
  t.equal(
    n('SELECT COUNT(*) AS n FROM activity WHERE id = ? AND kind = ? AND city_id = 1 AND ends_at > ?', Number(first[2]), first[1], now()),
    1,
    'the first is a running activity of this city, of the kind its link names',
  );
  t.equal(canonical(r.body), 'http://localhost:3000/newActivity/');
  t.equal(relLink(r.body, 'next'), 'http://localhost:3000/newActivity/p2');
  t.match(r.body, '"@type":"ItemList"');
  const bare = await get('/newActivity');
  t.equal(bare.statusCode, 200, '/newActivity without the slash is the list too');
});

t.test('tabs: 进行中 and 已结束 by state, a kind tab, and pages through the tail', async (t) => {
  const running = n('SELECT COUNT(*) AS n FROM activity WHERE city_id = 1 AND ends_at > ? AND starts_at <= ?', now(), now());
  const ended = n('SELECT COUNT(*) AS n FROM activity WHERE city_id = 1 AND ends_at <= ?', now());
  const r1 = await get('/newActivity/jinxing/');
  t.match(r1.body, `data-testid="total">${running}<`);
  t.notMatch(r1.body, 'cp-li__state--ended', 'no ended activity among the running');
  t.match(title(r1.body), '进行中');
  const r2 = await get('/newActivity/jieshu/');
  t.match(r2.body, `data-testid="total">${ended}<`);
  t.match(r2.body, 'cp-li__state--ended');
  t.notMatch(r2.body, 'cp-li__state--running');
  const tj = await get('/newActivity/tejiafang/');
  t.match(tj.body, `data-testid="total">${n("SELECT COUNT(*) AS n FROM activity WHERE city_id = 1 AND kind = 'tejiafang'")}<`);
  t.match(title(tj.body), ACTIVITY_KIND_NAMES.tejiafang);
  for (const href of itemLinks(tj.body)) t.match(href, /^\/huodong\/tejiafang\//);
  const p2 = await get('/newActivity/p2');
  t.equal(p2.statusCode, 200);
  t.equal(canonical(p2.body), 'http://localhost:3000/newActivity/p2');
  t.equal(relLink(p2.body, 'prev'), 'http://localhost:3000/newActivity/');
  t.notSame(itemLinks(p2.body), itemLinks((await get('/newActivity/')).body), 'page 2 shows other activities');
});

t.test('malformed tails, pages past the end and unknown ids are the 404 screen', async (t) => {
  const [other] = backendRows(backend, 'SELECT id FROM activity WHERE city_id <> 1 LIMIT 1') as Array<{ id: number }>;
  await assertNotFoundScreens(t, get, [
    '/newActivity/abc',
    '/newActivity/p0',
    '/newActivity/p99',
    '/newActivity/jinxing/x',
    '/newActivity/jinxing/p2/p3',
    '/newActivity/99999999.html',
    '/newActivity/0.html',
    ...(other ? [`/newActivity/${other.id}.html`] : []),
  ]);
});

t.test('/newActivity/{id}.html summarises one activity and links to its landing page', async (t) => {
  const [a] = backendRows(
    backend,
    'SELECT id, kind, name FROM activity WHERE city_id = 1 AND ends_at > ? ORDER BY id LIMIT 1',
    now(),
  ) as Array<{
    id: number;
    kind: string;
    name: string;
  }>;
  const r = await get(`/newActivity/${a?.id}.html`);
  t.equal(r.statusCode, 200);
  t.match(r.body, `data-testid="activity-name">${a?.name}<`);
  t.match(r.body, new RegExp(`<a data-testid="activity-go" href="/huodong/${a?.kind}/${a?.id}"`));
  t.equal(canonical(r.body), `http://localhost:3000/newActivity/${a?.id}.html`);
});

type Session = { id: number; name: string; seats: number; taken: number };
const SESSIONS = `SELECT g.id, l.name, g.seats, (SELECT COUNT(*) FROM group_signup s WHERE s.session_id = g.id) AS taken
  FROM group_session g JOIN loupan l ON l.id = g.loupan_id WHERE g.city_id = 1 AND g.starts_at > ?`;
const open = () => (backendRows(backend, `${SESSIONS} ORDER BY g.starts_at`, now()) as Session[]).filter((s) => s.taken < s.seats);
const full = () => (backendRows(backend, SESSIONS, now()) as Session[]).filter((s) => s.taken >= s.seats);

t.test('/grouproom shows the upcoming sessions by estate with seats left; a full one is closed', async (t) => {
  const r = await get('/grouproom');
  t.equal(r.statusCode, 200);
  const upcoming = backendRows(backend, SESSIONS, now()) as Session[];
  t.ok(upcoming.length > 0, 'sessions are seeded');
  t.equal((r.body.match(/data-testid="group-session"/g) ?? []).length, upcoming.length, 'every upcoming session');
  for (const s of upcoming) {
    t.match(r.body, s.name, `the estate ${s.name}`);
    if (s.taken < s.seats) t.match(r.body, new RegExp(`id="session-${s.id}"[\\s\\S]*?剩余${s.seats - s.taken}座`), `seats left of ${s.id}`);
  }
  const f = full()[0];
  t.ok(f, 'a full session is seeded');
  const block = new RegExp(`id="session-${f?.id}"[\\s\\S]*?</li>`).exec(r.body)?.[0] ?? '';
  t.match(block, '已满员');
  t.match(block, 'data-testid="group-closed"');
  t.notMatch(block, '<form', 'no form on a full session');
  t.equal(canonical(r.body), 'http://localhost:3000/grouproom');
  t.match(r.body, '"@type":"Event"');
  t.equal((await get('/grouproom')).headers['x-cache'], 'HIT', 'cached for visitors');
});

t.test('a group sign-up is saved once, a full session refused, a bad phone 400', async (t) => {
  const s = open()[0] as Session;
  const phone = '13712340001';
  const ok = await postJson('/-/grouproom/signup', { sessionId: s.id, name: '陈先生', phone });
  t.equal(ok.statusCode, 200);
  t.match(ok.json(), { message: '报名成功，顾问将尽快与您联系', obj: { seatsLeft: s.seats - s.taken - 1 } });
  const again = await postJson('/-/grouproom/signup', { sessionId: s.id, name: '陈先生', phone });
  t.equal(again.statusCode, 200);
  t.match(again.json(), { message: '您已报名过本活动，无需重复提交，顾问将尽快与您联系', obj: { duplicate: true } });
  t.equal(n('SELECT COUNT(*) AS n FROM group_signup WHERE session_id = ? AND phone = ?', s.id, phone), 1, 'saved once');
  const f = full()[0] as Session;
  const refused = await postJson('/-/grouproom/signup', { sessionId: f.id, name: '陈先生', phone });
  t.equal(refused.statusCode, 409);
  t.match(refused.json(), { message: '本场看房团已满员，请选择其他场次' });
  t.equal(n('SELECT COUNT(*) AS n FROM group_signup WHERE session_id = ?', f.id), f.seats, 'no seat over the limit');
  const bad = await postJson('/-/grouproom/signup', { sessionId: s.id, name: '陈先生', phone: '110' });
  t.equal(bad.statusCode, 400);
  t.match(bad.json(), { message: '请输入正确的11位手机号' });
  const form = await app.inject({
    method: 'POST',
    url: '/-/grouproom/signup',
    payload: new URLSearchParams({ sessionId: String(f.id), name: '陈先生', phone: '13712340002', back: '/grouproom' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  t.equal(form.statusCode, 303);
  t.equal(form.headers.location, `/grouproom?signup=full&session=${f.id}#session-${f.id}`);
});

t.test("a member's group sign-up form is prefilled with their phone and saved with their id", async (t) => {
  const cookie = portal.memberCookie();
  const member = backendRows(backend, "SELECT uid, phone FROM member WHERE uid = 'u1001'")[0] as { uid: string; phone: string };
  const r = await get('/grouproom', { cookie });
  t.equal(r.statusCode, 200);
  t.not(r.headers['x-cache'], 'HIT', 'a member page is never from the cache');
  t.match(r.body, new RegExp(`name="phone"[^>]*value="${member.phone}"`), 'the phone is prefilled');
  const s = open()[1] as Session;
  const ok = await postJson('/-/grouproom/signup', { sessionId: s.id, name: '演示用户', phone: member.phone }, { cookie });
  t.equal(ok.statusCode, 200);
  t.equal(n('SELECT COUNT(*) AS n FROM group_signup WHERE session_id = ? AND member_id = ?', s.id, member.uid), 1);
});

t.test('/adver shows each promoted item marked 广告 with a link to its detail; a click is recorded', async (t) => {
  const promos = backendRows(backend, 'SELECT id, target_type AS type, target_id AS targetId FROM promotion WHERE city_id = 1') as Array<{
    id: number;
    type: string;
    targetId: number;
  }>;
  const r = await get('/adver');
  t.equal(r.statusCode, 200);
  t.equal((r.body.match(/data-testid="ad-item"/g) ?? []).length, promos.length, 'every promotion');
  t.equal((r.body.match(/class="ad-card__mark">广告</g) ?? []).length >= promos.length, true, 'each marked 广告');
  for (const p of promos) {
    const href = p.type === 'loupan' ? `/xinfang/${p.targetId}.html` : `/ershoufang/${p.targetId}.html`;
    t.match(r.body, `href="${href}"`, href);
    t.equal((await get(href)).statusCode, 200, `${href} is a real detail`);
  }
  t.match(r.body, '<meta name="robots" content="noindex, follow">');
  const p = promos[0] as { id: number; type: string; targetId: number };
  const before = n("SELECT COUNT(*) AS n FROM tracking_event WHERE kind = 'huodong' AND payload LIKE '%adClick%'");
  const click = await postJson('/-/adver/click', { promotionId: p.id, type: p.type, targetId: p.targetId });
  t.equal(click.statusCode, 204);
  // The forward is fire and forget: wait for the row.
  for (
    let i = 0;
    i < 50 && n("SELECT COUNT(*) AS n FROM tracking_event WHERE kind = 'huodong' AND payload LIKE '%adClick%'") === before;
    i++
  ) {
    await new Promise((res) => setTimeout(res, 20));
  }
  t.equal(n("SELECT COUNT(*) AS n FROM tracking_event WHERE kind = 'huodong' AND payload LIKE '%adClick%'"), before + 1);
  t.equal((await postJson('/-/adver/click', { promotionId: 'x', type: 'loupan', targetId: 1 })).statusCode, 400);
});
