import t from 'tap';
import { knownNames } from '../../src/app.ts';
import { createOpsAuth } from '../../src/ops/auth.ts';
import { noticeFromQuery } from '../../src/ops/notice.ts';
import { runPurge } from '../../src/ops/purge.ts';
import { normalisePath, type PurgeResult, parsePurgeTarget, pathOfKey, purgeTest } from '../../src/page-cache-purge.ts';
import { cacheUsage, createHitWindow } from '../../src/page-cache-stats.ts';
import { compileRegistry } from '../../src/registry/load.ts';
import { readRegistry } from '../helpers/build.ts';

/** Issue 36 part 2: the console's small rules, each alone. */

const registry = compileRegistry(readRegistry(), knownNames());

t.test('page keys: their path, one spelling of it, and which keys a purge drops', async (t) => {
  t.equal(pathOfKey('mobile|1|/zixun/details?id=3'), '/zixun/details');
  t.equal(pathOfKey('pc|12|/aboutUs'), '/aboutUs');
  t.equal(normalisePath('/AboutUs/'), '/aboutus');
  t.equal(normalisePath('/'), '/');
  t.equal(normalisePath('/xiaoqu/%E5%A4%A9'), '/xiaoqu/天');
  const byPath = purgeTest({ kind: 'path', path: '/aboutus' }, registry);
  t.ok(byPath('mobile|1|/aboutUs') && byPath('pc|2|/aboutUs/'), 'every city and site, any case');
  t.notOk(byPath('mobile|1|/aboutUsMore'), 'not a prefix');
  const byEntry = purgeTest({ kind: 'entry', entry: 'aboutUs' }, registry);
  t.ok(byEntry('mobile|1|/aboutUs'));
  t.notOk(byEntry('mobile|1|/zixun/'));
  t.match(parsePurgeTarget({ kind: 'all', confirm: 'yes' }, registry), { kind: 'all' });
  t.equal(parsePurgeTarget({ kind: 'all', confirm: 'no' }, registry), '清除全部缓存需要勾选确认');
  t.same(parsePurgeTarget({ kind: 'path', path: ' /a?b=1 ' }, registry), { kind: 'path', path: '/a' }, 'the query is no part of a path');
  t.equal(parsePurgeTarget(null, registry), '未知的清除方式');
});

t.test('cache usage: by entry, the biggest and the most-hit keys', async (t) => {
  const pages = [
    { key: 'mobile|1|/aboutUs', bytes: 100, hits: 5, ttlMs: 1000 },
    { key: 'pc|1|/aboutUs', bytes: 300, hits: 0, ttlMs: 1000 },
    { key: 'mobile|1|/zixun/', bytes: 200, hits: 9, ttlMs: 1000 },
  ];
  const usage = cacheUsage(pages, (k) => registry.pages.match(pathOfKey(k))?.target.name ?? '', 2);
  t.match(usage, { entries: 3, bytes: 600 });
  t.same(usage.byEntry, [
    { entry: 'aboutUs', entries: 2, bytes: 400, hits: 5 },
    { entry: 'zixun', entries: 1, bytes: 200, hits: 9 },
  ]);
  t.same(
    usage.biggest.map((k) => k.key),
    ['pc|1|/aboutUs', 'mobile|1|/zixun/'],
    'the 2 biggest',
  );
  t.same(
    usage.mostHit.map((k) => k.key),
    ['mobile|1|/zixun/', 'mobile|1|/aboutUs'],
    'the 2 most hit (never a key without a hit)',
  );
});

t.test('the hit ratio counts the lookups of the last window only', async (t) => {
  let now = 1_000_000_000;
  const window = createHitWindow(() => now);
  t.same(window.ratio(60), { windowSeconds: 60, hits: 0, misses: 0, ratio: null });
  window.countMiss();
  window.countHit();
  now += 120_000;
  window.countHit();
  window.countHit();
  window.countHit();
  window.countMiss();
  t.same(window.ratio(60), { windowSeconds: 60, hits: 3, misses: 1, ratio: 0.75 }, 'two minutes later, a one-minute window');
  t.same(window.ratio(300), { windowSeconds: 300, hits: 4, misses: 2, ratio: 4 / 6 });
  now += 4000 * 1000;
  t.same(window.ratio(3600), { windowSeconds: 3600, hits: 0, misses: 0, ratio: null }, 'an hour later, nothing');
});

