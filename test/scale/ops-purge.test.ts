import http from 'node:http';
import t from 'tap';
import { startRedis } from '../../scripts/redis.ts';
import type { OpsState } from '../../src/ops/state.ts';
import { seededDataDir } from '../helpers/backend.ts';
import { buildTestApp, type TestApp } from '../helpers/build.ts';
import { startPortalProcess } from '../helpers/portal-process.ts';
import { ADMIN_TOKEN, BEARER, opsData, purge } from '../ops/helpers.ts';

/**
 * Issue 36 part 2 with REDIS_URL: a purge from the console of one process drops the page on both cache levels in every
 * process, so the next request is a MISS wherever it lands; the console counts the shared level by entry and lists every
 * process from their heartbeats in Redis.
 */

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

const cacheOf = async (portal: TestApp, url: string) => (await portal.app.inject(url)).headers['x-cache'];

t.test('two portals over one Redis: a purge on one makes the next request a MISS on either', async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const lines: string[] = [];
  const one = await buildTestApp({ redisUrl: redis.url, adminToken: ADMIN_TOKEN });
  t.teardown(() => one.close());
  const two = await buildTestApp({ redisUrl: redis.url, adminToken: ADMIN_TOKEN, logLines: lines });
  t.teardown(() => two.close());

  // Filled by one, a HIT on two (now in the LRU of both and in Redis).
  t.equal(await cacheOf(one, '/aboutUs'), 'MISS');
  t.equal(await cacheOf(two, '/aboutUs'), 'HIT');
  t.equal(await cacheOf(one, '/zixun/'), 'MISS');
  const before = await opsData(one);
  t.match(before.pageCache.redis, { entries: 2, truncated: false }, 'the shared level: two pages');
  t.same(before.pageCache.redis?.byEntry.map((e) => e.entry).sort(), ['aboutUs', 'zixun'], 'by registry entry');
  t.ok((before.pageCache.redis?.bytes ?? 0) > 0);
  t.match(before.health.redis, { ok: true, detail: 'PONG' });

  const first = await purge(one, { kind: 'path', path: '/aboutUs' });
  t.match(first.json().purge, { local: 1, redis: 1, everyProcess: true, paths: ['/aboutUs'] });
  t.ok(await until(() => lines.some((l) => l.includes('page cache purge applied') && l.includes('"dropped":1'))), 'two dropped its copy');
  t.equal(await cacheOf(two, '/aboutUs'), 'MISS', 'the next request on the other portal is a MISS');
  t.equal(await cacheOf(one, '/zixun/'), 'HIT', 'another page stays');

  // Now two holds the fresh copy (and Redis): a purge from two, then one asks first.
  t.equal(await cacheOf(one, '/aboutUs'), 'HIT', 'one takes the copy two made');
  const second = await purge(two, { kind: 'entry', entry: 'aboutUs' });
  t.match(second.json().purge, { local: 1, redis: 1, everyProcess: true });
  t.ok(await until(async () => (await opsData(one)).pageCache.local.byEntry.every((e) => e.entry !== 'aboutUs')));
  t.equal(await cacheOf(one, '/aboutUs'), 'MISS', 'the next request on the purging portal is a MISS as well');
  t.equal(await cacheOf(two, '/aboutUs'), 'HIT', 'and the refill is shared again');

  // Everything: a new generation for both.
  const all = await purge(one, { kind: 'all', confirm: 'yes' });
  t.match(all.json().purge, { target: { kind: 'all' }, everyProcess: true });
  t.ok(await until(() => one.app.pageCache.generation === two.app.pageCache.generation && one.app.pageCache.generation > 0));
  t.equal(await cacheOf(two, '/zixun/'), 'MISS');
  t.equal(await cacheOf(one, '/aboutUs'), 'MISS');
});

/** One request on a new connection (a keep-alive pool would pin one worker). */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; cache?: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, cache: res.headers['x-cache'] as string | undefined, body }));
      })
      .on('error', reject);
  });
}

function post(url: string, body: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent: false, headers: { ...BEARER, 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (c) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** The pids of the workers whose log says they answered `url` (the pino line of each request has its pid). */
function pidsServing(output: string, url: string): Set<number> {
  const pids = new Set<number>();
  for (const line of output.split('\n')) {
    if (!line.includes('"request completed"') || !line.includes(`"url":"${url}"`)) continue;
    const pid = /"pid":(\d+)/.exec(line)?.[1];
    if (pid) pids.add(Number(pid));
  }
  return pids;
}

t.test('a cluster of two workers over Redis: the console lists both, a purge by path reaches both', async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const portal = await startPortalProcess({
    WEB_CONCURRENCY: '2',
    REDIS_URL: redis.url,
    ADMIN_TOKEN,
    DATA_DIR: await seededDataDir(),
  });
  t.teardown(() => portal.stop());
  await portal.waitFor(new RegExp(`(Server listening at ${portal.base}[\\s\\S]*){2}`));

  // Each worker answers /aboutUs at least once (a MISS that fills, or a HIT from Redis kept in its own LRU).
  t.ok(
    await until(async () => {
      await get(`${portal.base}/aboutUs`);
      return pidsServing(portal.output(), '/aboutUs').size === 2;
    }, 30_000),
    'both workers hold the page',
  );
  const workers = [...pidsServing(portal.output(), '/aboutUs')];

  // The console of whichever worker answers lists both, from their heartbeats.
  let state: OpsState | null = null;
  t.ok(
    await until(async () => {
      const res = await get(`${portal.base}/-/ops/data.json`, BEARER);
      state = res.status === 200 ? (JSON.parse(res.body) as OpsState) : null;
      return state?.health.processes.length === 2;
    }, 15_000),
    'two processes on the console',
  );
  const health = (state as OpsState | null)?.health;
  t.equal(health?.processScope, 'redis');
  t.same(health?.processes.map((p) => p.pid).sort(), workers.sort(), 'the two workers, by pid');
  t.ok(health?.processes.every((p) => p.rssMb > 0 && p.uptimeSeconds >= 0 && p.registrySha256 === (state as OpsState).registry.sha256));
  t.match(health?.gateway, { ok: true });
  t.match(health?.redis, { ok: true });
  t.equal((await get(`${portal.base}/-/ops/data.json`)).status, 404, 'without the token: 404');

  const res = await post(`${portal.base}/-/ops/purge`, { kind: 'path', path: '/aboutUs' });
  t.equal(res.status, 200);
  t.match(JSON.parse(res.body).purge, { everyProcess: true, local: 1 });
  const applied = new RegExp(`"pid":(${workers.join('|')})[^\\n]*"purge":"path /aboutUs","dropped":1[^\\n]*page cache purge applied`, 'g');
  t.ok(
    await until(() => new Set([...portal.output().matchAll(applied)].map((m) => m[1])).size === 2, 10_000),
    'each worker dropped its own copy',
  );
  t.match(portal.output(), /"by":"token:[0-9a-f]{8}"[^\n]*"purge":"path \/aboutUs"[^\n]*ops: page cache purged/, 'logged with who');
  t.notMatch(portal.output(), ADMIN_TOKEN, 'never the token');
  t.equal((await get(`${portal.base}/aboutUs`)).cache, 'MISS', 'the next request is a MISS');
});
