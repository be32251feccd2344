/**
 * Schools (issue 14 part B; SPEC 1, 2.1–2.4, 7.6, 9): /school/* with its path-code filters, /school/{id}.html and the
 * sub-pages that take the school as `?id=`, rendered over the embedded backend's seeded data as a phone user gets them.
 */
import t from 'tap';
import type { SchoolDetail, SchoolListItem } from '../../src/contracts/gateway/index.ts';
import {
  all,
  assertNotFoundScreens,
  assertRedirects,
  backendObj,
  canonical,
  description,
  ORIGIN,
  portalOverBackend,
  relLink,
  title,
  total,
} from '../listings/helpers.ts';

const { backend, get } = await portalOverBackend(t);

type Page<T> = { content: T[]; totalElements: number };
const search = (body: Record<string, unknown>) =>
  backendObj<Page<SchoolListItem>>(backend, '/web/school/findLouPanSchoolByWeb', { cityId: 1, size: 100, ...body });
const regions = await backendObj<Array<{ regionId: number; regionName: string; count: number }>>(
  backend,
  '/api/school/getSchoolRegionList/1',
);
const everySchool = await search({});
const yuelu = regions.find((r) => r.regionName === '岳麓区') as { regionId: number; regionName: string; count: number };

/** The school cards of a page, in order: link and name. */
const cards = (html: string) =>
  [...html.matchAll(/<a data-testid="school-card" href="(\/school\/\d+\.html)"[^>]*>.*?sch-card__name">([^<]*)</gs)].map((m) => ({
    href: m[1] as string,
    name: m[2] as string,
  }));
/** The JSON-LD objects of a page. */
/** An absolute link of the head as a browser reads it (`&amp;` is `&`). */
const href = (link: string | null) => link?.replaceAll('&amp;', '&') ?? null;
const jsonLd = (html: string) =>
  all(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g, html).map((s) => JSON.parse(s) as Record<string, unknown>);

t.test('/school/ lists every school of the city, 10 a page, in the ranking order, with rel next', async (t) => {
  const r = await get('/school/');
  t.equal(r.statusCode, 200);
  t.equal(title(r.body), '长沙学校_学区房_湘房网');
  t.equal(canonical(r.body), `${ORIGIN}/school/`);
  t.equal(total(r.body), everySchool.totalElements);
  t.same(
    cards(r.body).map((c) => c.name),
    everySchool.content.slice(0, 10).map((s) => s.name),
    'the first ten, best ranked first',
  );
  t.equal(relLink(r.body, 'next'), `${ORIGIN}/school/pg2/`);
  t.match(r.body, `href="/school/${everySchool.content[0]?.schoolId}.html"`, 'a card links to the canonical detail URL');
  for (const reg of regions) t.match(r.body, new RegExp(`${reg.regionName}<small>${reg.count}</small>`), `${reg.regionName}: its count`);
  t.match(r.body, '热门学校', 'the hot schools block');
  t.match(description(r.body), `共${everySchool.totalElements}所`);
  const ld = jsonLd(r.body);
  t.ok(
    ld.some((x) => x['@type'] === 'ItemList'),
    'ItemList JSON-LD',
  );
});

t.test('pagination: page 2 and the last page are URLs; past the last one is 404', async (t) => {
  const pages = Math.ceil(everySchool.totalElements / 10);
  t.ok(pages >= 3, `the demo city has ${pages} pages of schools`);
  const p2 = await get('/school/pg2/');
  t.equal(p2.statusCode, 200);
  t.match(title(p2.body), '_第2页_');
  t.equal(canonical(p2.body), `${ORIGIN}/school/pg2/`);
  t.equal(relLink(p2.body, 'prev'), `${ORIGIN}/school/`);
  t.same(
    cards(p2.body).map((c) => c.name),
    everySchool.content.slice(10, 20).map((s) => s.name),
  );
  const last = await get(`/school/pg${pages}/`);
  t.equal(last.statusCode, 200);
  t.equal(relLink(last.body, 'next'), null);
  t.equal((await get(`/school/pg${pages + 1}/`)).statusCode, 404);
});

