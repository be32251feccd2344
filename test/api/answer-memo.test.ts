import t from 'tap';
import { createAnswerMemo } from '../../src/api/memo.ts';
import type { RegistryFile } from '../../src/registry/types.ts';
import { proxiedTestBackend } from '../helpers/backend.ts';
import { buildTestApp } from '../helpers/build.ts';
import { backendRows } from '../listings/helpers.ts';

/**
 * Issue 35 part 1: what many detail pages share (a community's card, a place's similar listings) is asked of the
 * gateway once per `site.answerMemo` time to live, while what is the listing's own is asked on every render; 0 in
 * the registry keeps nothing, and a bad value refuses the registry naming the setting.
 */
async function recordingGateway(t: Parameters<typeof proxiedTestBackend>[0]) {
  const calls: string[] = [];
  const { url, backend } = await proxiedTestBackend(t, (_req, forward, carried) => {
    calls.push(...carried);
    forward();
  });
  return { url, calls, backend };
}

const count = (calls: string[], part: string) => calls.filter((c) => c.includes(part)).length;

/** The portal over a recording gateway, every page rendered per request (no page cache). */
async function uncachedPortal(t: Parameters<typeof proxiedTestBackend>[0], edit: (r: RegistryFile) => void = () => {}) {
  const gateway = await recordingGateway(t);
  const { app, close } = await buildTestApp({
    gatewayUrl: gateway.url,
    editRegistry: (r) => {
      for (const p of r.pages) p.cache = 'no-cache';
      edit(r);
    },
  });
  t.teardown(close);
  return { app, gateway };
}

t.test('two listings of one community: its card and similar listings are asked once; each listing’s own data twice', async (t) => {
  const { app, gateway } = await uncachedPortal(t);
  const [a, b] = backendRows(
    gateway.backend,
    `SELECT id FROM listing WHERE city_id = 1 AND house_type = 11 AND status = 1 AND xiaoqu_id =
       (SELECT xiaoqu_id FROM listing WHERE city_id = 1 AND house_type = 11 AND status = 1 GROUP BY xiaoqu_id HAVING COUNT(*) >= 4 LIMIT 1)
     ORDER BY id LIMIT 2`,
  ).map((r) => r.id as number);
  for (const id of [a, b, a]) {
    const res = await app.inject(`/ershoufang/${id}.html`);
    t.equal(res.statusCode, 200);
  }
  t.equal(count(gateway.calls, '/api/xiaoqu/findBriefById/'), 1, 'the community card: once for the three renders');
  t.equal(count(gateway.calls, '/api/house/search/findByCondition'), 1, 'the community’s similar listings: once');
  t.equal(count(gateway.calls, '/api/house/search/detail/'), 3, 'the listing itself: every render');
  t.equal(count(gateway.calls, '/api/house/collect/houseTotal/'), 3, 'its follow count: every render');
});

t.test('two estates of one district: its other estates (其他楼盘) are asked once', async (t) => {
  const { app, gateway } = await uncachedPortal(t);
  const [a, b] = backendRows(
    gateway.backend,
    'SELECT id FROM loupan WHERE city_id = 1 AND region_id = (SELECT region_id FROM loupan WHERE city_id = 1 GROUP BY region_id HAVING COUNT(*) >= 2 LIMIT 1) ORDER BY id LIMIT 2',
  ).map((r) => r.id as number);
  for (const id of [a, b]) t.equal((await app.inject(`/xinfang/${id}.html`)).statusCode, 200);
  t.equal(count(gateway.calls, 'POST /api/house/findListByWap'), 1);
  t.equal(count(gateway.calls, '/api/house/findByIdForM/'), 2, 'each estate itself: every render');
});

t.test('answerMemo 0 keeps nothing', async (t) => {
  const { app, gateway } = await uncachedPortal(t, (r) => {
    r.site.answerMemo = { maxBytes: 16777216, ttlSeconds: { problemAsk: 0, nearby: 0, communityBrief: 0, similarListings: 0 } };
  });
  const [id] = backendRows(gateway.backend, 'SELECT id FROM listing WHERE city_id = 1 AND house_type = 11 AND status = 1 LIMIT 1').map(
    (r) => r.id as number,
  );
  for (let i = 0; i < 2; i++) t.equal((await app.inject(`/ershoufang/${id}.html`)).statusCode, 200);
  t.equal(count(gateway.calls, '/api/xiaoqu/findBriefById/'), 2);
  t.ok(count(gateway.calls, '/api/house/search/findByCondition') >= 2);
});

t.test('a bad answerMemo refuses the registry, naming the setting', async (t) => {
  await t.rejects(
    buildTestApp({
      editRegistry: (r) => {
        (r.site.answerMemo.ttlSeconds as Record<string, unknown>).communityBrief = -1;
      },
    }),
    /answerMemo/,
  );
  await t.rejects(
    buildTestApp({
      editRegistry: (r) => {
        (r.site.answerMemo.ttlSeconds as Record<string, unknown>).agentPhone = 60;
      },
    }),
    /answerMemo/,
  );
});

t.test('the shared answers are bounded in bytes together: the oldest go first', async (t) => {
  const memo = createAnswerMemo(() => ({
    maxBytes: 20_000,
    ttlSeconds: { problemAsk: 60, nearby: 60, communityBrief: 60, similarListings: 60 },
  }));
  let fetched = 0;
  const briefs = memo.of('communityBrief', async (key: string) => {
    fetched++;
    return { key, text: '小'.repeat(1000) };
  });
  const near = memo.of('nearby', async (key: string) => {
    fetched++;
    return { key, text: '站'.repeat(1000) };
  });
  for (let i = 0; i < 30; i++) await (i % 2 ? near : briefs).get(String(i), undefined);
  t.equal(fetched, 30);
  t.ok(memo.bytes <= 20_000, `${memo.bytes} bytes held, bound 20000`);
  t.ok(memo.bytes > 10_000, 'and it is used');
  await briefs.get('28', undefined);
  t.equal(fetched, 30, 'a recent answer is still kept');
  await briefs.get('0', undefined);
  t.equal(fetched, 31, 'the oldest was let go');
  t.same(await near.get('29', undefined), { key: '29', text: '站'.repeat(1000) }, 'names do not mix');
});
