import t from 'tap';
import type { TopicDetail, TopicItem } from '../../src/contracts/gateway/index.ts';
import { backendObj, canonical, cards, description, ORIGIN, portalOverBackend, title } from '../listings/helpers.ts';
import { jsonLd, portalWithFailingCalls } from '../xiaoqu/helpers.ts';
import { hrefs, rankRows, section } from './helpers.ts';

/** Issue 15 part C: the housing topics, the discovery feed and the district overview (/topic, /faxian, /composite). */
const { backend, get } = await portalOverBackend(t);
const noComments = (html: string) => html.replaceAll('<!-- -->', '');
type Ld = Record<string, unknown> & { itemListElement?: Array<{ name: string; url?: string; item?: string }> };
const ld = (html: string, type: string) => jsonLd(html).filter((l) => l['@type'] === type) as Ld[];
const topics = await backendObj<TopicItem[]>(backend, '/api/topic/list/1');
const areas = await backendObj<Array<{ regionId: number; regionName: string; avgPrice: number; deals: number }>>(
  backend,
  '/api/housePrice/area/city/1',
);
const region = areas[1] as { regionId: number; regionName: string; avgPrice: number; deals: number };

t.test('the seed gives every city its topics, each grouping real content', async (t) => {
  t.ok(topics.length >= 5, `${topics.length} topics in 长沙`);
  t.ok(topics.some((x) => x.title === '长沙学区房专题'));
  t.ok(
    topics.every((x) => x.docCount > 0 && x.wendaCount > 0 && x.listingCount + x.loupanCount + x.docCount > 0),
    'each has articles and questions',
  );
  const wuhan = await backendObj<TopicItem[]>(backend, '/api/topic/list/2');
  t.ok(wuhan.length > 0 && wuhan.every((x) => x.title.startsWith('武汉') && x.cityId === 2), 'another city has its own');
});

t.test('/topic: the city topics, each linking to its page; canonical and ItemList', async (t) => {
  const r = await get('/topic');
  t.equal(r.statusCode, 200);
  const html = noComments(r.body);
  for (const x of topics) t.match(html, `<a data-testid="topic-card" href="/topic/${x.id}.html" class="card rk-topic">`, x.title);
  t.match(html, `<span class="rk-topic__title">${topics[0]?.title}</span>`);
  t.equal(canonical(r.body), `${ORIGIN}/topic`);
  t.same(
    ld(r.body, 'ItemList')[0]?.itemListElement?.map((i) => i.url),
    topics.map((x) => `${ORIGIN}/topic/${x.id}.html`),
  );
  t.same(
    ld(r.body, 'BreadcrumbList')[0]?.itemListElement?.map((i) => i.name),
    ['长沙湘房网', '长沙购房专题'],
  );
});