t.test('each filter narrows the list to what it names, with its own canonical URL and title', async (t) => {
  const cases: Array<{ url: string; body: Record<string, unknown>; heading: RegExp; check: (s: SchoolListItem) => boolean }> = [
    { url: '/school/xiaoxue/', body: { level: '小学' }, heading: /^长沙小学_/, check: (s) => s.level === '小学' },
    { url: '/school/youeryuan/', body: { level: '幼儿园' }, heading: /^长沙幼儿园_/, check: (s) => s.level === '幼儿园' },
    { url: '/school/chuzhong/', body: { level: '初中' }, heading: /^长沙初中_/, check: (s) => s.level === '初中' },
    { url: '/school/xz1/', body: { nature: '公办' }, heading: /^长沙学校_公办_/, check: (s) => s.nature === '公办' },
    { url: '/school/xz2/', body: { nature: '民办' }, heading: /^长沙学校_民办_/, check: (s) => s.nature === '民办' },
    { url: '/school/zd1/', body: { keySchool: true }, heading: /^长沙学校_重点学校_/, check: (s) => s.keySchool },
    {
      url: '/school/yuelu/',
      body: { regionId: yuelu.regionId },
      heading: /^长沙岳麓区学校_/,
      check: (s) => s.regionName === '岳麓区',
    },
    {
      url: '/school/yuelu/xiaoxue/xz1/',
      body: { regionId: yuelu.regionId, level: '小学', nature: '公办' },
      heading: /^长沙岳麓区小学_公办_/,
      check: (s) => s.regionName === '岳麓区' && s.level === '小学' && s.nature === '公办',
    },
  ];
  for (const c of cases) {
    const expected = await search(c.body);
    t.ok(expected.content.every(c.check), `${c.url}: the gateway agrees`);
    const r = await get(c.url);
    t.equal(r.statusCode, 200, c.url);
    t.match(title(r.body), c.heading, `${c.url}: title`);
    t.equal(canonical(r.body), ORIGIN + c.url, `${c.url}: canonical`);
    t.equal(total(r.body), expected.totalElements, `${c.url}: count`);
    t.same(
      cards(r.body).map((x) => x.name),
      expected.content.slice(0, 10).map((s) => s.name),
      `${c.url}: the schools`,
    );
  }
  const key = await get('/school/zd1/');
  t.ok(
    (await search({ keySchool: true })).content.every((s) => s.tags.includes('省示范') || s.tags.includes('市重点')),
    'key schools are those tagged 省示范 or 市重点',
  );
  t.match(key.body, /class="sch-badge sch-badge--key">重点</, 'a key school shows its badge');
  const none = await get('/school/yuelu/jiunianzhi/xz2zd1/');
  t.equal(none.statusCode, 200, 'a filter without schools is an empty list, not an error');
});

t.test('filters as query parameters and non-canonical tails redirect (301) to the canonical path', async (t) => {
  await assertRedirects(t, get, [
    ['/school', '/school/'],
    ['/school/?level=小学', '/school/xiaoxue/'],
    ['/school/?level=xiaoxue&nature=公办&key=1', '/school/xiaoxue/xz1zd1/'],
    [`/school/?regionId=${yuelu.regionId}`, '/school/yuelu/'],
    ['/school/xiaoxue/?page=2', '/school/xiaoxue/pg2/'],
    ['/school/XiaoXue/', '/school/xiaoxue/'],
    ['/school/YUELU/xiaoxue', '/school/yuelu/xiaoxue/'],
    ['/school/pg1/', '/school/'],
    ['/school/zd1xz1/', '/school/xz1zd1/'],
  ]);
  const data = await get('/-/data/school/?level=初中');
  t.match(JSON.parse(data.body), { status: 301, redirect: '/school/chuzhong/' }, 'client navigation gets the same redirect');
});

t.test('an unknown or malformed tail is the 404 screen', async (t) => {
  await assertNotFoundScreens(t, get, [
    '/school/a1/',
    '/school/beijing/',
    '/school/xz3/',
    '/school/zd2/',
    '/school/xz1xz2/',
    '/school/xiaoxue/yuelu/',
    '/school/xiaoxue/xz1/pg2/',
    '/school/pg0/',
  ]);
});

// ---------- the school ----------

const first = everySchool.content[0] as SchoolListItem;
const school = await backendObj<SchoolDetail>(backend, `/api/school/findById/${first.schoolId}`);
const other = (await backendObj<Page<SchoolListItem>>(backend, '/web/school/findLouPanSchoolByWeb', { cityId: 2, size: 1 })).content[0];

