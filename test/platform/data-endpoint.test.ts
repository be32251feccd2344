import t from 'tap';
import { buildAppOverBackend, readRegistry } from '../helpers/build.ts';
import { sampleUrls } from '../helpers/sample-urls.ts';

/**
 * Issue 11 point 1: client navigation asks GET /-/data/<path> for what a full load of <path> shows. For every path
 * shape of registry.json (root, trailing slash, `.html` aliases, params, optional params, wildcard tails) the data
 * endpoint must answer what the document answers: the same status, the same page, the same redirect.
 */

t.test('every registry path shape answers the same through /-/data as a full load', async (t) => {
  const { app } = await buildAppOverBackend(t);
  const urls = new Set<string>(['/', '/?from=app', '/ershoufang/?page=2']);
  for (const page of readRegistry().pages) for (const p of page.paths) for (const u of sampleUrls(p)) urls.add(u);
  t.ok(urls.size > 200, `${urls.size} URLs`);
  for (const url of urls) {
    const doc = await app.inject(url);
    const data = await app.inject(`/-/data${url}`);
    const body = data.json() as { status: number; redirect?: string; route?: { page: string } };
    const docStatus = doc.statusCode;
    if (docStatus === 301 || docStatus === 302 || docStatus === 308) {
      t.equal(body.status, docStatus, `${url}: redirect status`);
      t.equal(body.redirect, doc.headers.location, `${url}: the same redirect target`);
      continue;
    }
    t.equal(body.status, docStatus, `${url}: /-/data answers ${docStatus} as the document does`);
    if (docStatus === 200) {
      const page = /<script id="__STATE__" type="application\/json">(.*?)<\/script>/s.exec(doc.body);
      if (page) t.equal(body.route?.page, (JSON.parse(page[1]) as { route: { page: string } }).route.page, `${url}: the same page`);
    }
  }
});

t.test('the home page through /-/data: /-/data, /-/data/ and /-/data/?query answer the home route', async (t) => {
  const { app } = await buildAppOverBackend(t);
  for (const url of ['/-/data/', '/-/data', '/-/data/?from=app', '/-/data?from=app']) {
    const res = await app.inject(url);
    t.equal(res.statusCode, 200, `${url}: 200`);
    t.equal((res.json() as { route: { page: string; path: string } }).route.page, 'home', `${url}: the home page`);
  }
});
