import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import t from 'tap';
import { startRedis } from '../../scripts/redis.ts';
import { seededDataDir, startTestBackend } from '../helpers/backend.ts';
import { writeTempRegistry } from '../helpers/build.ts';
import { startPortalProcess } from '../helpers/portal-process.ts';

/**
 * Issue 20 part 3 with real processes (src/server.ts, as `npm start` runs it):
 * - two portal processes over one redis-server: a page rendered by the first is a HIT on the second; a registry reload
 *   (the file edited, each process reloads it) retires the page in both;
 * - a cluster: the primary starts the embedded gateway once and two workers; a worker that dies is replaced; SIGTERM to
 *   the primary drains every worker and exits 0.
 */

/** One request on a new connection (a keep-alive pool would pin one process). */
function get(url: string): Promise<{ status: number; cache: string | undefined; etag: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, cache: res.headers['x-cache'] as string, etag: res.headers.etag }));
      })
      .on('error', reject);
  });
}

const count = (text: string, needle: string) => text.split(needle).length - 1;

t.test('two portal processes over one Redis: a page rendered by one is a HIT on the other; a reload retires both', async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const backend = await startTestBackend();
  t.teardown(() => backend.close());
  const registryPath = writeTempRegistry();
  const env = { REDIS_URL: redis.url, GATEWAY_URL: backend.url, REGISTRY_PATH: registryPath };
  // Process one watches registry.json; process two hears of the reload through Redis only.
  const [one, two] = await Promise.all([startPortalProcess({ ...env, REGISTRY_WATCH: '1' }), startPortalProcess(env)]);
  t.teardown(() => Promise.all([one.stop(), two.stop()]));
  t.match(one.output(), /the page cache shared through Redis/);

  const first = await get(`${one.base}/aboutUs`);
  t.equal(first.status, 200);
  t.equal(first.cache, 'MISS', 'rendered by process one');
  const second = await get(`${two.base}/aboutUs`);
  t.equal(second.cache, 'HIT', 'a HIT on process two');
  t.equal(second.etag, first.etag, 'with the same ETag');

  // An edit of registry.json: process one reloads it; the pages of both retire.
  writeFileSync(registryPath, `${readFileSync(registryPath, 'utf8')}\n`);
  await one.waitFor('registry reloaded');
  await Promise.all([one.waitFor('every page retired'), two.waitFor('every page retired')]);
  const after = await get(`${two.base}/aboutUs`);
  t.equal(after.cache, 'MISS', 'after the reload process two renders the page again');
  const back = await get(`${one.base}/aboutUs`);
  t.equal(back.cache, 'HIT', "process one answers with process two's new copy");
});

t.test('a cluster: one embedded gateway, a worker per WEB_CONCURRENCY, a dead worker replaced, SIGTERM drains all', async (t) => {
  const portal = await startPortalProcess({ WEB_CONCURRENCY: '2', DATA_DIR: await seededDataDir() });
  t.teardown(() => portal.stop());
  const listening = `Server listening at ${portal.base}`;
  await portal.waitFor(new RegExp(`(${listening}[\\s\\S]*){2}`));
  const out = portal.output();
  t.equal(count(out, 'embedded backend started'), 1, 'the embedded gateway is started once, by the primary');
  t.match(out, /embedded backend started \(one for every worker\)/);
  t.match(out, /"workers":2[^\n]*starting portal workers/);

  // The primary's node children: tsx may also run an esbuild service beside them (it does when its transform cache
  // misses, as under libfaketime, where every file looks modified).
  const workers = () =>
    execFileSync('ps', ['--ppid', String(portal.child.pid), '-o', 'pid=,comm='], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter(([, comm]) => comm === 'node')
      .map(([pid]) => Number(pid))
      .filter((n) => n > 0);
  // ps may not list a process that has just forked under load: look again for a while.
  for (let i = 0; i < 50 && workers().length !== 2; i++) await new Promise((r) => setTimeout(r, 100));
  const before = workers();
  t.equal(before.length, 2, `two worker processes (${before})`);
  // Issue 35 part 3: each worker runs with the registry's site.workerMemory.
  t.match(out, /"execArgv":\[[^\]]*"--max-old-space-size=256","--max-semi-space-size=8"\][^\n]*starting portal workers/);
  for (const pid of before) {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    t.ok(argv.includes('--max-old-space-size=256') && argv.includes('--max-semi-space-size=8'), `worker ${pid}'s node flags`);
    t.ok(readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes('MALLOC_ARENA_MAX=2'), `worker ${pid}'s MALLOC_ARENA_MAX`);
  }
  // SIGUSR2: a worker logs its memory (src/memory-report.ts), as bench:mix reads it.
  process.kill(before[1], 'SIGUSR2');
  await portal.waitFor(
    new RegExp(
      `"pid":${before[1]}[^\\n]*"memory":\\{"rss":[\\d.]+,"heapTotal"[^\\n]*"pageCache":[\\d.]+,"pageCacheEntries":\\d+,"markupMemo":[\\d.]+,"answerMemo":[\\d.]+\\}[^\\n]*memory report`,
    ),
  );
  for (let i = 0; i < 4; i++) t.equal((await get(`${portal.base}/aboutUs`)).status, 200, 'pages are served');

  process.kill(before[0], 'SIGKILL');
  await portal.waitFor('portal worker died; restarting it');
  await portal.waitFor(new RegExp(`(${listening}[\\s\\S]*){3}`));
  for (let i = 0; i < 50 && workers().length !== 2; i++) await new Promise((r) => setTimeout(r, 100));
  const after = workers();
  t.equal(after.length, 2, 'a new worker replaced the dead one');
  t.notOk(after.includes(before[0]));
  t.equal((await get(`${portal.base}/aboutUs`)).status, 200);

  portal.child.kill('SIGTERM');
  t.equal(await portal.exited, 0, 'SIGTERM: every worker drains, the primary exits 0');
  t.match(portal.output(), /every worker drained; primary exits/);
  t.equal(count(portal.output(), 'drained: every request answered'), 2, 'both workers drained');
});
