import path from 'node:path';
import t from 'tap';
import { buildBackend } from '../../src/backend/app.ts';
import { segmentForIndex, segmentForQuery } from '../../src/backend/segment.ts';
import Database from '../../src/backend/sqlite-driver.ts';
import { seededDataDir } from '../helpers/backend.ts';

t.test('segmentation: Han runs become unigrams and bigrams, Latin words stay whole', async (t) => {
  t.equal(segmentForIndex('梅溪湖 A座3栋'), '梅 梅溪 溪 溪湖 湖 a 座 3 栋');
  t.equal(segmentForQuery('梅溪湖'), '"梅溪" AND "溪湖"');
  t.equal(segmentForQuery('湖'), '"湖"');
  t.equal(segmentForQuery('VR看房'), '"vr"* AND "看房"');
  t.equal(segmentForQuery('"*) OR ('), '"or"*', 'FTS syntax in a keyword is never passed through: words are quoted');
  t.equal(segmentForQuery('"*)(-'), null);
});

const dataDir = await seededDataDir();
const app = await buildBackend({ dataDir, logger: false });
t.teardown(() => app.close());
const db = new Database(path.join(dataDir, 'portal.db'), { readonly: true });
t.teardown(() => db.close());
const search = async (keyword: string, extra = '') =>
  (await app.inject(`/api/search?keyword=${encodeURIComponent(keyword)}&cityId=1${extra}`)).json().obj;

t.test('a two-character Chinese word finds the communities containing it (FTS5 trigram would not)', async (t) => {
  const names = db.prepare("SELECT name FROM xiaoqu WHERE city_id = 1 AND name LIKE '%花园%'").pluck().all() as string[];
  t.ok(names.length > 0, 'the data set has 花园 communities');
  const res = await search('花园', '&type=xiaoqu&limit=50');
  t.equal(res.groups.xiaoqu.total, names.length);
  t.ok(res.list.every((h: { title: string; subtitle: string }) => `${h.title}${h.subtitle}`.includes('花园')));
});

t.test('a full community name finds that community first', async (t) => {
  const name = db.prepare('SELECT name FROM xiaoqu WHERE city_id = 1 ORDER BY id LIMIT 1 OFFSET 7').pluck().get() as string;
  const res = await search(name, '&type=xiaoqu');
  t.ok(res.list.some((h: { title: string }) => h.title === name));
});

t.test('a region name finds listings of that region; a one-character keyword works', async (t) => {
  const res = await search('岳麓', '&houseType=11');
  t.ok(res.groups.ershoufang.total > 0);
  t.ok(
    res.groups.ershoufang.list.every(
      (h: { subtitle: string; title: string }) => `${h.subtitle}${h.title}`.includes('岳麓') || h.subtitle.startsWith('岳麓'),
    ),
  );
  t.ok((await search('湖')).total > 0);
});

t.test('estates are found by developer and name; search is per city', async (t) => {
  const lp = db.prepare('SELECT name FROM loupan WHERE city_id = 2 LIMIT 1').pluck().get() as string;
  const core = lp.split('·')[1];
  t.equal((await search(core, '&type=loupan')).list.filter((h: { title: string }) => h.title === lp).length, 0, 'not in 长沙');
  const wh = (await app.inject(`/api/search?keyword=${encodeURIComponent(core)}&cityId=2&newHouse=true`)).json().obj;
  t.ok(wh.list.some((h: { title: string; url: string }) => h.title === lp && /^\/xinfang\/\d+\.html$/.test(h.url)));
});

t.test('nothing found gives an empty result, not an error; odd input is harmless', async (t) => {
  t.equal((await search('火星基地')).total, 0);
  t.equal((await search('"*)')).total, 0);
  const res = await app.inject('/api/search?cityId=1');
  t.equal(res.statusCode, 400);
  t.match(res.json().message, /keyword/);
});

t.test('the list calls filter by keyword too', async (t) => {
  const r = await app.inject({ method: 'POST', url: '/api/house/search/findByCondition', payload: { cityId: 1, keyword: '精装' } });
  const page = r.json().obj;
  t.ok(page.totalElements > 0);
  t.ok(page.content.every((l: { title: string }) => l.title.includes('精装')));
  const x = (await app.inject({ method: 'POST', url: '/api/xiaoqu', payload: { cityId: 1, keyword: '花园' } })).json().obj;
  t.ok(
    x.content.every((i: { name: string; regionName: string; shopMapName: string }) =>
      `${i.name}${i.regionName}${i.shopMapName}`.includes('花园'),
    ),
  );
});

t.test('hot searches per type and city; a found keyword counts as a hit', async (t) => {
  const before = (await app.inject('/api/search/hotcommont/5/1?limit=50')).json().obj as Array<{ keyword: string; hits: number }>;
  await app.inject({ method: 'POST', url: '/api/search/common', payload: { keyword: '学区', cityId: 1 } });
  const after = (await app.inject('/api/search/hotcommont/5/1?limit=50')).json().obj as Array<{ keyword: string; hits: number }>;
  const hits = (l: typeof before) => l.find((k) => k.keyword === '学区')?.hits ?? 0;
  t.equal(hits(after), hits(before) + 1);
  t.ok(((await app.inject('/api/search/hotcommont/1/2')).json().obj as unknown[]).length === 10);
});
