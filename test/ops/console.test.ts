import { readFileSync, writeFileSync } from 'node:fs';
import t from 'tap';
import { buildTestApp } from '../helpers/build.ts';
import { ADMIN_TOKEN, BEARER, fileSha256, opsData, withoutAddress } from './helpers.ts';

/**
 * Issue 36 part 2: the ops console at /-/ops. Without ADMIN_TOKEN, or for a caller without it, every console address
 * answers what an unknown address answers; with the token it shows the registry in force (hash, load time, the file on
 * disk against it, the last refused edit by entry and field), the page cache (by entry, biggest and most-hit keys, hit
 * ratio), the slowest pages (or 指标未启用) and the health of the gateway and of this process.
 */

t.test('without ADMIN_TOKEN there is no console: /-/ops is the 404 of any unknown address', async (t) => {
  const portal = await buildTestApp();
  t.teardown(portal.close);
  for (const path of ['/-/ops', '/-/ops/data.json']) {
    const res = await portal.app.inject({ url: path, headers: BEARER });
    const unknown = await portal.app.inject('/-/nothing-here');
    t.equal(res.statusCode, 404, path);
    t.equal(withoutAddress(res, path), withoutAddress(unknown, '/-/nothing-here'), `${path}: the same page as an unknown address`);
  }
  const post = await portal.app.inject({ method: 'POST', url: '/-/ops/purge', headers: BEARER, payload: { kind: 'all' } });
  t.equal(post.statusCode, 404);
  t.same(post.json(), { status: 404, message: '请求的操作不存在' });
});

t.test('with ADMIN_TOKEN, a caller without it gets exactly what an unknown address answers', async (t) => {
  const portal = await buildTestApp({ adminToken: ADMIN_TOKEN });
  t.teardown(portal.close);
  const unknownPage = await portal.app.inject('/-/nothing-here');
  const unknownPost = await portal.app.inject({ method: 'POST', url: '/-/nothing-here', payload: { kind: 'all' } });
  const callers: Array<[string, Record<string, string>]> = [
    ['no credentials', {}],
    ['a wrong token', { authorization: `Bearer ${ADMIN_TOKEN}x` }],
    ['a token in another scheme', { authorization: `Basic ${ADMIN_TOKEN}` }],
    ['a forged session cookie', { cookie: 'ops_session=abc.9999999999999.tag.x' }],
    ['a session cookie signed by the site for something else', { cookie: `ops_session=${portal.app.signCookie('x.9999999999999.y.')}` }],
  ];
  for (const [who, headers] of callers) {
    for (const path of ['/-/ops', '/-/ops/data.json', '/-/OPS/']) {
      const res = await portal.app.inject({ url: path, headers });
      t.equal(res.statusCode, 404, `${who}: GET ${path} is 404`);
      t.equal(res.headers['content-type'], unknownPage.headers['content-type']);
      t.equal(withoutAddress(res, path), withoutAddress(unknownPage, '/-/nothing-here'), `${who}: GET ${path} is the unknown page`);
    }
    for (const path of ['/-/ops/purge', '/-/ops/registry/restore', '/-/ops/logout', '/-/ops/session']) {
      const res = await portal.app.inject({ method: 'POST', url: path, headers, payload: { kind: 'all', confirm: true } });
      t.equal(res.statusCode, unknownPost.statusCode, `${who}: POST ${path}`);
      t.equal(res.body, unknownPost.body, `${who}: POST ${path} is the action door's answer`);
    }
  }
  // A login with a wrong token is no different.
  const login = await portal.app.inject({ method: 'POST', url: '/-/ops/session', payload: { token: 'guess' } });
  t.equal(login.body, unknownPost.body);
  t.notOk(login.headers['set-cookie'], 'no cookie');
  // Unread bodies are answered as the action door answers them, too.
  const textPlain = { 'content-type': 'text/plain' };
  const plainOps = await portal.app.inject({ method: 'POST', url: '/-/ops/session', headers: textPlain, payload: 'token=x' });
  const plainDoor = await portal.app.inject({ method: 'POST', url: '/-/nothing-here', headers: textPlain, payload: 'token=x' });
  t.equal(plainOps.statusCode, plainDoor.statusCode, 'a text/plain login: the same status');
  t.equal(plainOps.body, plainDoor.body, 'and the same answer');
});

