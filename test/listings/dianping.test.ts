/**
 * POST /-/action/dianping (SPEC 7.7 api/yhdianping/adddianping): the rating form of /xinfang/pjguwen. Members only;
 * the body is checked by JSON schema; what is saved is read back from the embedded backend's database.
 */
import t from 'tap';
import { DIANPING_ERRORS, DIANPING_SAVED } from '../../src/lib/dianping.ts';
import { startTestBackend } from '../helpers/backend.ts';
import { buildTestApp } from '../helpers/build.ts';
import { backendRows, registerMember } from './helpers.ts';

const backend = await startTestBackend();
const logLines: string[] = [];
const portal = await buildTestApp({ gatewayUrl: backend.url, logLines });
t.teardown(async () => {
  await portal.close();
  await backend.close();
});

const member = await registerMember(backend, '13912340002', '看房小李');
const cookie = portal.memberCookie({ uid: member.uid, userId: member.userId, phone: member.phone, nickName: member.nickName });
const belongerId = Number(backendRows(backend, 'SELECT id FROM belonger WHERE city_id = 1 ORDER BY id LIMIT 1')[0]?.id);
const houseId = Number(backendRows(backend, 'SELECT id FROM loupan WHERE city_id = 1 ORDER BY id LIMIT 1')[0]?.id);
const page = `/xinfang/pjguwen/${belongerId}`;

const json = { 'content-type': 'application/json', accept: 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };
const post = (payload: unknown, headers: Record<string, string> = {}) =>
  portal.app.inject({ method: 'POST', url: '/-/action/dianping', headers: { ...json, ...headers }, payload: payload as object });
const saved = () =>
  backendRows(backend, 'SELECT belonger_id, loupan_id, member_id, nick_name, score, content FROM dianping WHERE member_id = ?', member.uid);

t.test('a visitor is refused: 401 for fetch, the login page for a form post; nothing saved', async (t) => {
  const r = await post({ belongerId, score: 5, content: '服务很专业，讲解细致' });
  t.equal(r.statusCode, 401);
  t.match(r.json(), { status: 401, message: '请先登录' });
  const f = await portal.app.inject({
    method: 'POST',
    url: '/-/action/dianping',
    headers: form,
    payload: `belongerId=${belongerId}&score=5&content=${encodeURIComponent('不错')}&back=${encodeURIComponent(page)}`,
  });
  t.equal(f.statusCode, 303);
  t.equal(f.headers.location, `/login?bUrl=${encodeURIComponent(page)}`);
  const forged = await post(
    { belongerId, score: 5, content: '伪造的登录' },
    { cookie: `userInfo=${encodeURIComponent(JSON.stringify({ uid: member.uid }))}` },
  );
  t.equal(forged.statusCode, 401, 'an unsigned cookie is no login');
  const other = await post({ belongerId, score: 5, content: '跨站提交' }, { cookie, origin: 'http://evil.example' });
  t.equal(other.statusCode, 403, 'a cross-site post is refused');
  t.same(saved(), []);
});

