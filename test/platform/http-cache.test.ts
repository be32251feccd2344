import { setTimeout as sleep } from 'node:timers/promises';
import t from 'tap';
import { buildTestApp } from '../helpers/build.ts';

/**
 * Issue 36 part 4 (SPEC 9): each page's registry `cache` is also its HTTP caching, so a CDN in front can keep the
 * public pages and never a member's: the headers a browser and a shared cache see, page kind by page kind.
 */

const PUBLIC_VARY = 'Accept-Encoding, Cookie';

t.test("a visitor's public page carries the registry TTL as s-maxage, on the render, from the page cache and on a 304", async (t) => {
  const { app, close } = await buildTestApp({
    editRegistry: (r) => {
      const about = r.pages.find((p) => p.name === 'aboutUs');
      if (!about) throw new Error('no aboutUs page');
      about.cache = 300;
    },
  });
  t.teardown(close);
  const expected = 'public, max-age=30, s-maxage=300, stale-while-revalidate=60';
  const rendered = await app.inject('/aboutUs');
  t.equal(rendered.statusCode, 200);
  t.equal(rendered.headers['x-cache'], 'MISS');
  t.equal(rendered.headers['cache-control'], expected, "s-maxage is the entry's own TTL (300), not the site's 120");
  t.equal(rendered.headers.vary, PUBLIC_VARY, 'a shared cache keeps one copy per encoding and never hands it to a member');
  t.match(rendered.headers.etag, /^W\/"/, 'with its validator');
  t.equal(rendered.headers.age, undefined, 'just rendered: no age');

  await sleep(1100);
  const hit = await app.inject({ url: '/aboutUs', headers: { 'accept-encoding': 'br' } });
  t.equal(hit.headers['x-cache'], 'HIT');
  t.equal(hit.headers['cache-control'], expected);
  t.equal(hit.headers.vary, PUBLIC_VARY);
  t.ok(Number(hit.headers.age) >= 1, `from the page cache: its Age (${hit.headers.age}) so a CDN keeps it only for what is left`);

  const revalidated = await app.inject({ url: '/aboutUs', headers: { 'if-none-match': String(rendered.headers.etag) } });
  t.equal(revalidated.statusCode, 304, "a CDN's revalidation is a 304");
  t.equal(revalidated.headers['cache-control'], expected, 'the 304 renews the same policy');
  t.equal(revalidated.headers.vary, PUBLIC_VARY);
  t.equal(revalidated.headers.etag, rendered.headers.etag);
});

t.test('site.httpCache: the browser max-age never outlives the TTL; stale-while-revalidate 0 is left out', async (t) => {
  const { app, close } = await buildTestApp({
    editRegistry: (r) => {
      r.site.httpCache = { browserMaxAgeSeconds: 90, staleWhileRevalidateSeconds: 0, notFoundMaxAgeSeconds: 0, errorMaxAgeSeconds: 0 };
      const page = r.pages.find((p) => p.name === 'downloadapp');
      if (!page) throw new Error('no downloadapp page');
      page.cache = 20;
    },
  });
  t.teardown(close);
  t.equal((await app.inject('/downloadapp')).headers['cache-control'], 'public, max-age=20, s-maxage=20', 'max-age 90 capped at the TTL');
  t.equal((await app.inject('/aboutUs')).headers['cache-control'], 'public, max-age=90, s-maxage=120');
  t.equal((await app.inject('/no/such/page')).headers['cache-control'], 'no-store', 'notFoundMaxAgeSeconds 0: the 404 is never kept');
  const failed = await app.inject({ url: '/aboutUs', headers: { host: 'boom.localhost' } });
  t.equal(failed.statusCode, 502);
  t.equal(failed.headers['cache-control'], 'no-store', 'errorMaxAgeSeconds 0: the error page is never kept');
});

t.test("a member's request is private, no-store on every page kind, and never gets an ETag", async (t) => {
  const { app, close, memberCookie } = await buildTestApp();
  t.teardown(close);
  const cookie = memberCookie();
  for (const [url, status] of [
    ['/aboutUs', 200],
    ['/personalcenter', 200],
    ['/login', 200],
    ['/no/such/page', 404],
  ] as const) {
    const res = await app.inject({ url, headers: { cookie } });
    t.equal(res.statusCode, status, url);
    t.equal(res.headers['cache-control'], 'private, no-store', `${url}: no cache keeps a member's page`);
    t.equal(res.headers.etag, undefined, `${url}: no validator`);
  }
  const head = await app.inject({ method: 'HEAD', url: '/aboutUs', headers: { cookie } });
  t.equal(head.headers['cache-control'], 'private, no-store', 'HEAD too');
});

t.test('a page the registry marks no-cache is private, no-store for a visitor too', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  const login = await app.inject('/login');
  t.equal(login.statusCode, 200);
  t.equal(login.headers['cache-control'], 'private, no-store');
  t.equal(login.headers.etag, undefined);
});