t.test('the token shows the registry hash, the cache stats and the last refused edit, on the page and as JSON', async (t) => {
  const portal = await buildTestApp({ adminToken: ADMIN_TOKEN });
  t.teardown(portal.close);
  const { app, registryPath } = portal;
  const servingSha = fileSha256(registryPath);
  t.equal((await app.inject('/aboutUs')).headers['x-cache'], 'MISS');
  t.equal((await app.inject('/aboutUs')).headers['x-cache'], 'HIT');
  t.equal((await app.inject('/aboutUs')).headers['x-cache'], 'HIT');

  // An edit that breaks one page: refused, the previous registry keeps serving.
  const good = readFileSync(registryPath, 'utf8');
  const bad = JSON.parse(good);
  bad.pages.find((p: { name: string }) => p.name === 'aboutUs').cache = 'sometimes';
  bad.site.pageCache.maxEntries = -1;
  writeFileSync(registryPath, JSON.stringify(bad, null, 2));
  t.notOk(app.registry.reload(), 'the edit is refused');

  const page = await app.inject({ url: '/-/ops', headers: BEARER });
  t.equal(page.statusCode, 200);
  t.match(page.headers['content-type'], /^text\/html/);
  t.equal(page.headers['cache-control'], 'no-store', 'never cached');
  t.equal(page.headers['x-robots-tag'], 'noindex, nofollow');
  t.match(page.body, '<meta name="robots" content="noindex,nofollow"/>');
  t.match(page.body, servingSha, 'the registry hash in force');
  t.match(page.body, '最近一次被拒绝的修改');
  t.match(page.body, 'page &#x27;aboutUs&#x27;', 'the refused entry');
  t.match(page.body, '不一致', 'the file on disk is not the one serving');
  t.match(page.body, '按注册表条目');
  t.match(page.body, 'mobile|1|/aboutUs', 'the cached key');
  t.match(page.body, '66.7%', 'the hit ratio: two hits, one miss');
  t.notMatch(page.body, '指标未启用', 'the app’s metrics are on');
  t.match(page.body, /最慢的页面[\s\S]*aboutUs/, 'the slowest pages: the one page asked');
  t.notMatch(page.body, ADMIN_TOKEN, 'the token is nowhere on the page');
  t.notMatch(page.body, /<script/, 'no script');

  const data = await opsData(portal);
  t.equal(data.registry.sha256, servingSha);
  t.equal(data.registry.disk.sha256, fileSha256(registryPath));
  t.notOk(data.registry.disk.sameAsServing);
  t.same(
    data.registry.disk.changes.map((c) => [c.entry, c.field, c.kind]).sort(),
    [
      ["page 'aboutUs'", 'cache', 'changed'],
      ['site', 'pageCache.maxEntries', 'changed'],
    ],
    'the diff between disk and serving, by entry and field',
  );
  const refused = data.registry.lastRefused;
  t.ok(refused, 'the last refused edit');
  t.equal(refused?.sha256, fileSha256(registryPath));
  t.match(refused?.problems, [{ entry: 'site', field: 'pageCache.maxEntries', message: /must be >= 1/ }], 'by entry and field');
  t.ok(
    refused?.problems.some((p) => p.entry === "page 'aboutUs'" && p.field === 'cache'),
    'the page and its field',
  );
  const cache = data.pageCache;
  t.equal(cache.local.entries, 1);
  t.match(cache.local.byEntry, [{ entry: 'aboutUs', entries: 1, hits: 2 }]);
  t.ok(cache.local.bytes > 0 && cache.local.byEntry[0].bytes === cache.local.bytes, 'bytes per entry');
  t.match(cache.local.biggest, [{ key: 'mobile|1|/aboutUs', entry: 'aboutUs' }]);
  t.match(cache.local.mostHit, [{ key: 'mobile|1|/aboutUs', hits: 2 }]);
  t.match(cache.hitRatio, { hits: 2, misses: 1, windowSeconds: 300 });
  t.equal(cache.redis, null, 'no shared level without REDIS_URL');
  t.match(data.slowest, { enabled: true, pages: [{ entry: 'aboutUs', count: 3 }] }, 'from the app’s metrics');
  t.equal(data.health.gateway.ok, true, 'the gateway answers');
  t.equal(data.health.redis, null, 'no Redis configured');
  t.equal(data.health.processScope, 'this-process');
  t.match(data.health.processes, [{ pid: process.pid, registrySha256: servingSha }]);
  t.same(data.caller, { via: 'bearer', id: data.caller.id, operator: '' });
  t.match(data.caller.id, /^token:[0-9a-f]{8}$/);
});

