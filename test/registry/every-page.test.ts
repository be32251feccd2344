import t from 'tap';
import { openDb } from '../../src/backend/db.ts';
import { createMatcher, fillPattern } from '../../src/registry/match.ts';
import type { RegistryFile } from '../../src/registry/types.ts';
import { buildAppOverBackend, MEMBER, readRegistry } from '../helpers/build.ts';

/**
 * Issue 19 "done when": every registry entry renders its own page module with data — no generic screen. The site is
 * crawled from its entry points the way a visitor (here a signed-in member, so member pages answer too) would follow
 * its links; for each registry entry the first URL that answered 200 is the entry's witness. An entry that no link of
 * the site reaches is given a starting URL in EXTRA_STARTS (with a reason), never skipped.
 */

type Page = RegistryFile['pages'][number];

const STARTS = [
  '/',
  '/ershoufang/',
  '/zufang/',
  '/xinfang/',
  '/shangpucs/',
  '/shangpucz/',
  '/xieziloucs/',
  '/xieziloucz/',
  '/haiwaihome/',
  '/xiaoqu/',
  '/school/',
  '/zixun/',
  '/daogou/',
  '/baike/',
  '/wenda/',
  '/bangdan',
  '/fangjia/',
  '/mendian/',
  '/broker/',
  '/personalcenter',
  '/Index/yijianweituo',
  '/Index/yijianweituo/list',
  '/topic',
  '/faxian',
  '/zhaopu/',
  '/duanzu/',
  '/huxing/',
];

type DB = ReturnType<typeof openDb>;
const first = (db: DB, sql: string): number => db.prepare(sql).pluck().get() as number;

/**
 * Entries no link of the site reaches, each with why, and a URL built from the seeded data: search results and flow
 * steps are reached through forms, a member's own records through their creation, the rest are alias shapes search
 * engines and agents' shares arrive on.
 */
function extraStarts(db: DB, entrustId: number): string[] {
  const agent = first(db, 'SELECT id FROM belonger WHERE city_id = 1 ORDER BY id LIMIT 1');
  const estate = first(db, 'SELECT id FROM loupan WHERE city_id = 1 ORDER BY id LIMIT 1');
  const news = first(db, `SELECT d.id FROM dongtai d JOIN loupan l ON l.id = d.loupan_id WHERE l.city_id = 1 ORDER BY d.id LIMIT 1`);
  const flat = db.prepare('SELECT id, house_number FROM listing WHERE city_id = 1 AND house_type = 11 ORDER BY id LIMIT 1').get() as {
    id: number;
    house_number: string;
  };
  const community = first(db, 'SELECT id FROM xiaoqu WHERE city_id = 1 ORDER BY id LIMIT 1');
  const q = (fields: Record<string, string | number>) => new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  const picked = { kind: 'sell', stressId: community };
  const placed = { ...picked, building: '3栋', unit: '2单元', floor: 8, totalFloors: 18, room: '802' };
  const described = { ...placed, area: 89, rooms: 3, halls: 2, toilets: 1, orientation: '南北', decoration: '精装', price: 120 };
  return [
    '/search?q=时代', // the search bar is a form
    '/mendian/search?q=店', // the store search is a form
    '/report', // a member's report form, opened from a listing's 举报
    `/Index/yijianweituo/address?${q(picked)}`, // entrustment steps: each is the answer to the step before
    `/Index/yijianweituo/details?${q(placed)}`,
    `/Index/yijianweituo/form?${q(described)}`,
    `/Index/yijianweituo/${entrustId}`, // the member's own entrustment and its pages
    `/Index/yijianweituo/log?id=${entrustId}`,
    `/Index/yijianweituo/modifyprice?id=${entrustId}`,
    `/Index/yijianweituo/removeshelf?id=${entrustId}`,
    `/referrer/11/${flat.house_number}`, // an agent's shared listing
    `/xinfang/details-old?id=${estate}`, // old new-home detail links
    `/xinfang/pjguwen/${estate}`,
    `/xinfang/findByJingJiRenDaoGuo/${estate}/${estate}`,
    `/dongtaiDetail/details?id=${news}`,
    `/fangjia/gjinfo?${q({ stressId: community, area: 89, rooms: 3, floor: 8, totalFloors: 18, orientation: '南北', decoration: '精装' })}`, // the valuation form's answer
    `/dianping/${agent}`, // an agent's reviews, from the rating form
    `/dpDetail/${agent}`,
    `/broker/details?id=${agent}`,
    '/daili',
    '/indextype/1/',
    '/xinfang/unreadlist',
    // Campaigns, in-app and single pages (issue 19): reached from the app, posters and ads rather than the site's links
    '/adver',
    '/huodong/muban1/',
    '/newActivity/',
    '/grouproom',
    '/test',
    `/huxingdetail?id=${first(db, 'SELECT h.id FROM huxing h JOIN loupan l ON l.id = h.loupan_id WHERE l.city_id = 1 ORDER BY h.id LIMIT 1')}`,
    `/fangyuanheyan/${flat.id}`,
    '/appH5',
    '/appH5/knockdown/',
    `/appH5/share/ershoufang/${flat.id}`,
    '/appH5/zufang',
    `/appH5/polte/allInfo/${estate}.html`,
    `/appH5/polte/huxing/${estate}.html`,
  ];
}

