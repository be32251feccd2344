import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, createBrotliDecompress, createGunzip, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import t from 'tap';
import compression from '../../plugins/compression.ts';
import { precompressDir } from '../../scripts/precompress.ts';
import { TRACK_ENDPOINT } from '../../src/lib/tracking.ts';
import { buildAppOverBackend, ROOT } from '../helpers/build.ts';

const HASHED_ASSET = 'entry-3fa4b2c1.js';
const HASHED_PICTURE = 'skyline.3fa4b2c1.svg';

/** A client build with one hashed script, pre-compressed the way the build does it; a public/ with two pictures. */
function fixtureDirs(): { clientDir: string; publicDir: string; script: Buffer } {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'portal-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  const script = Buffer.from(
    Array.from({ length: 400 }, (_, i) => `export function screen${i}(props){return props.items.map((x)=>x.title+${i});}`).join('\n'),
  );
  writeFileSync(path.join(clientDir, 'assets', HASHED_ASSET), script);
  precompressDir(path.join(clientDir, 'assets'));
  const publicDir = mkdtempSync(path.join(tmpdir(), 'portal-public-'));
  mkdirSync(path.join(publicDir, 'img', 'house'), { recursive: true });
  const picture = readFileSync(path.join(ROOT, 'public/img/house/1.svg'));
  writeFileSync(path.join(publicDir, 'img', 'house', '1.svg'), picture);
  writeFileSync(path.join(publicDir, 'img', HASHED_PICTURE), picture);
  return { clientDir, publicDir, script };
}

const decode = (encoding: string | undefined, body: Buffer): Buffer =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

/**
 * Issue 11 point 6: HTML, JSON, CSS, JS and SVG go out as brotli or gzip by Accept-Encoding, decode to the very
 * bytes of the identity answer, and say `Vary: Accept-Encoding`.
 */
/** A page's state carries the moment it was rendered (relative labels, issue 31): one fixed clock, so two renders are one document. */
const startedAt = Date.now();
const fixedClock = () => startedAt;

