/**
 * The home page without its lists (the gateway failing their calls) still renders, but is marked degraded and never
 * kept by the page cache, so the complete page is back as soon as the gateway is (issue 33 part 4; issue 11 point 3).
 */
import t from 'tap';
import { startTestBackend } from '../helpers/backend.ts';
import { buildTestApp } from '../helpers/build.ts';
import { gatewayFailingPaths } from '../helpers/failing-paths.ts';

const backend = await startTestBackend();
/** Gateway paths that answer 500; everything else is the embedded backend's answer. */
const broken = new Set<string>(['/api/house/search/findByWapConditionData', '/api/house/findWapHotLoupan']);
const gateway = await gatewayFailingPaths(backend.url, broken);
const portal = await buildTestApp({ gatewayUrl: gateway.url });
t.teardown(async () => {
  await portal.close();
  await gateway.close();
  await backend.close();
});
const home = () => portal.app.inject({ url: '/', headers: { host: 'm.localhost' } });

t.test('lists failing: the home page renders without them and is not cached; back: complete, then cached', async (t) => {
  const degraded = await home();
  t.equal(degraded.statusCode, 200, 'the page still renders');
  t.notMatch(degraded.body, '精选二手房', 'without its second-hand list');
  t.notMatch(degraded.body, '热门新盘', 'without its new homes');
  t.equal(degraded.headers['cache-control'], 'no-store', 'nor kept by a CDN or the browser (issue 36 part 4)');
  t.equal(degraded.headers.etag, undefined);
  t.not((await home()).headers['x-cache'], 'HIT', 'the degraded page was not kept');

  broken.clear();
  const back = await home();
  t.match(back.body, '精选二手房', 'the gateway is back: the lists are back at once');
  t.match(back.body, '热门新盘');
  const again = await home();
  t.equal(again.headers['x-cache'], 'HIT', 'the complete page is cached');
  t.match(again.headers['cache-control'], /^public, .*s-maxage=120/, 'and public for its TTL');
  t.match(again.body, '精选二手房');
});
