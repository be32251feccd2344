import t from 'tap';
import { backendRows, formPost, memberPortal } from '../member/helpers.ts';

/**
 * Issue 37 part 4: a member's compare list is kept on the gateway through the action road (same-origin, member-only,
 * rate-limited): up to four homes of one kind; a fifth and another kind are refused in Chinese with 409; a visitor is
 * sent to log in; a plain form post goes to the comparison; the browser's list joins the member's at login.
 */

const { app, backend, cookie, member } = await memberPortal(t, '13837370001', '对比的人');
const sale = backendRows(backend, 'SELECT id FROM listing WHERE city_id = 1 AND house_type = 11 AND status = 1 ORDER BY id LIMIT 6').map(
  (r) => r.id as number,
);
const rent = backendRows(backend, 'SELECT id FROM listing WHERE city_id = 1 AND house_type = 12 AND status = 1 ORDER BY id LIMIT 1')[0]
  .id as number;
const stored = () =>
  backendRows(backend, 'SELECT kind, house_id FROM compare_item WHERE member_id = ? ORDER BY position', member.uid).map(
    (r) => `${r.kind}:${r.house_id}`,
  );
const json = (url: string, payload: unknown, withCookie = cookie) =>
  app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      origin: 'http://localhost',
      host: 'localhost',
      ...(withCookie ? { cookie: withCookie } : {}),
    },
  });

t.test('four of one kind are kept in order; a fifth is refused with 409 and a Chinese message; nothing more is saved', async (t) => {
  for (const [i, id] of sale.slice(0, 4).entries()) {
    const r = await json('/-/compare/add', { item: `ershoufang:${id}` });
    t.equal(r.statusCode, 200);
    t.same(r.json().obj, { kind: 'ershoufang', ids: sale.slice(0, i + 1) });
    t.equal(r.json().message, `已加入对比（${i + 1}/4）`);
  }
  const again = await json('/-/compare/add', { item: `ershoufang:${sale[0]}` });
  t.equal(again.statusCode, 200, 'adding one already there changes nothing');
  const fifth = await json('/-/compare/add', { item: `ershoufang:${sale[4]}` });
  t.equal(fifth.statusCode, 409);
  t.equal(fifth.json().message, '最多同时对比4套二手房，请先移除一套再添加');
  t.equal(fifth.json().field, 'item');
  t.same(
    stored(),
    sale.slice(0, 4).map((id) => `ershoufang:${id}`),
  );
});

t.test('another kind is refused with 409 saying why; a plain form post goes to the comparison with a notice', async (t) => {
  const mixed = await json('/-/compare/add', { item: `zufang:${rent}` });
  t.equal(mixed.statusCode, 409);
  t.match(mixed.json().message, /对比栏里是二手房，租房不能和二手房放在一起对比/);
  const form = await formPost(app, '/-/compare/add', { item: `zufang:${rent}` }, cookie);
  t.equal(form.statusCode, 303);
  t.equal(form.headers.location, `/duibi?type=ershoufang&ids=${sale.slice(0, 4).join(',')}&notice=kind-zufang`);
});

t.test('remove and clear answer the list; a plain remove goes to the comparison without it', async (t) => {
  const r = await formPost(app, '/-/compare/remove', { item: `ershoufang:${sale[0]}` }, cookie);
  t.equal(r.statusCode, 303);
  t.equal(r.headers.location, `/duibi?type=ershoufang&ids=${sale.slice(1, 4).join(',')}`);
  const c = await json('/-/compare/clear', {});
  t.equal(c.statusCode, 200);
  t.same(c.json().obj, { kind: null, ids: [] });
  t.same(stored(), []);
});

t.test('new homes from the new-home list’s rows: a plain form post each, then the comparison of the estates', async (t) => {
  const estates = backendRows(backend, 'SELECT id FROM loupan WHERE city_id = 1 ORDER BY id LIMIT 2').map((r) => r.id as number);
  for (const [i, id] of estates.entries()) {
    const r = await formPost(app, '/-/compare/add', { item: `xinfang:${id}` }, cookie);
    t.equal(r.statusCode, 303);
    t.equal(r.headers.location, `/duibi?type=xinfang&ids=${estates.slice(0, i + 1).join(',')}`);
  }
  t.same(
    stored(),
    estates.map((id) => `xinfang:${id}`),
  );
  t.equal((await json('/-/compare/clear', {})).statusCode, 200);
});

t.test('bad input is 400 in Chinese; an unknown home is 404; a visitor is sent to log in; another site is 403', async (t) => {
  const bad = await json('/-/compare/add', { item: 'villa:1' });
  t.equal(bad.statusCode, 400);
  t.equal(bad.json().message, '对比房源不正确');
  const none = await json('/-/compare/add', {});
  t.equal(none.statusCode, 400);
  t.equal(none.json().message, '请选择要对比的房源');
  const gone = await json('/-/compare/add', { item: 'ershoufang:2147483000' });
  t.equal(gone.statusCode, 404);
  t.equal(gone.json().message, '房源不存在或已下架');
  const visitor = await json('/-/compare/add', { item: `ershoufang:${sale[0]}` }, '');
  t.equal(visitor.statusCode, 401);
  t.match(visitor.json().login, /^\/login\?bUrl=/);
  const plainVisitor = await formPost(app, '/-/compare/add', { item: `ershoufang:${sale[0]}` });
  t.equal(plainVisitor.statusCode, 303);
  t.match(plainVisitor.headers.location, /^\/login\?bUrl=/);
  const cross = await app.inject({
    method: 'POST',
    url: '/-/compare/add',
    payload: JSON.stringify({ item: `ershoufang:${sale[0]}` }),
    headers: { 'content-type': 'application/json', accept: 'application/json', origin: 'http://evil.example', host: 'localhost', cookie },
  });
  t.equal(cross.statusCode, 403);
  t.same(stored(), [], 'nothing was saved');
});

t.test('on login the browser’s list joins the member’s: same kind up to four, the rest counted as dropped', async (t) => {
  await json('/-/compare/add', { item: `ershoufang:${sale[0]}` });
  await json('/-/compare/add', { item: `ershoufang:${sale[1]}` });
  const m = await json('/-/compare/merge', { kind: 'ershoufang', ids: [sale[1], sale[2], sale[3], sale[4]] });
  t.equal(m.statusCode, 200);
  t.same(m.json().obj, { kind: 'ershoufang', ids: sale.slice(0, 4), dropped: 1 });
  t.match(m.json().message, /有1套房源未能加入对比/);
  const other = await json('/-/compare/merge', { kind: 'zufang', ids: [rent] });
  t.same(other.json().obj, { kind: 'ershoufang', ids: sale.slice(0, 4), dropped: 1 }, 'another kind keeps the member’s list');
  const empty = await json('/-/compare/merge', {});
  t.same(empty.json().obj, { kind: 'ershoufang', ids: sale.slice(0, 4), dropped: 0 }, 'an empty browser list reads the member’s');
  const tooMany = await json('/-/compare/merge', { kind: 'ershoufang', ids: sale.slice(0, 5) });
  t.equal(tooMany.statusCode, 400);
  t.equal(tooMany.json().message, '最多同时对比4套房源');
});

t.test('the limit compare-write: past it 429 with its message', async (t) => {
  let last = await json('/-/compare/clear', {});
  for (let i = 0; i < 70 && last.statusCode !== 429; i++) last = await json('/-/compare/clear', {});
  t.equal(last.statusCode, 429);
  t.match(last.json().message, /操作太频繁了/);
});