t.test('/school/{id}.html: profile, rank, introduction, enrolment rules, catchment, canonical and JSON-LD', async (t) => {
  const r = await get(`/school/${school.schoolId}.html`);
  t.equal(r.statusCode, 200);
  t.match(title(r.body), new RegExp(`^${school.name}_${school.regionName}${school.nature}${school.level}`));
  t.equal(canonical(r.body), `${ORIGIN}/school/${school.schoolId}.html`);
  t.match(r.body, `data-testid="school-name">${school.name}</h1>`);
  t.match(
    r.body,
    new RegExp(`data-testid="school-rank"[^>]*>${school.regionName}${school.level}第${school.regionRank}名<`),
    'its rank in the district',
  );
  t.match(r.body, school.address);
  t.match(r.body, school.description.split('\n')[0] as string, 'the first paragraph of the introduction');
  for (const line of school.enrollRule.split('\n')) t.match(r.body, line.slice(line.indexOf('：') + 1), 'an enrolment rule');
  for (const x of school.xiaoquList) t.match(r.body, `href="/xiaoqu/${x.stressId}.html"`, `community ${x.name} links to its page`);
  const ld = jsonLd(r.body);
  const s = ld.find((x) => x['@type'] === 'School') as Record<string, unknown> | undefined;
  t.ok(s, 'School JSON-LD');
  t.match(s, { name: school.name, url: `${ORIGIN}/school/${school.schoolId}.html`, address: { streetAddress: school.address } });
  const crumbs = ld.find((x) => x['@type'] === 'BreadcrumbList') as { itemListElement: Array<{ name: string }> };
  t.same(crumbs.itemListElement.map((i) => i.name).slice(-1), [school.name]);
  const plain = await get(`/school/detail?id=${school.schoolId}`);
  t.equal(plain.statusCode, 200, '/school/detail?id= is the same page');
  t.equal(canonical(plain.body), `${ORIGIN}/school/${school.schoolId}.html`, 'with the .html canonical');
});

t.test('the detail shows the catchment listings the listing search finds for its communities', async (t) => {
  const stressIds = school.xiaoquList.map((x) => x.stressId);
  const secHand = await backendObj<Page<{ houseId: number; title: string }>>(backend, '/api/house/search/findByCondition', {
    cityId: 1,
    houseType: 11,
    stressIds,
    size: 3,
  });
  const r = await get(`/school/${school.schoolId}.html`);
  for (const l of secHand.content) t.match(r.body, `href="/ershoufang/${l.houseId}.html"`, `${l.title}`);
  if (secHand.totalElements > 3) t.match(r.body, `查看全部${secHand.totalElements}套`);
});

t.test('unknown, malformed and other-city ids are the 404 screen', async (t) => {
  await assertNotFoundScreens(t, get, [
    '/school/999999.html',
    '/school/0.html',
    '/school/012.html',
    '/school/detail',
    '/school/detail?id=abc',
    '/school/detail?id=99999999999',
    `/school/${other?.schoolId}.html`,
  ]);
  t.equal((await get(`/school/${other?.schoolId}.html`, { host: 'wh.localhost' })).statusCode, 200, 'on its own city it is found');
});

const SUB_PAGES = [
  'header',
  'schoolInfor',
  'periphery',
  'schoolTop',
  'aroundSecHand',
  'aroundRent',
  'aroundLouPan',
  'aroundSchool',
] as const;

t.test('every sub-page: 200 with its own canonical and title; 404 for unknown, malformed and missing ids', async (t) => {
  for (const p of SUB_PAGES) {
    const r = await get(`/school/${p}?id=${school.schoolId}`);
    t.equal(r.statusCode, 200, p);
    t.equal(href(canonical(r.body)), `${ORIGIN}/school/${p}?id=${school.schoolId}`, `${p}: canonical`);
    t.match(title(r.body), new RegExp(`^${school.name}`), `${p}: title names the school`);
    t.ok(
      jsonLd(r.body).some((x) => x['@type'] === 'BreadcrumbList'),
      `${p}: breadcrumbs`,
    );
    await assertNotFoundScreens(t, get, [`/school/${p}?id=999999`, `/school/${p}?id=1x`, `/school/${p}`]);
  }
});

t.test('schoolInfor: every paragraph of the introduction, the rules and the catchment communities', async (t) => {
  const r = await get(`/school/schoolInfor?id=${school.schoolId}`);
  for (const p of school.description.split('\n')) t.match(r.body, `<p>${p}</p>`);
  t.match(r.body, '招生政策');
  for (const x of school.xiaoquList) t.match(r.body, `>${x.name}</span>`);
  t.ok(
    jsonLd(r.body).some((x) => x['@type'] === 'School'),
    'School JSON-LD',
  );
});

t.test('header: the school card and the hot schools of the city', async (t) => {
  const hot = await backendObj<Array<{ schoolId: number; name: string }>>(backend, '/api/school/getHotSearch/1');
  const r = await get(`/school/header?id=${school.schoolId}`);
  t.match(r.body, `data-testid="school-name">${school.name}</h1>`);
  t.match(r.body, '大家都在搜');
  for (const h of hot.filter((x) => x.schoolId !== school.schoolId)) t.match(r.body, `href="/school/${h.schoolId}.html"`);
});

