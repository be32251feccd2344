import { brotliDecompressSync } from 'node:zlib';
import t from 'tap';
import { freePort } from '../../scripts/bench/procs.ts';
import { startRedis } from '../../scripts/redis.ts';
import { pageCacheKey } from '../../src/page-cache.ts';
import { buildTestApp, type TestApp } from '../helpers/build.ts';

/**
 * Issue 20 part 3: with REDIS_URL the page cache is two-level. Two portals over one real redis-server: a page the first
 * renders is a HIT on the second (same ETag, same compressed bytes); a registry reload on one retires the pages of both,
 * on both levels; a targeted drop (after a write) reaches both. Redis down: one error line, each portal caches alone.
 */

async function until(check: () => boolean, timeoutMs = 5000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

const get = (portal: TestApp, url: string, headers: Record<string, string> = {}) => portal.app.inject({ url, headers });

t.test('two portals over one Redis share pages; a reload on one retires both', async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const one = await buildTestApp({ redisUrl: redis.url });
  t.teardown(() => one.close());
  const two = await buildTestApp({ redisUrl: redis.url });
  t.teardown(() => two.close());
  t.ok(one.app.pageCache.shared() && two.app.pageCache.shared(), 'both share the cache through Redis');

  const first = await get(one, '/aboutUs');
  t.equal(first.statusCode, 200);
  t.equal(first.headers['x-cache'], 'MISS', 'rendered by the first');
  const onTwo = await get(two, '/aboutUs');
  t.equal(onTwo.statusCode, 200);
  t.equal(onTwo.headers['x-cache'], 'HIT', 'a HIT on the second, which never rendered it');
  t.equal(onTwo.headers.etag, first.headers.etag, 'the same ETag');
  t.equal(onTwo.body, first.body, 'the same page');
  const br = await get(two, '/aboutUs', { 'accept-encoding': 'br' });
  t.equal(br.headers['content-encoding'], 'br');
  t.equal(brotliDecompressSync(br.rawPayload).toString(), first.body, 'the brotli body made at fill time');
  const notModified = await get(two, '/aboutUs', { 'if-none-match': String(first.headers.etag) });
  t.equal(notModified.statusCode, 304, 'the ETag validates on the other portal');

  // Another cached page, filled by the second this time.
  t.equal((await get(two, '/zixun/')).headers['x-cache'], 'MISS');
  t.equal((await get(one, '/zixun/')).headers['x-cache'], 'HIT');

  const before = one.app.pageCache.generation;
  t.ok(one.app.registry.reload(), 'the registry is reloaded on the first portal');
  t.ok(await until(() => one.app.pageCache.generation !== before && two.app.pageCache.generation === one.app.pageCache.generation));
  // Each portal asks first for one of the two pages: a MISS proves that portal dropped its own copy and that the copy
  // in Redis is out of reach; the other portal's HIT right after shows the refill is shared again.
  t.equal((await get(two, '/aboutUs')).headers['x-cache'], 'MISS', 'the second portal retired its page');
  t.equal((await get(one, '/aboutUs')).headers['x-cache'], 'HIT');
  t.equal((await get(one, '/zixun/')).headers['x-cache'], 'MISS', 'the first portal retired its page');
  t.equal((await get(two, '/zixun/')).headers['x-cache'], 'HIT');

  // A write's targeted drop (plugins/*-actions.ts call pageCache.forget) reaches the other portal too.
  const key = pageCacheKey('mobile', 1, '/aboutUs', {});
  t.ok(two.app.pageCache.has(key));
  one.app.pageCache.forget(key);
  t.ok(await until(() => !two.app.pageCache.has(key)), "dropped from the second portal's LRU");
  t.equal((await get(two, '/aboutUs')).headers['x-cache'], 'MISS', 'and from Redis');
});

t.test('Redis down: one error line, pages served and cached by each portal alone', async (t) => {
  const port = await freePort();
  const logLines: string[] = [];
  const portal = await buildTestApp({ redisUrl: `redis://127.0.0.1:${port}`, logLines });
  t.teardown(() => portal.close());
  const outage = logLines.filter((l) => l.includes('Redis unreachable: the page cache'));
  t.equal(outage.length, 1, 'one error line names the outage');
  t.match(JSON.parse(outage[0]), { level: 50, redis: `127.0.0.1:${port}` });
  t.notOk(portal.app.pageCache.shared());
  const first = await get(portal, '/aboutUs');
  t.equal(first.statusCode, 200);
  t.equal(first.headers['x-cache'], 'MISS');
  const second = await get(portal, '/aboutUs');
  t.equal(second.statusCode, 200);
  t.equal(second.headers['x-cache'], 'HIT', "from the portal's own LRU");
  t.ok(portal.app.registry.reload());
  t.equal((await get(portal, '/aboutUs')).headers['x-cache'], 'MISS', 'a reload still retires it');
  t.equal(logLines.filter((l) => l.includes('Redis unreachable: the page cache')).length, 1, 'no more error lines');
});

t.test('without REDIS_URL nothing is shared: the LRU alone, as before', async (t) => {
  const portal = await buildTestApp();
  t.teardown(() => portal.close());
  t.notOk(portal.app.pageCache.shared());
  t.equal((await get(portal, '/aboutUs')).headers['x-cache'], 'MISS');
  t.equal((await get(portal, '/aboutUs')).headers['x-cache'], 'HIT');
});