t.test('a topic page shows its articles, listings and questions, linked by their canonical URLs', async (t) => {
  const id = topics[0]?.id as number;
  const d = await backendObj<TopicDetail>(backend, `/api/topic/${id}`);
  const r = await get(`/topic/${id}.html`);
  t.equal(r.statusCode, 200);
  const html = noComments(r.body);
  t.match(html, `<h1 class="rk-hero__title">${d.title}</h1>`);
  t.same(
    hrefs(section(html, 'topic-docs'), /^\/zixun\//),
    d.docs.map((a) => `/zixun/${a.id}.html`),
    'its articles in order',
  );
  t.same(
    hrefs(section(html, 'topic-wenda'), /^\/wenda\//),
    d.wenda.map((w) => `/wenda/${w.id}.html`),
    'its questions in order',
  );
  const listed = cards(html).map((c) => c.href);
  t.same(
    listed,
    d.listings.map((l) => `/ershoufang/${l.houseId}.html`),
    'its listings in order',
  );
  t.ok(listed.length > 0, 'the school-district topic has listings');
  t.ok(
    d.listings.every((l) => l.price > 0),
    'each with its price',
  );
  t.equal(canonical(r.body), `${ORIGIN}/topic/${id}.html`);
  t.equal(description(r.body), d.intro);
  t.match(title(r.body), new RegExp(`^${d.title}_`));
  const items = ld(r.body, 'ItemList')[0]?.itemListElement ?? [];
  t.equal(items.length, d.docs.length + d.listings.length + d.loupans.length + d.wenda.length, 'the ItemList names them all');
  t.same(
    ld(r.body, 'BreadcrumbList')[0]?.itemListElement?.map((i) => i.name),
    ['长沙湘房网', '长沙购房专题', d.title],
  );
  const estateTopic = topics.find((x) => x.loupanCount > 0);
  if (estateTopic) {
    const e = await get(`/topic/${estateTopic.id}.html`);
    t.ok(hrefs(section(noComments(e.body), 'topic-loupans'), /^\/xinfang\/\d+\.html$/).length > 0, 'the new-home topic lists estates');
  }
});

t.test('/faxian mixes articles, questions and listings, with links to the topics and rankings', async (t) => {
  const r = await get('/faxian');
  t.equal(r.statusCode, 200);
  const html = noComments(r.body);
  const kinds = [...section(html, 'feed').matchAll(/<li data-kind="(\w+)">/g)].map((m) => m[1]);
  for (const k of ['doc', 'wenda', 'listing', 'loupan']) t.ok(kinds.includes(k), `the feed has a ${k}`);
  t.not(kinds[0], kinds[1], 'the kinds alternate');
  t.same(
    hrefs(section(html, 'faxian-topics'), /^\/topic\//),
    topics.map((x) => `/topic/${x.id}.html`),
  );
  t.ok(hrefs(html, /^\/rankingList\//).includes('/rankingList/remenxiaoqu'), 'a link to the rankings');
  t.equal(canonical(r.body), `${ORIGIN}/faxian`);
  t.equal(ld(r.body, 'ItemList')[0]?.itemListElement?.length, kinds.length, 'the ItemList names the feed');
});

t.test('/composite?regionId=: one district at a glance, only its communities, estates and listings', async (t) => {
  const r = await get(`/composite?regionId=${region.regionId}`);
  t.equal(r.statusCode, 200);
  const html = noComments(r.body);
  t.match(html, `<h1 class="rk-hero__title">${region.regionName}房产综合</h1>`);
  t.match(section(html, 'district-figures'), `<b>${region.deals}</b>`, 'the district deals');
  const communities = rankRows(section(html, 'composite-xiaoqu'));
  t.ok(communities.length > 0);
  for (const c of communities.slice(0, 3)) {
    const x = await backendObj<{ regionId: number }>(backend, `/api/xiaoqu/findById/${c.id}`);
    t.equal(x.regionId, region.regionId, `${c.name} is in ${region.regionName}`);
  }
  const listings = cards(section(html, 'composite-listings'));
  t.ok(listings.length > 0, 'second-hand listings');
  for (const l of listings.slice(0, 3)) {
    const d = await backendObj<{ regionId: number }>(backend, `/api/house/search/detail/${l.href.match(/\d+/)?.[0]}`);
    t.equal(d.regionId, region.regionId, `${l.href} is in ${region.regionName}`);
  }
  t.ok(hrefs(section(html, 'composite-loupans'), /^\/xinfang\/\d+\.html$/).length > 0, 'estates of the district');
  t.equal(canonical(r.body), `${ORIGIN}/composite?regionId=${region.regionId}`);
  t.equal(ld(r.body, 'ItemList').length, 2);
  const list = hrefs(section(html, 'composite-xiaoqu'), /^\/xiaoqu\/[a-z]/)[0];
  t.ok(list, 'a link to the district community list');
  t.equal((await get(list as string)).statusCode, 200, `${list} is a canonical list page`);
});

t.test('unknown or malformed ids and queries are the 404 screen', async (t) => {
  const wuhan = await backendObj<TopicItem[]>(backend, '/api/topic/list/2');
  for (const u of [
    '/topic/999999.html',
    '/topic/0.html',
    `/topic/${wuhan[0]?.id}.html`,
    '/composite',
    '/composite?regionId=',
    '/composite?regionId=abc',
    '/composite?regionId=99999',
  ]) {
    t.equal((await get(u)).statusCode, 404, u);
  }
  t.equal((await get('/topic/abc.html')).statusCode, 404, 'a malformed topic id');
});

t.test('the pages are page-cached: the second request is a HIT', async (t) => {
  for (const u of ['/topic', `/topic/${topics[0]?.id}.html`, '/faxian', `/composite?regionId=${region.regionId}`]) {
    t.equal((await get(u)).statusCode, 200, u);
    t.equal((await get(u)).headers['x-cache'], 'HIT', u);
  }
});

t.test('a failing secondary call gives a degraded page, never cached; a failing topic call is an error', async (t) => {
  const broken = await portalWithFailingCalls(t, (url) => url.startsWith('/api/wenda/list'));
  const first = await broken.get('/faxian');
  t.equal(first.statusCode, 200, 'the feed still renders');
  t.notMatch(first.body, 'data-kind="wenda"', 'without questions');
  t.match(first.body, 'data-kind="doc"', 'with the rest');
  t.not((await broken.get('/faxian')).headers['x-cache'], 'HIT', 'a degraded page is never served from the cache');
  const composite = await broken.get(`/composite?regionId=${region.regionId}`);
  t.equal(composite.statusCode, 200);
  t.not((await broken.get(`/composite?regionId=${region.regionId}`)).headers['x-cache'], 'HIT');
  const noTopics = await portalWithFailingCalls(t, (url) => url.startsWith('/api/topic/'));
  const err = await noTopics.get('/topic');
  t.ok(err.statusCode >= 500, `a failing topic list is an error page (${err.statusCode}), not an empty 200`);
});