t.test('pages, /-/data, hashed assets, the sprite and pictures are sent as br, gzip or identity by Accept-Encoding', async (t) => {
  const { clientDir, publicDir, script } = fixtureDirs();
  const { app } = await buildAppOverBackend(t, { clientDir, publicDir, now: fixedClock });
  const urls = ['/ershoufang/', '/-/data/ershoufang/', `/assets/${HASHED_ASSET}`, '/icons.svg?v=1', '/img/house/1.svg', '/-/routes'];
  for (const url of ['/', '/ershoufang/pg2/']) {
    const miss = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    t.equal(miss.headers['x-cache'], 'MISS', `${url}: rendered for this request`);
    t.equal(miss.headers['content-encoding'], 'br');
    t.match(brotliDecompressSync(miss.rawPayload).toString(), /^<!DOCTYPE html>[\s\S]*<\/html>$/, `${url}: the whole document`);
  }
  for (const url of urls) {
    // The page is page-cached from the second request on: warm it so every encoding encodes the same document.
    await app.inject(url);
    const plain = await app.inject({ url });
    t.equal(plain.statusCode, 200, url);
    t.equal(plain.headers['content-encoding'], undefined, `${url}: identity without Accept-Encoding`);
    t.match(plain.headers.vary, /accept-encoding/i, `${url}: Vary: Accept-Encoding on the identity answer too`);
    const identity = plain.rawPayload;
    t.ok(identity.length > 1024, `${url}: worth compressing`);
    for (const [accept, expected] of [
      ['br, gzip', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await app.inject({ url, headers: { 'accept-encoding': accept } });
      t.equal(res.statusCode, 200, `${url} ${accept}`);
      t.equal(res.headers['content-encoding'], expected, `${url}: ${accept} → ${expected ?? 'identity'}`);
      t.match(res.headers.vary, /accept-encoding/i, `${url} ${accept}: Vary`);
      if (expected) t.ok(res.rawPayload.length < identity.length / 2, `${url} ${accept}: at most half the bytes`);
      t.ok(decode(expected, res.rawPayload).equals(identity), `${url} ${accept}: decodes to the identity bytes`);
    }
  }
  const asset = await app.inject({ url: `/assets/${HASHED_ASSET}`, headers: { 'accept-encoding': 'br' } });
  t.ok(
    asset.rawPayload.equals(readFileSync(path.join(clientDir, 'assets', `${HASHED_ASSET}.br`))),
    'the build’s .br file is sent as it is',
  );
  t.ok(brotliDecompressSync(asset.rawPayload).equals(script));
  t.match(asset.headers['cache-control'], /immutable/);
  t.match(asset.headers['content-type'], /javascript/);
});

t.test('HEAD, 304 and 204 answers carry no body', async (t) => {
  const { clientDir, publicDir } = fixtureDirs();
  const { app } = await buildAppOverBackend(t, { clientDir, publicDir, now: fixedClock });
  const br = { 'accept-encoding': 'br, gzip' };
  for (const url of ['/ershoufang/', `/assets/${HASHED_ASSET}`, '/icons.svg?v=1', '/img/house/1.svg']) {
    const head = await app.inject({ method: 'HEAD', url, headers: br });
    t.equal(head.statusCode, 200, `HEAD ${url}`);
    t.equal(head.rawPayload.length, 0, `HEAD ${url}: no body`);
    const get = await app.inject({ url, headers: br });
    const etag = get.headers.etag;
    if (!etag) continue;
    const revalidated = await app.inject({ url, headers: { ...br, 'if-none-match': String(etag) } });
    t.equal(revalidated.statusCode, 304, `${url} revalidated`);
    t.equal(revalidated.rawPayload.length, 0, `${url}: a 304 has no body`);
  }
  const beacon = await app.inject({
    method: 'POST',
    url: TRACK_ENDPOINT,
    headers: br,
    payload: { kind: 'pageview', page: 'home', pageUrl: 'http://localhost/', platFormDesc: 'h5' },
  });
  t.equal(beacon.statusCode, 204);
  t.equal(beacon.rawPayload.length, 0, 'a 204 has no body');
  t.equal(beacon.headers['content-encoding'], undefined);
});

t.test('pictures in public/: content-addressed names are immutable, the numbered ones a short cache', async (t) => {
  const { clientDir, publicDir } = fixtureDirs();
  const { app } = await buildAppOverBackend(t, { clientDir, publicDir, now: fixedClock });
  for (const accept of ['br', '']) {
    const hashed = await app.inject({ url: `/img/${HASHED_PICTURE}`, headers: { 'accept-encoding': accept } });
    t.equal(hashed.statusCode, 200);
    t.equal(hashed.headers['cache-control'], 'public, max-age=31536000, immutable', `content-addressed (${accept || 'identity'})`);
    const numbered = await app.inject({ url: '/img/house/1.svg', headers: { 'accept-encoding': accept } });
    t.equal(numbered.statusCode, 200);
    t.equal(numbered.headers['cache-control'], 'public, max-age=86400', `numbered (${accept || 'identity'})`);
  }
});

/** A socket-level client: the decoded text that has arrived so far, and whether the answer has ended. */
function openStream(port: number, encoding: 'br' | 'gzip') {
  let text = '';
  let ended = false;
  const done = new Promise<void>((resolve, reject) => {
    request({ port, path: '/stream', headers: { 'accept-encoding': encoding } }, (res) => {
      const decoder = encoding === 'br' ? createBrotliDecompress() : createGunzip();
      res.pipe(decoder);
      decoder.on('data', (c: Buffer) => {
        text += c.toString();
      });
      decoder.on('end', () => {
        ended = true;
        resolve();
      });
      decoder.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
  return { text: () => text, ended: () => ended, done };
}

t.test('a streamed page reaches the browser per write, compressed: the shell before the rest is ready', async (t) => {
  const app = Fastify();
  await app.register(compression);
  let out: PassThrough | null = null;
  app.get('/stream', (_req, reply) => {
    out = new PassThrough();
    out.write('<!doctype html><html><head><title>壳</title></head><body><div id="app">shell</div>');
    return reply.type('text/html; charset=utf-8').send(out);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  t.teardown(() => app.close());
  const { port } = app.server.address() as { port: number };
  for (const encoding of ['br', 'gzip'] as const) {
    const client = openStream(port, encoding);
    const until = Date.now() + 2000;
    while (!client.text().includes('shell') && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    t.match(client.text(), 'shell', `${encoding}: the shell arrives while the document is still open`);
    t.notOk(client.ended());
    (out as PassThrough | null)?.end('<p>rest</p></body></html>');
    await client.done;
    t.match(client.text(), /shell<\/div><p>rest<\/p><\/body><\/html>$/, `${encoding}: then the rest`);
  }
});

t.test('an answer that already carries a Content-Encoding is sent as it is', async (t) => {
  const app = Fastify();
  await app.register(compression);
  const html = Buffer.from('<p>已压缩的页面</p>'.repeat(200));
  const stored = brotliCompressSync(html);
  app.get('/stored', (_req, reply) =>
    reply.type('text/html; charset=utf-8').header('content-encoding', 'br').header('vary', 'accept-encoding').send(stored),
  );
  const res = await app.inject({ url: '/stored', headers: { 'accept-encoding': 'br, gzip' } });
  t.equal(res.headers['content-encoding'], 'br');
  t.ok(res.rawPayload.equals(stored), 'the stored bytes, not compressed twice');
  t.ok(brotliDecompressSync(res.rawPayload).equals(html));
  t.equal(res.headers.vary, 'accept-encoding', 'one Vary entry');
});
