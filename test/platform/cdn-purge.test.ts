import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { loadConfig } from '../../src/config.ts';
import { buildAppOverBackend, buildTestApp } from '../helpers/build.ts';
import { backendRows, registerMember } from '../listings/helpers.ts';

/**
 * Issue 36 part 4: with CDN_PURGE_URL, what a write drops from the page cache (and what the ops console purges) is
 * posted to the CDN's purge hook as absolute URLs on the city's hosts; fire and forget, logged with the request id,
 * never failing the write. The hook here is a stand-in HTTP server that records what it is sent.
 */

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: { urls: string[] };
}

/** A stand-in for the CDN's purge API: answers `status` and keeps every request. */
async function startPurgeStandIn() {
  const received: Received[] = [];
  const standIn = { received, status: 200, url: '' };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: JSON.parse(raw) });
      res.writeHead(standIn.status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return standIn;
}

const OPS_TOKEN = 'cdn-test-ops-token-0123456789abcdef0123';
const standIn = await startPurgeStandIn();
const logLines: string[] = [];
const portal = await buildAppOverBackend(t, { env: { CDN_PURGE_URL: `${standIn.url}/purge?key=k1`, ADMIN_TOKEN: OPS_TOKEN }, logLines });
const { app, backend } = portal;
const member = await registerMember(backend, '13912340366', '清缓存会员');
const cookie = portal.memberCookie({ uid: member.uid, userId: member.userId, phone: member.phone, nickName: member.nickName });
const agentId = backendRows(backend, 'SELECT id FROM belonger WHERE city_id = 1 AND iskefu = 0 ORDER BY id LIMIT 1')[0]?.id as number;
const logged = (msg: string) => logLines.map((l) => JSON.parse(l)).filter((l) => l.msg === msg);
const sorted = (xs: string[]) => [...xs].sort();

t.beforeEach(() => {
  standIn.received.length = 0;
  standIn.status = 200;
  logLines.length = 0;
});

t.test("a write asks the CDN, once, to drop the pages it changed on the city's mobile and desktop hosts", async (t) => {
  const review = await app.inject({
    method: 'POST',
    url: '/-/broker/review',
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie, 'x-request-id': 'write-1' },
    payload: { belongerId: String(agentId), professional: '5', attitude: '5', response: '4', content: '专业耐心，推荐' },
  });
  t.equal(review.statusCode, 200, 'the review is saved');
  await app.cdnPurge.settled();
  t.equal(standIn.received.length, 1, 'the four agent pages the review changed go in one call');
  const [call] = standIn.received;
  t.equal(call?.method, 'POST');
  t.equal(call?.url, '/purge?key=k1', 'CDN_PURGE_URL as it was given');
  t.match(call?.headers['content-type'], /application\/json/);
  t.equal(call?.headers['x-request-id'], 'write-1', "the write's request id travels with it");
  // Each page at each of its paths (the alias with its query key too), on the default city's canonical hosts.
  const paths = [
    `/broker/${agentId}`,
    `/broker/details?id=${agentId}`,
    `/dianping/${agentId}`,
    `/dpDetail/${agentId}`,
    `/dpDetail?id=${agentId}`,
  ];
  t.same(
    sorted(call?.body.urls ?? []),
    sorted(['http://localhost:3000', 'http://pc.localhost:3000'].flatMap((origin) => paths.map((p) => origin + p))),
  );
  const [done] = logged('CDN purge done');
  t.match(done, { level: 30, reqId: 'write-1', cdnPurge: { status: 200, count: call?.body.urls.length } }, 'logged with the request id');
});

t.test('another city’s pages are purged on its own sub-domains', async (t) => {
  app.pageCache.invalidate('wenda.detail', { id: '7' }, 2, { log: app.log.child({ reqId: 'ops-2' }), reqId: 'ops-2' });
  await app.cdnPurge.settled();
  t.same(
    sorted(standIn.received[0]?.body.urls ?? []),
    sorted([
      'http://wh.localhost:3000/wenda/7.html',
      'http://wh.localhost:3000/wenda/details?id=7',
      'http://wh.pc.localhost:3000/wenda/7.html',
      'http://wh.pc.localhost:3000/wenda/details?id=7',
    ]),
  );
});