t.test('the 404 screen and error pages are short-lived and public for a visitor', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  for (const [url, host] of [
    ['/no/such/page', 'localhost'],
    ['/aboutUs', 'nocity.localhost'],
  ]) {
    const res = await app.inject({ url, headers: { host } });
    t.equal(res.statusCode, 404, `${host}${url}`);
    t.equal(res.headers['cache-control'], 'public, max-age=60', `${host}${url}: site.httpCache.notFoundMaxAgeSeconds`);
    t.equal(res.headers.vary, PUBLIC_VARY);
  }
  const failed = await app.inject({ url: '/aboutUs', headers: { host: 'boom.localhost' } });
  t.equal(failed.statusCode, 502, 'the gateway failed the city lookup');
  t.equal(failed.headers['cache-control'], 'public, max-age=5', 'site.httpCache.errorMaxAgeSeconds');
  const malformed = await app.inject('/wenda/%.html');
  t.equal(malformed.statusCode, 400);
  t.equal(malformed.headers['cache-control'], 'public, max-age=5');
});

t.test('HEAD of a public page carries the same policy as its GET', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  const head = await app.inject({ method: 'HEAD', url: '/downloadapp' });
  t.equal(head.statusCode, 200);
  t.equal(head.headers['cache-control'], 'public, max-age=30, s-maxage=120, stale-while-revalidate=60');
  t.equal(head.headers.vary, PUBLIC_VARY);
});

t.test('/-/health, /-/metrics and /-/ops are never stored, whatever their route says (issue 36 part 5)', async (t) => {
  const { app, close } = await buildTestApp({
    setup: (app) => {
      // Stand-ins for the metrics and ops routes (built elsewhere), answering as if they were cacheable.
      for (const url of ['/-/metrics', '/-/ops', '/-/ops/pages'])
        app.get(url, async (_req, reply) => reply.header('cache-control', 'public, max-age=600').send('ok'));
    },
  });
  t.teardown(close);
  for (const url of ['/-/health', '/-/metrics', '/-/ops', '/-/ops/pages', '/-/OPS?x=1']) {
    const res = await app.inject(url);
    t.equal(res.statusCode, 200, url);
    t.equal(res.headers['cache-control'], 'no-store', url);
  }
});

t.test('an answer that sets a cookie is private, no-store even when its route called it public', async (t) => {
  const { app, close } = await buildTestApp({
    setup: (app) => {
      app.get('/-/cookie-probe', async (_req, reply) =>
        reply.header('cache-control', 'public, max-age=600').setCookie('probe', '1', { path: '/' }).send('ok'),
      );
    },
  });
  t.teardown(close);
  const res = await app.inject('/-/cookie-probe');
  t.match(res.headers['set-cookie'], /probe=1/);
  t.equal(res.headers['cache-control'], 'private, no-store');
});
