/**
 * A school page whose secondary call fails still renders without that block, but is marked degraded and never kept by
 * the page cache (issue 11 point 3); a page whose own data fails is an error page, never cached.
 */
import t from 'tap';
import { startTestBackend } from '../helpers/backend.ts';
import { buildTestApp } from '../helpers/build.ts';
import { gatewayFailingPaths } from '../helpers/failing-paths.ts';

const backend = await startTestBackend();
/** Gateway paths that answer 500; everything else is the embedded backend's answer. */
const broken = new Set<string>();
const gateway = await gatewayFailingPaths(backend.url, broken);
const portal = await buildTestApp({ gatewayUrl: gateway.url });
t.teardown(async () => {
  await portal.close();
  await gateway.close();
  await backend.close();
});
const get = (url: string) => portal.app.inject(url);

const list = (await (
  await fetch(`${backend.url}/web/school/findLouPanSchoolByWeb`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cityId: 1, size: 1 }),
  })
).json()) as { obj: { content: Array<{ schoolId: number; name: string }> } };
const school = list.obj.content[0] as { schoolId: number; name: string };

t.test('through the proxy, with nothing broken, the detail is complete and cached', async (t) => {
  const a = await get(`/school/${school.schoolId}.html`);
  t.equal(a.statusCode, 200);
  t.match(a.body, '学区二手房');
  t.match(a.body, '完整排名');
  t.equal((await get(`/school/${school.schoolId}.html`)).headers['x-cache'], 'HIT');
});

t.test('a failing ranking call: the detail renders without its ranking, and is not cached', async (t) => {
  broken.add('/web/school/search');
  t.teardown(() => broken.clear());
  const a = await get(`/school/detail?id=${school.schoolId}`);
  t.equal(a.statusCode, 200);
  t.match(a.body, `>${school.name}</h1>`, 'the school is there');
  t.notMatch(a.body, '完整排名', 'the ranking block is left out');
  t.match(a.body, '学区二手房', 'the other blocks stay');
  const b = await get(`/school/detail?id=${school.schoolId}`);
  t.not(b.headers['x-cache'], 'HIT', 'a degraded page is not served from the cache');
  t.notMatch(b.body, '完整排名');

  const top = await get(`/school/schoolTop?id=${school.schoolId}`);
  t.ok(top.statusCode >= 500, `schoolTop, whose ranking is its content, is an error page (${top.statusCode})`);
  t.not((await get(`/school/schoolTop?id=${school.schoolId}`)).headers['x-cache'], 'HIT', 'and is not cached');
});

t.test('a failing listing search: the catchment listings are left out of the detail, not cached', async (t) => {
  broken.add('/api/house/search/findByCondition');
  t.teardown(() => broken.clear());
  const a = await get(`/school/header?id=${school.schoolId}`);
  t.equal(a.statusCode, 200, 'a page without listings is unaffected');
  const per = await get(`/school/periphery?id=${school.schoolId}`);
  t.equal(per.statusCode, 200);
  t.notMatch(per.body, '<span>学区二手房</span>', 'the listing counts are left out');
  t.match(per.body, '<span>周边新楼盘</span>', 'the rest stays');
  t.not((await get(`/school/periphery?id=${school.schoolId}`)).headers['x-cache'], 'HIT');
});

t.test('a failing school record is an error page, never cached', async (t) => {
  broken.add(`/api/school/findById/${school.schoolId}`);
  t.teardown(() => broken.clear());
  const a = await get(`/school/schoolInfor?id=${school.schoolId}`);
  t.ok(a.statusCode >= 500, `${a.statusCode}`);
  t.not((await get(`/school/schoolInfor?id=${school.schoolId}`)).headers['x-cache'], 'HIT');
});