/** Pages a signed-in member is sent away from (login, register, password reset): visited as a visitor. */
const VISITOR_STARTS = ['/login', '/register', '/resetpassword', '/agent/login'];

/**
 * Entries that never render their module: each answers a redirect to the page it stands for (the generic listing
 * links of issue 19 → the listing's canonical detail; the chat entries of issue 18 → the conversation).
 */
function redirectStarts(db: DB): Array<{ name: string; url: string; to: RegExp }> {
  const flat = first(db, 'SELECT id FROM listing WHERE city_id = 1 AND house_type = 11 ORDER BY id LIMIT 1');
  const estate = first(db, 'SELECT id FROM loupan WHERE city_id = 1 ORDER BY id LIMIT 1');
  return [
    { name: 'house.detail', url: `/house/${flat}`, to: new RegExp(`/ershoufang/${flat}\\.html$`) },
    { name: 'house', url: `/house?id=${flat}`, to: new RegExp(`/ershoufang/${flat}\\.html$`) },
    { name: 'xiangqing', url: `/xiangqing/${flat}`, to: new RegExp(`/ershoufang/${flat}\\.html$`) },
    { name: 'newChat', url: `/newChat?houseId=${flat}`, to: /^\/im\/session\?/ },
    { name: 'newChat1', url: `/newChat1?houseId=${estate}`, to: /^\/im\/session\?/ },
  ];
}

const MAX_FETCHES = 2500;

const linkRe = /href="(\/[^"#]*)"/g;

function unescapeHref(h: string): string {
  return h
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');
}

