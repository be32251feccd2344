import path from 'node:path';
import t from 'tap';
import { FEATURED_XIAOQU } from '../../src/backend/seed/index.ts';
import Database from '../../src/backend/sqlite-driver.ts';
import type { SuggestAnswer } from '../../src/contracts/page-data/search.ts';
import { buildAppOverBackend } from '../helpers/build.ts';

/** Issue 14, SPEC 7.6: suggestions while typing, by Chinese text, full pinyin and initials, grouped by kind. */

const logLines: string[] = [];
const { app, backend } = await buildAppOverBackend(t, { logLines });
const db = new Database(path.join(backend.dataDir, 'portal.db'), { readonly: true });
t.teardown(() => db.close());

const suggest = async (q: string, host = 'localhost') => {
  const res = await app.inject({ url: `/-/suggest?q=${encodeURIComponent(q)}`, headers: { host } });
  return { res, body: res.json() as SuggestAnswer };
};
const group = (a: SuggestAnswer, kind: string) => a.groups.find((g) => g.kind === kind);

t.test('the seed has the example community 时代苑 in 长沙, with listings', async (t) => {
  const xq = db.prepare('SELECT id, city_id, ershoucount + zufangcount AS n FROM xiaoqu WHERE name = ?').all(FEATURED_XIAOQU) as Array<{
    id: number;
    city_id: number;
    n: number;
  }>;
  t.equal(xq.length, 1, 'exactly one');
  t.equal(xq[0].city_id, 1);
  t.ok(xq[0].n > 0, 'it has listings');
  t.ok((db.prepare('SELECT COUNT(*) FROM listing WHERE xiaoqu_id = ?').pluck().get(xq[0].id) as number) > 0);
});

t.test('sdy, shidaiyuan and 时代苑 find 时代苑 first among the communities, in any letter case', async (t) => {
  const id = db.prepare('SELECT id FROM xiaoqu WHERE name = ?').pluck().get(FEATURED_XIAOQU);
  for (const q of ['sdy', 'shidaiyuan', '时代苑', 'SDY', 'ShiDaiYuan', 'Sdy', '时dai']) {
    const { res, body } = await suggest(q);
    t.equal(res.statusCode, 200, q);
    const xq = group(body, 'xiaoqu');
    t.ok(xq, `${q}: a community group`);
    t.equal(xq?.items[0]?.title, FEATURED_XIAOQU, `${q}: 时代苑 first`);
    t.equal(xq?.items[0]?.url, `/xiaoqu/${id}.html`, `${q}: its detail page`);
  }
});

t.test('a Chinese word finds the places whose name contains it, every one counted', async (t) => {
  const names = db.prepare("SELECT name FROM xiaoqu WHERE city_id = 1 AND name LIKE '%花园%'").pluck().all() as string[];
  t.ok(names.length > 0);
  const { body } = await suggest('花园');
  const xq = group(body, 'xiaoqu');
  t.equal(xq?.total, names.length, 'the count is every community named 花园');
  t.ok((xq?.items.length ?? 0) <= 5, 'the first five are listed');
  t.ok(xq?.items.every((i) => i.title.includes('花园')));
  t.equal(xq?.label, '小区');
  t.equal(xq?.more, `/xiaoqu/?keyword=${encodeURIComponent('花园')}`);
});

t.test('suggestions are grouped by kind: districts and shop areas, metro stations, stores, estates, schools', async (t) => {
  const region = db.prepare('SELECT name FROM region WHERE city_id = 1 ORDER BY sort LIMIT 1').pluck().get() as string;
  const area = group((await suggest(region)).body, 'area');
  t.equal(area?.items[0]?.title, region, `${region} is a district`);
  t.match(area?.items[0]?.url, /^\/ershoufang\/\?regionId=\d+$/);
  const station = db.prepare('SELECT name FROM station WHERE city_id = 1 ORDER BY id LIMIT 1').pluck().get() as string;
  const st = group((await suggest(station)).body, 'station');
  t.ok(
    st?.items.some((i) => i.title === `${station}站`),
    `${station} is a metro station`,
  );
  const store = db.prepare('SELECT id, name FROM store WHERE city_id = 1 ORDER BY id LIMIT 1').get() as { id: number; name: string };
  const sg = group((await suggest(store.name)).body, 'store');
  t.ok(
    sg?.items.some((i) => i.url === `/mendian/${store.id}.html`),
    'a store leads to its page',
  );
  const lp = db.prepare('SELECT id, name FROM loupan WHERE city_id = 1 ORDER BY hot DESC LIMIT 1').get() as { id: number; name: string };
  const lg = group((await suggest(lp.name)).body, 'loupan');
  t.equal(lg?.items[0]?.url, `/xinfang/${lp.id}.html`, 'an estate leads to its new-home page');
  const school = db.prepare('SELECT id, name FROM school WHERE city_id = 1 ORDER BY id LIMIT 1').get() as { id: number; name: string };
  const sc = group((await suggest(school.name)).body, 'school');
  t.ok(
    sc?.items.some((i) => i.url === `/school/${school.id}.html`),
    'a school leads to its page',
  );
  const order = (await suggest('x')).body.groups.map((g) => g.kind);
  t.same(
    order,
    ['xiaoqu', 'loupan', 'area', 'school', 'station', 'store'].filter((k) => (order as string[]).includes(k)),
    'groups in a fixed order',
  );
  t.equal(
    (await suggest('x')).body.total,
    (await suggest('x')).body.groups.reduce((n, g) => n + g.total, 0),
    'the total is the sum of the groups',
  );
});

t.test('suggestions are per city: 时代苑 is not a community of 武汉', async (t) => {
  const { body } = await suggest('shidaiyuan', 'wh.localhost');
  t.notOk(group(body, 'xiaoqu')?.items.some((i) => i.title === FEATURED_XIAOQU));
});

t.test('the answer is public and short-lived; an empty or unmatched keyword answers an empty list', async (t) => {
  const { res } = await suggest('sdy');
  t.match(res.headers['cache-control'], /public, max-age=60/);
  t.match(res.headers['content-type'], /application\/json/);
  t.same((await suggest('')).body, { keyword: '', total: 0, groups: [] });
  const none = (await suggest('火星基地')).body;
  t.equal(none.total, 0);
  t.same(none.groups, []);
});

t.test('a hostile keyword is answered as data and logged with hasXss (SPEC 5)', async (t) => {
  logLines.length = 0;
  const { res, body } = await suggest('<script>alert(1)</script>');
  t.equal(res.statusCode, 200, 'not blocked');
  t.equal(body.keyword, '<script>alert(1)</script>', 'JSON carries it as a string');
  const flagged = logLines.map((l) => JSON.parse(l)).find((l) => l.hasXss === true);
  t.ok(flagged, 'logged');
  t.equal(flagged?.path, '/-/suggest');
});