t.test('a refused edit appears in the history, and the last accepted file is restored from it', async (t) => {
  const lines: string[] = [];
  const portal = await buildTestApp({ adminToken: ADMIN_TOKEN, logLines: lines });
  t.teardown(portal.close);
  const { app, registryPath } = portal;
  const original = readFileSync(registryPath, 'utf8');
  const firstSha = fileSha256(registryPath);

  // An accepted edit (a title), then a refused one (an unknown loader).
  const edited = JSON.parse(original);
  edited.pages.find((p: { name: string }) => p.name === 'aboutUs').meta.title = '关于我们（新）';
  writeFileSync(registryPath, JSON.stringify(edited));
  t.ok(app.registry.reload());
  const editedSha = fileSha256(registryPath);
  const broken = JSON.parse(JSON.stringify(edited));
  broken.pages.find((p: { name: string }) => p.name === 'aboutUs').loader = 'noSuchLoader';
  writeFileSync(registryPath, JSON.stringify(broken));
  t.notOk(app.registry.reload());

  const data = await opsData(portal);
  const history = data.registry.history;
  t.same(
    history.map((e) => [e.result, e.cause, e.sha256]),
    [
      ['refused', 'reload', fileSha256(registryPath)],
      ['accepted', 'reload', editedSha],
      ['accepted', 'start', firstSha],
    ],
    'newest first: the refusal, the accepted edit, the load at start',
  );
  t.match(history[0].problems, [{ entry: "page 'aboutUs'", field: 'loader', message: "unknown loader 'noSuchLoader'" }]);
  t.match(
    history[0].changes,
    [{ entry: "page 'aboutUs'", field: 'loader', kind: 'changed', after: '"noSuchLoader"' }],
    'the entries it changed',
  );
  t.match(history[1].changes, [{ entry: "page 'aboutUs'", field: 'meta', kind: 'changed' }]);
  t.ok(history[1].serving && history[1].restorable, 'the accepted edit serves');
  t.ok(history[2].restorable && !history[2].serving, 'the first file can be restored');
  const page = await app.inject({ url: '/-/ops', headers: BEARER });
  t.match(page.body, '注册表变更历史');
  t.match(page.body, '被拒绝');
  t.match(page.body, 'unknown loader &#x27;noSuchLoader&#x27;');

  // Restore the file serving (the disk holds the refused edit): the disk is the serving file again.
  const restore = await app.inject({ method: 'POST', url: '/-/ops/registry/restore', headers: BEARER, payload: { sha256: editedSha } });
  t.equal(restore.statusCode, 200);
  t.same(restore.json(), { status: 200, sha256: editedSha });
  t.equal(fileSha256(registryPath), editedSha, 'the accepted file is back on disk');
  const after = await opsData(portal);
  t.ok(after.registry.disk.sameAsServing, 'disk and serving agree');
  t.match(after.registry.history[0], { result: 'accepted', cause: 'restore', sha256: editedSha, by: /^token:[0-9a-f]{8}$/ });
  t.ok(lines.some((l) => l.includes('registry restore: an accepted file written back') && !l.includes(ADMIN_TOKEN)));

  // And the first file, from further back in the history.
  const older = await app.inject({ method: 'POST', url: '/-/ops/registry/restore', headers: BEARER, payload: { sha256: firstSha } });
  t.equal(older.statusCode, 200);
  t.equal(fileSha256(registryPath), firstSha);
  t.equal(app.registry.source.sha256, firstSha, 'serving the first file again');
  const unknown = await app.inject({
    method: 'POST',
    url: '/-/ops/registry/restore',
    headers: BEARER,
    payload: { sha256: 'a'.repeat(64) },
  });
  t.equal(unknown.statusCode, 400, 'a file the history does not hold');
  t.equal(unknown.json().message.startsWith('历史中没有这个版本'), true);
});

t.test('a file watcher reload of the bytes last read does nothing: a restore is not reloaded twice', async (t) => {
  const portal = await buildTestApp({ adminToken: ADMIN_TOKEN, watchRegistry: true });
  t.teardown(portal.close);
  const { app, registryPath } = portal;
  const text = readFileSync(registryPath, 'utf8');
  const startSha = app.registry.source.sha256;
  writeFileSync(registryPath, `${text}\n`);
  t.ok(app.registry.reload({ cause: 'watch' }));
  t.ok(app.registry.reload({ cause: 'watch' }), 'the same bytes again');
  t.equal(app.registry.history.list().length, 2, 'one reload recorded besides the start');
  const restored = await app.inject({
    method: 'POST',
    url: '/-/ops/registry/restore',
    headers: BEARER,
    payload: { sha256: startSha },
  });
  t.equal(restored.statusCode, 200);
  // The watcher polls every 500 ms: give it time to see the restore's write.
  await new Promise((r) => setTimeout(r, 1500));
  t.same(
    app.registry.history.list().map((e) => e.cause),
    ['restore', 'watch', 'start'],
    'the watcher saw the restored file and left it alone',
  );
});