t.test('a purge: our levels first, then the CDN hook once with the paths, then one log line of who', async (t) => {
  const order: string[] = [];
  const lines: Array<[unknown, string]> = [];
  const log = {
    warn: (obj: unknown, msg: string) => lines.push([obj, msg]),
    error: (obj: unknown, msg: string) => lines.push([obj, msg]),
  } as never;
  const result: PurgeResult = { target: { kind: 'entry', entry: 'aboutUs' }, local: 2, redis: 1, everyProcess: true, paths: ['/aboutUs'] };
  const caller = { via: 'session' as const, id: 'session:abc', operator: '李四' };
  const outcome = await runPurge(
    {
      purge: async () => {
        order.push('portal');
        return result;
      },
      cdnPurge: async (target, paths) => {
        order.push(`cdn ${target.kind} ${paths.join(',')}`);
      },
      log,
    },
    result.target,
    caller,
  );
  t.same(order, ['portal', 'cdn entry /aboutUs']);
  t.equal(outcome.cdn, 'ok');
  t.match(lines, [
    [{ ops: 'purge', by: 'session:abc (李四)', purge: 'entry aboutUs', local: 2, redis: 1, cdn: 'ok' }, 'ops: page cache purged'],
  ]);

  lines.length = 0;
  const failed = await runPurge(
    {
      purge: async () => result,
      cdnPurge: async () => {
        throw new Error('CDN said 500');
      },
      log,
    },
    result.target,
    caller,
  );
  t.equal(failed.cdn, 'failed', 'a CDN failure is reported, not thrown: our own copies are gone already');
  t.match(lines, [
    [{ err: 'CDN said 500' }, 'ops: CDN purge failed'],
    [{ cdn: 'failed' }, 'ops: page cache purged'],
  ]);
  t.match(noticeFromQuery({ notice: 'purged', kind: 'entry', local: '2', redis: '1', every: '1', cdn: 'failed' }), {
    kind: 'error',
    text: /CDN 清除失败/,
  });
  t.equal(noticeFromQuery({ notice: 'purged', kind: '<script>', local: '1' }), null, 'only our own codes');
});

t.test('the token is compared whole; a session carries no token and dies with the token it was opened under', async (t) => {
  const signed = new Map<string, string>();
  const sign = (v: string) => {
    const s = `${v}.sig${signed.size}`;
    signed.set(s, v);
    return s;
  };
  const unsign = (v: string) => ({ valid: signed.has(v), value: signed.get(v) ?? null });
  let now = 0;
  const token = 'a'.repeat(40);
  const auth = createOpsAuth({ adminToken: token, sign, unsign, now: () => now });
  t.match(auth.caller({ authorization: `Bearer ${token}` }, undefined), { via: 'bearer', id: /^token:[0-9a-f]{8}$/ });
  t.equal(auth.caller({ authorization: `Bearer ${token.slice(1)}` }, undefined), null);
  t.equal(auth.caller({ authorization: `Bearer ${token} ` }, undefined), null);
  const session = auth.openSession('王五 <b>', 10);
  t.equal(session.caller.operator, '', 'an operator name with markup is dropped');
  const named = auth.openSession('王五', 10);
  t.notMatch(named.cookie, token);
  t.match(auth.caller({}, named.cookie), { via: 'session', id: named.caller.id, operator: '王五' });
  t.equal(auth.caller({ authorization: 'Bearer wrong' }, named.cookie), null, 'a wrong bearer is not saved by a good cookie');
  const other = createOpsAuth({ adminToken: 'b'.repeat(40), sign, unsign, now: () => now });
  t.equal(other.caller({}, named.cookie), null, 'another token: the session is over');
  now += 10 * 60_000;
  t.equal(auth.caller({}, named.cookie), null, 'expired');
  t.ok(auth.tokenMatches(token));
  t.notOk(auth.tokenMatches(''));
  t.notOk(auth.tokenMatches(42));
});