t.test('every registry entry renders its own module with data, reached by following the site’s links', async (t) => {
  const registry = readRegistry();
  const { app, memberCookie, backend } = await buildAppOverBackend(t);
  const cookie = memberCookie();
  const matcher = createMatcher(registry.pages.map((p) => ({ patterns: p.paths, target: p })));
  const witness = new Map<string, string>();
  const problems: string[] = [];
  const db = openDb(backend.dataDir, { readonly: true });
  t.teardown(() => db.close());
  const community = first(db, 'SELECT id FROM xiaoqu WHERE city_id = 1 ORDER BY id LIMIT 1');
  const saved = await fetch(`${backend.url}/api/entrust/save`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      memberId: MEMBER.uid,
      cityId: 1,
      kind: 'sell',
      stressId: community,
      area: 89,
      price: 120,
      contact: '王先生',
      phone: '13800000000',
    }),
  });
  const savedBody = (await saved.json()) as { obj: { id: number } | null; message?: string };
  if (!savedBody.obj) throw new Error(`entrustment not saved: ${JSON.stringify(savedBody)}`);
  const entrustId = savedBody.obj.id;
  const queue: string[] = [...STARTS, ...extraStarts(db, entrustId)];
  const seen = new Set(queue);
  const perEntry = new Map<string, number>();
  let fetches = 0;
  while (queue.length && fetches < MAX_FETCHES && witness.size < registry.pages.length) {
    const url = queue.shift() as string;
    const path = url.split('?')[0];
    const hit = matcher.match(path);
    if (!hit) continue;
    const page = hit.target as Page;
    // A handful of URLs per entry is enough to find a witness; do not crawl every listing.
    const n = perEntry.get(page.name) ?? 0;
    if (witness.has(page.name) && n >= 2) continue;
    perEntry.set(page.name, n + 1);
    fetches++;
    await visit(url);
  }

  for (const url of VISITOR_STARTS) await visit(url, false);
  for (const r of redirectStarts(db)) {
    const res = await app.inject({ url: r.url, headers: { cookie } });
    const location = String(res.headers.location ?? '');
    t.ok([301, 302, 303].includes(res.statusCode) && r.to.test(location), `${r.url} (${r.name}) answers ${res.statusCode} to ${location}`);
    if ((await app.inject({ url: location, headers: { cookie } })).statusCode === 200) witness.set(r.name, r.url);
  }
  // The agent inbox, as a signed-in agent (issue 18).
  const agentUid = (db.prepare('SELECT uid FROM belonger WHERE city_id = 1 ORDER BY id LIMIT 1').pluck().get() as string) ?? '';
  const signIn = await app.inject({
    method: 'POST',
    url: '/-/agent/login',
    headers: { host: 'localhost', accept: 'application/json' },
    payload: { account: agentUid, password: 'Agent@2026' },
  });
  const agentCookie = String([signIn.headers['set-cookie']].flat().find((c) => String(c).startsWith('agentInfo=')) ?? '').split(';')[0];
  t.ok(agentCookie, 'a seeded agent signs in to the inbox');
  await visit('/agent/inbox', agentCookie);

  async function visit(url: string, as: boolean | string = true) {
    const who = as === true ? cookie : as || undefined;
    const headers = { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile', ...(who ? { cookie: who } : {}) };
    const res = await app.inject({ url, headers });
    if (process.env.EVERY_PAGE_DEBUG && res.statusCode !== 200) t.comment(`${url} ${res.statusCode} ${res.headers.location ?? ''}`);
    if (res.statusCode !== 200) return;
    const state = /<script id="__STATE__" type="application\/json">(.*?)<\/script>/s.exec(res.body);
    const route = state ? (JSON.parse(state[1]) as { route: { page: string; module: string } }).route : null;
    if (route && !witness.has(route.page)) {
      witness.set(route.page, url);
      const entry = registry.pages.find((p) => p.name === route.page);
      if (entry && route.module !== entry.module) problems.push(`${url}: rendered ${route.module}, registry says ${entry.module}`);
      const text = res.body.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ');
      const bad = /\b(undefined|NaN|null)\b/.exec(text);
      if (bad) problems.push(`${url}: the page prints ${bad[0]}`);
    }
    for (const m of res.body.matchAll(linkRe)) {
      const href = unescapeHref(m[1]);
      if (href.startsWith('/-/') || href.startsWith('/assets/') || /\.(png|jpe?g|webp|svg|css|js|ico|xml|txt|mp4)$/.test(href)) continue;
      if (!seen.has(href)) {
        seen.add(href);
        queue.push(href);
      }
    }
  }
  // SEO aliases and ad variants no page links to (crawlers arrive from outside): the entry's own path shapes filled
  // with the parameters and query of a witnessed entry that renders the same module.
  const witnessParams = new Map<string, { params: Record<string, string>; query: string }>();
  for (const [name, url] of witness) {
    const [path, query = ''] = url.split('?');
    const hit = matcher.match(path);
    if (hit) witnessParams.set(name, { params: hit.params, query });
  }
  for (const page of registry.pages) {
    if (witness.has(page.name)) continue;
    const siblings = registry.pages.filter((p) => p.module === page.module && witnessParams.has(p.name));
    for (const sib of siblings) {
      const { params, query } = witnessParams.get(sib.name) as { params: Record<string, string>; query: string };
      for (const pattern of page.paths) {
        const path = fillPattern(pattern, { '*': '', ...params });
        if (!path) continue;
        await visit(query ? `${path}?${query}` : path);
        if (witness.has(page.name)) break;
      }
      if (witness.has(page.name)) break;
    }
  }
  if (process.env.EVERY_PAGE_WITNESSES) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(process.env.EVERY_PAGE_WITNESSES, [...witness].map(([k, v]) => `${k}\t${v}`).join('\n'));
  }
  t.comment(`${fetches} pages fetched, ${witness.size} of ${registry.pages.length} registry entries reached`);
  t.same(problems, [], 'no page renders another module or prints undefined/NaN/null');
  const section = registry.pages.filter((p) => p.module === 'section').map((p) => p.name);
  t.same(section, [], 'no registry entry points to the generic section screen');
  const unreached = registry.pages.filter((p) => !witness.has(p.name) && p.name !== 'notFound').map((p) => p.name);
  t.same(unreached, [], 'every registry entry answered 200 with its own module on a URL the site links to');
});
