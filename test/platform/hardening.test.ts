import { createHash } from 'node:crypto';
import t from 'tap';
import { emptyAssets } from '../../src/render/assets.ts';
import { buildTestApp } from '../helpers/build.ts';

/** Issue 11 point 8: malformed URLs, security headers and forwarded headers. */

t.test('a URL the router cannot decode gets the branded error page with 400, not raw JSON', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  for (const url of ['/wenda/%.html', '/ershoufang/%E0%A4%A.html', '/%']) {
    const res = await app.inject(url);
    t.equal(res.statusCode, 400, `${url}: 400`);
    t.match(res.headers['content-type'], /text\/html/, `${url}: an HTML page`);
    t.match(res.body, '<!DOCTYPE html>');
    t.match(res.body, '返回首页', `${url}: the error screen with its way home`);
    t.notMatch(res.body, /FST_ERR|"statusCode"/, `${url}: no framework internals`);
  }
});

t.test('a malformed URL gets the whole branded 400 page and one warn line, never an error-level stack (issue 33 part 4)', async (t) => {
  const lines: string[] = [];
  const { app, close } = await buildTestApp({ logLines: lines });
  t.teardown(close);
  for (const url of ['/ershoufang/%ff.html', '/img/%c0%ae%c0%ae/x', '/wenda/%.html']) {
    lines.length = 0;
    const res = await app.inject({ url, headers: { cookie: 'userInfo=x' } });
    t.equal(res.statusCode, 400, `${url}: 400`);
    t.match(res.body, '请求的地址有误', `${url}: says what is wrong`);
    t.match(res.body, /class="ft/, `${url}: the site's own page, with its footer (not the bare fallback)`);
    t.equal(lines.filter((l) => /"level":50/.test(l)).length, 0, `${url}: no error line`);
    t.equal(lines.filter((l) => /"level":40/.test(l) && l.includes('malformed request')).length, 1, `${url}: one warn line`);
  }
});

t.test('every answer carries the security headers; HTML answers a Content-Security-Policy', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  await app.inject('/aboutUs');
  for (const url of ['/aboutUs', '/aboutUs', '/no/such/page', '/-/data/aboutUs', '/robots.txt', '/icons.svg', '/-/routes']) {
    const res = await app.inject(url);
    t.equal(res.headers['x-content-type-options'], 'nosniff', `${url}: nosniff`);
    t.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin', `${url}: referrer policy`);
    t.equal(res.headers['x-frame-options'], 'DENY', `${url}: no framing`);
    const csp = String(res.headers['content-security-policy']);
    t.match(csp, "script-src 'self'", `${url}: scripts only from the site`);
    t.match(csp, "frame-ancestors 'none'");
    t.notMatch(csp, /script-src[^;]*unsafe-inline/, 'no inline scripts allowed');
  }
});

t.test('X-Forwarded-Host and -Proto are ignored unless TRUST_PROXY names the proxy', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  const res = await app.inject({
    url: '/aboutUs',
    headers: { host: 'localhost', 'x-forwarded-host': 'wh.localhost', 'x-forwarded-proto': 'https' },
  });
  t.equal(res.statusCode, 200);
  t.match(res.body, /<title>长沙/, 'the city comes from the Host the client reached, not a header it chose');
});

t.test('behind a proxy named in TRUST_PROXY, X-Forwarded-Host picks the city', async (t) => {
  const { app, close } = await buildTestApp({ trustProxy: '127.0.0.1' });
  t.teardown(close);
  const res = await app.inject({ url: '/aboutUs', headers: { host: 'localhost', 'x-forwarded-host': 'wh.localhost' } });
  t.match(res.body, /<title>武汉/);
});

t.test('a failing gateway: the visitor reads a short Chinese message, never gateway paths or codes', async (t) => {
  const { app, close } = await buildTestApp({ gatewayUrl: 'http://127.0.0.1:9' });
  t.teardown(close);
  for (const url of ['/-/data/ershoufang/1.html', '/-/data/xinfang/', '/ershoufang/1.html']) {
    const res = await app.inject(url);
    t.ok(res.statusCode >= 502 && res.statusCode <= 504, `${url}: ${res.statusCode}`);
    t.notMatch(res.body, /Gateway|ECONNREFUSED|api\/|findBy/, `${url}: no internals`);
  }
  t.match((await app.inject('/-/data/ershoufang/1.html')).json(), { message: '服务繁忙，请稍后再试' });
});

/** Issue 20: the client starts after the first paint from one constant inline script, which the policy allows by hash. */
t.test('the one inline script of a page is the boot script, allowed by its hash, naming the entry and its chunks', async (t) => {
  const assets = {
    ...emptyAssets(),
    entry: '/assets/entry-1.js',
    preloadsFor: (key: string) => ['/assets/vendor-1.js', `/assets/${key.replace('/', '-')}-1.js`],
  };
  const { app, close } = await buildTestApp({ assets });
  t.teardown(close);
  for (const url of ['/aboutUs', '/no/such/page']) {
    const res = await app.inject(url);
    const scripts = [...res.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attrs]) => !/type="application\/(ld\+)?json"/.test(attrs),
    );
    t.equal(scripts.length, 1, `${url}: one script besides the data blocks`);
    const [, attrs, code] = scripts[0];
    t.match(attrs, 'data-entry="/assets/entry-1.js"');
    t.match(
      attrs,
      url === '/aboutUs'
        ? 'data-preload="/assets/vendor-1.js /assets/single-about-us-1.js"'
        : 'data-preload="/assets/vendor-1.js /assets/not-found-1.js"',
    );
    const hash = `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
    t.match(String(res.headers['content-security-policy']), `script-src 'self' ${hash}`, `${url}: the policy allows exactly that text`);
  }
});