t.test('schoolTop: the district ranking of its level, in order, this school marked', async (t) => {
  const ranking = await search({ regionId: school.regionId, level: school.level, size: 50 });
  const r = await get(`/school/schoolTop?id=${school.schoolId}`);
  t.match(title(r.body), `${school.regionName}${school.level}排名`);
  const rows = [...r.body.matchAll(/sch-rank__no[^"]*">(\d+)<\/span><span class="sch-rank__name">([^<]*)</g)].map((m) => [
    Number(m[1]),
    m[2],
  ]);
  t.same(
    rows,
    ranking.content.map((s, i) => [i + 1, s.name]),
    'ranks 1..n in the gateway order',
  );
  t.match(
    r.body,
    new RegExp(`<li class="is-current"><a data-testid="rank-row" href="/school/${school.schoolId}.html"`),
    'this school is marked',
  );
});

t.test('aroundSecHand and aroundRent: the catchment listings, 10 a page, page links with ?page=', async (t) => {
  const stressIds = school.xiaoquList.map((x) => x.stressId);
  for (const [p, houseType, kind] of [
    ['aroundSecHand', 11, 'ershoufang'],
    ['aroundRent', 12, 'zufang'],
  ] as const) {
    const expected = await backendObj<Page<{ houseId: number }>>(backend, '/api/house/search/findByCondition', {
      cityId: 1,
      houseType,
      stressIds,
      size: 10,
    });
    const r = await get(`/school/${p}?id=${school.schoolId}`);
    t.equal(total(r.body), expected.totalElements, `${p}: count`);
    t.same(
      all(new RegExp(`href="/${kind}/(\\d+)\\.html" class="lcard"`, 'g'), r.body).map(Number),
      expected.content.map((l) => l.houseId),
      `${p}: the listings`,
    );
    const pages = Math.max(1, Math.ceil(expected.totalElements / 10));
    if (pages > 1) {
      t.equal(href(relLink(r.body, 'next')), `${ORIGIN}/school/${p}?id=${school.schoolId}&page=2`);
      const p2 = await get(`/school/${p}?id=${school.schoolId}&page=2`);
      t.equal(p2.statusCode, 200);
      t.equal(href(canonical(p2.body)), `${ORIGIN}/school/${p}?id=${school.schoolId}&page=2`);
    }
    t.equal((await get(`/school/${p}?id=${school.schoolId}&page=${pages + 1}`)).statusCode, 404, `${p}: past the last page`);
    t.equal((await get(`/school/${p}?id=${school.schoolId}&page=x`)).statusCode, 404, `${p}: a malformed page`);
  }
});

t.test('aroundLouPan, aroundSchool, periphery: estates, nearby schools, counts', async (t) => {
  const lp = await get(`/school/aroundLouPan?id=${school.schoolId}`);
  for (const e of school.louPanList) {
    t.match(lp.body, `href="/xinfang/${e.houseId}.html"`, e.name);
    const matched = await backendObj<Array<{ schoolId: number }>>(backend, `/api/school/getSchoolByHouseId/${e.houseId}`);
    t.ok(
      matched.some((m) => m.schoolId === school.schoolId),
      `${e.name} is matched to this school`,
    );
    for (const m of matched) t.match(lp.body, `href="/school/${m.schoolId}.html"`, `${e.name}: its school #${m.schoolId} is linked`);
  }
  const around = await get(`/school/aroundSchool?id=${school.schoolId}`);
  for (const s of school.aroundSchool) t.match(around.body, `href="/school/${s.schoolId}.html"`, s.name);
  const per = await get(`/school/periphery?id=${school.schoolId}`);
  t.match(per.body, new RegExp(`<b>${school.xiaoquList.length}个</b><span>(对口|周边)小区</span>`));
  t.match(per.body, new RegExp(`<b>${school.louPanList.length}个</b><span>周边新楼盘</span>`));
});

t.test('page cache: the second visit of a school page is a HIT', async (t) => {
  for (const url of [`/school/${school.schoolId}.html`, '/school/xiaoxue/', `/school/schoolTop?id=${school.schoolId}`]) {
    const a = await get(url);
    t.equal(a.statusCode, 200);
    const b = await get(url);
    t.equal(b.headers['x-cache'], 'HIT', url);
    t.equal(b.body, a.body, `${url}: the same page`);
  }
});