t.test('bad input is 400 with a message the form shows; nothing saved; the refusal is logged', async (t) => {
  const cases: Array<[unknown, string]> = [
    [{ belongerId, score: 6, content: '评分超出范围' }, DIANPING_ERRORS.score],
    [{ belongerId, score: 0, content: '评分超出范围' }, DIANPING_ERRORS.score],
    [{ belongerId, score: 'x', content: '评分不是数字' }, DIANPING_ERRORS.score],
    [{ belongerId, content: '没有评分' }, DIANPING_ERRORS.score],
    [{ belongerId, score: 4, content: '好' }, DIANPING_ERRORS.content],
    [{ belongerId, score: 4, content: '    ' }, DIANPING_ERRORS.content],
    [{ belongerId, score: 4, content: '很'.repeat(301) }, DIANPING_ERRORS.content],
    [{ belongerId, score: 4 }, DIANPING_ERRORS.content],
    [{ score: 4, content: '评价谁呢' }, DIANPING_ERRORS.target],
    [{ belongerId: 'abc', score: 4, content: '顾问编号不对' }, DIANPING_ERRORS.target],
  ];
  for (const [payload, message] of cases) {
    const r = await post(payload, { cookie });
    t.equal(r.statusCode, 400, JSON.stringify(payload).slice(0, 60));
    t.match(r.json(), { status: 400, message });
  }
  const f = await portal.app.inject({
    method: 'POST',
    url: '/-/action/dianping',
    headers: { ...form, cookie },
    payload: `belongerId=${belongerId}&score=5&content=${encodeURIComponent('好')}&back=${encodeURIComponent(page)}`,
  });
  t.equal(f.statusCode, 303, 'a form post goes back to the form');
  t.equal(f.headers.location, `${page}?error=content`);
  const shown = await portal.app.inject({ url: f.headers.location as string, headers: { cookie } });
  t.match(shown.body, DIANPING_ERRORS.content, 'the form says what is wrong');
  const unknown = await post({ belongerId: 99999999, score: 5, content: '这个顾问不存在' }, { cookie });
  t.equal(unknown.statusCode, 404);
  t.same(unknown.json(), { status: 404, message: '经纪人不存在' });
  t.same(saved(), []);
  t.ok(
    logLines.some((l) => l.includes('"msg":"action refused"') && l.includes('"action":"dianping"') && l.includes('"status":400')),
    'a log line for the rejected body',
  );
  t.ok(
    logLines.some((l) => l.includes('"msg":"action refused by the gateway"') && l.includes('"statusCode":404')),
    'a log line for the gateway refusal',
  );
});

t.test('a member rates an adviser: saved in the backend, shown on the adviser’s page', async (t) => {
  const r = await post({ belongerId, houseId, score: 4, content: '  讲解很细致，带看准时  ' }, { cookie });
  t.equal(r.statusCode, 200);
  t.match(r.json(), { status: 200, message: DIANPING_SAVED, obj: { id: Number } });
  t.same(saved(), [
    {
      belonger_id: belongerId,
      loupan_id: houseId,
      member_id: member.uid,
      nick_name: '看房小李',
      score: 4,
      content: '讲解很细致，带看准时',
    },
  ]);
  // Issue 33: one review of an adviser by a member in 30 days, whatever the form.
  const again = await post({ belongerId, score: 1, content: '再来一条一星差评' }, { cookie });
  t.equal(again.statusCode, 409);
  t.equal(again.json().message, DIANPING_ERRORS.again);
  const againForm = await portal.app.inject({
    method: 'POST',
    url: '/-/action/dianping',
    headers: { ...form, cookie },
    payload: `belongerId=${belongerId}&score=1&content=${encodeURIComponent('又一条一星差评')}&back=${encodeURIComponent(page)}`,
  });
  t.equal(againForm.statusCode, 303);
  t.equal(againForm.headers.location, `${page}?error=again`, 'the form comes back with the reason');
  t.equal(saved().length, 1, 'nothing more saved');
  t.match(
    (await portal.app.inject({ url: `${page}?error=again`, headers: { cookie } })).body,
    DIANPING_ERRORS.again,
    'and the page says why',
  );
  const second = await registerMember(backend, '13912340003', '看房小王');
  const secondCookie = portal.memberCookie({ uid: second.uid, userId: second.userId, phone: second.phone, nickName: second.nickName });
  const f = await portal.app.inject({
    method: 'POST',
    url: '/-/action/dianping',
    headers: { ...form, cookie: secondCookie },
    payload: `belongerId=${belongerId}&score=5&content=${encodeURIComponent('回复快，很耐心')}&back=${encodeURIComponent(page)}`,
  });
  t.equal(f.statusCode, 303);
  t.equal(f.headers.location, `${page}?notice=rated`);
  const shown = await portal.app.inject({ url: f.headers.location as string, headers: { cookie: secondCookie } });
  t.equal(shown.statusCode, 200);
  t.match(shown.body, DIANPING_SAVED, 'the success notice');
  t.match(shown.body, '回复快，很耐心');
  t.match(shown.body, '讲解很细致，带看准时');
  const visitor = await portal.app.inject({ url: page });
  t.match(visitor.body, '讲解很细致，带看准时', 'everyone sees the rating');
  t.notMatch(visitor.body, 'action="/-/action/dianping"', 'a visitor gets the login link instead of the form');
});
