import t from 'tap';
import { createTracker } from '../../src/client/tracking.ts';
import { queryHasXss } from '../../src/lib/query-scan.ts';
import {
  AGENT_REQUEST_DELAY_MS,
  agentOf,
  closeEvent,
  isUntrackedPage,
  PAGE_VIEW_DELAY_MS,
  shouldTrackPageView,
  sourceAttrs,
  type TrackEvent,
} from '../../src/lib/tracking.ts';
import { readRegistry } from '../helpers/build.ts';

t.test('SPEC 4 exclusions: rental, second-hand and new-home details, ad variants, community and rental-agency details', async (t) => {
  // Which pages they are is registry data (params.track / params.ad, issue 12 point 3).
  const pages = new Map(readRegistry().pages.map((p) => [p.name, p.params ?? {}]));
  const paramsOf = (name: string) => {
    const params = pages.get(name);
    if (!params) throw new Error(`no registry page ${name}`);
    return params;
  };
  for (const name of [
    'ershoufang.detail',
    'zufang.detail',
    'xinfang.detail',
    'ershoufang.detail.ad',
    'zufang.detail.ad',
    'xinfang.detail.ad',
    'xiaoqu.detail',
    'zufang.zuyj.detail',
    'mendian.detail',
  ]) {
    t.ok(isUntrackedPage(paramsOf(name)), `${name} is not tracked`);
  }
  for (const name of [
    'home',
    'ershoufang.list',
    'zufang.list',
    'xinfang.list',
    'xiaoqu.list',
    'zixun.detail',
    'xinfang.detailsOld',
    'notFound',
  ]) {
    t.notOk(isUntrackedPage(paramsOf(name)), `${name} is tracked`);
  }
  t.ok(isUntrackedPage({ ad: 'true' }), 'any ad variant');
  t.notOk(shouldTrackPageView({ page: 'home', params: {}, noTrack: true, status: 200 }), 'the server says no');
  t.ok(shouldTrackPageView({ page: 'home', params: {}, noTrack: false, status: 200 }));
});

t.test('every registry page the exclusions name exists (the rules follow the registry)', async (t) => {
  const names = new Set(readRegistry().pages.map((p) => p.name));
  for (const n of ['ershoufang.detail', 'zufang.detail', 'xinfang.detail', 'xiaoqu.detail', 'zufang.zuyj.detail', 'mendian.detail'])
    t.ok(names.has(n), n);
  const ads = readRegistry().pages.filter((p) => p.params?.ad === 'true');
  t.ok(ads.length >= 3);
  for (const p of ads) t.ok(isUntrackedPage(p.params), `${p.name} (ad variant)`);
});

t.test('SPEC 5 query check: > < \' " & # in any key or value, decoded', async (t) => {
  t.notOk(queryHasXss(''));
  t.notOk(queryHasXss('?a=1&b=长沙'));
  t.ok(queryHasXss('?q=%3Cscript%3E'));
  t.ok(queryHasXss('?q=a%22b'));
  t.ok(queryHasXss("?q=it's"));
  t.ok(queryHasXss('?%3Ck=1'), 'in a key');
  t.ok(queryHasXss('q=%26'), 'an encoded &');
  t.ok(queryHasXss('q=%23'));
  t.notOk(queryHasXss('?a=%E4%B'), 'a malformed escape is checked as is');
});

t.test('attributes from the query', async (t) => {
  t.same(sourceAttrs({ shareUserId: 'u1', source: 'wx' }), { shareUserId: 'u1', sourcePlate: 'wx' });
  t.same(sourceAttrs({}), {});
  t.equal(agentOf({ belongerId: '42' }), '42');
  t.equal(agentOf({ brokerId: 'b<1' }), null, 'only word characters');
  const e = closeEvent({ page: 'home', pageUrl: 'http://x/', platFormDesc: 'wap' }, 1000, 4500);
  t.same([e.kind, e.openTime, e.closeTime, e.stayTime], ['close', 1000, 4500, 3500]);
});

t.test('the browser tracker: page view after 50 ms, one close per visit, agent call after 1 s', async (t) => {
  t.equal(PAGE_VIEW_DELAY_MS, 50);
  t.equal(AGENT_REQUEST_DELAY_MS, 1000);
  const sent: TrackEvent[] = [];
  let now = 10_000;
  const tracker = createTracker(
    (e) => sent.push(e),
    () => now,
  );
  const home = { page: 'home', params: {}, noTrack: false, status: 200, query: { shareUserId: 'u7', belongerId: 'b9' } };
  tracker.route(home, 'http://m.test/?shareUserId=u7');
  tracker.agentRequest();
  t.same(sent, [], 'nothing at once');
  await new Promise((r) => setTimeout(r, 80));
  t.same(
    sent.map((e) => e.kind),
    ['pageview'],
  );
  t.equal(sent[0].shareUserId, 'u7');
  now += 3000;
  const detail = { page: 'ershoufang.detail', params: { id: '1' }, noTrack: true, status: 200, query: {} };
  tracker.route(detail, 'http://m.test/ershoufang/1.html');
  await new Promise((r) => setTimeout(r, 80));
  t.same(
    sent.map((e) => `${e.kind}:${e.page}`),
    ['pageview:home', 'close:home'],
    'leaving home closes it; the detail page gets no page view',
  );
  t.equal(sent[1].stayTime, 3000);
  now += 500;
  tracker.leave();
  tracker.leave();
  t.same(
    sent.filter((e) => e.kind === 'close').map((e) => e.page),
    ['home', 'ershoufang.detail'],
    'pagehide closes the visit once',
  );
  await new Promise((r) => setTimeout(r, 1000));
  const agent = sent.find((e) => e.kind === 'agent');
  t.equal(agent?.belongerId, undefined, 'the visit at 1 s is the detail page, without an agent');
  tracker.resume(detail, 'http://m.test/ershoufang/1.html');
  t.equal(sent.filter((e) => e.kind === 'close').length, 2);
});

t.test('a quick second route change cancels the first page view; a throwing sender never throws', async (t) => {
  const sent: TrackEvent[] = [];
  const tracker = createTracker((e) => sent.push(e));
  tracker.route({ page: 'a', params: {}, noTrack: false, status: 200, query: {} }, 'http://m.test/a');
  tracker.route({ page: 'b', params: {}, noTrack: false, status: 200, query: {} }, 'http://m.test/b');
  await new Promise((r) => setTimeout(r, 80));
  t.same(
    sent.map((e) => `${e.kind}:${e.page}`),
    ['close:a', 'pageview:b'],
  );
  const bad = createTracker(() => {
    throw new Error('no network');
  });
  t.doesNotThrow(() => bad.route({ page: 'a', params: {}, noTrack: false, status: 200, query: {} }, 'http://m.test/a'));
  t.doesNotThrow(() => bad.leave());
  t.doesNotThrow(() => bad.checkQuery('?q=<', 'a', 'http://m.test/a?q=<'));
});