t.test('a purge on the ops console asks the CDN to drop the path on every city’s hosts, and everything as /*', async (t) => {
  const ops = (payload: object) =>
    app.inject({
      method: 'POST',
      url: '/-/ops/purge',
      headers: { authorization: `Bearer ${OPS_TOKEN}`, 'x-request-id': 'ops-1', accept: 'application/json' },
      payload,
    });
  t.equal((await app.inject('/aboutUs')).statusCode, 200, 'a page in the cache');
  t.equal((await ops({ kind: 'path', path: '/aboutUs' })).statusCode, 200);
  await app.cdnPurge.settled();
  const urls = standIn.received.flatMap((r) => r.body.urls);
  t.ok(urls.includes('http://localhost:3000/aboutUs'), 'the default city’s mobile host');
  t.ok(urls.includes('http://pc.localhost:3000/aboutUs'), 'and its desktop host');
  t.ok(urls.includes('http://wh.localhost:3000/aboutUs'), 'and another city’s');
  t.ok(
    urls.every((u) => u.endsWith('/aboutUs')),
    'nothing else',
  );
  standIn.received.length = 0;
  t.equal((await ops({ kind: 'all', confirm: true })).statusCode, 200);
  await app.cdnPurge.settled();
  const all = standIn.received.flatMap((r) => r.body.urls);
  t.ok(all.includes('http://localhost:3000/*') && all.includes('http://wh.localhost:3000/*'), 'everything: /* on every host');
});

t.test('a hook that refuses never fails the write; the refusal is logged as a warning with the request id', async (t) => {
  standIn.status = 503;
  const review = await app.inject({
    method: 'POST',
    url: '/-/wenda/answer',
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie, 'x-request-id': 'write-2' },
    payload: {
      wendaId: String(backendRows(backend, 'SELECT id FROM wenda WHERE city_id = 1 ORDER BY id LIMIT 1')[0]?.id),
      content: '可以贷款的',
    },
  });
  t.equal(review.statusCode, 200, 'the answer is saved');
  await app.cdnPurge.settled();
  t.equal(standIn.received.length, 1);
  const [refused] = logged('CDN purge refused by the hook');
  t.match(refused, { level: 40, reqId: 'write-2', cdnPurge: { status: 503 } });
});

t.test('a hook that cannot be reached is logged; without CDN_PURGE_URL nothing is sent', async (t) => {
  const lines: string[] = [];
  const down = await buildTestApp({ env: { CDN_PURGE_URL: 'http://127.0.0.1:9/purge' }, logLines: lines });
  t.teardown(down.close);
  down.app.pageCache.invalidate('aboutUs', {}, 1, { log: down.app.log.child({ reqId: 'ops-3' }), reqId: 'ops-3' });
  await down.app.cdnPurge.settled();
  const failed = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'CDN purge failed');
  t.match(failed, { level: 40, reqId: 'ops-3', cdnPurge: { urls: ['http://localhost:3000/aboutUs', 'http://pc.localhost:3000/aboutUs'] } });

  const off = await buildTestApp();
  t.teardown(off.close);
  t.equal(off.app.cdnPurge.enabled, false);
  off.app.pageCache.invalidate('aboutUs', {}, 1);
  await off.app.cdnPurge.settled();
  t.equal(standIn.received.length, 0);
});

t.test('CDN_PURGE_URL must be an http(s) URL', async (t) => {
  const base = { COOKIE_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/portal-cfg-test' };
  t.equal(loadConfig({ ...base, CDN_PURGE_URL: 'https://cdn.example.com/purge/' }).cdnPurgeUrl, 'https://cdn.example.com/purge/');
  t.throws(() => loadConfig({ ...base, CDN_PURGE_URL: 'cdn.example.com' }), { message: /CDN_PURGE_URL must be an absolute http\(s\) URL/ });
  t.throws(() => loadConfig({ ...base, CDN_PURGE_URL: 'ftp://cdn.example.com/' }), {
    message: 'CDN_PURGE_URL must be an http(s) URL, got ftp:',
  });
});
