import t from 'tap';
import { buildAppOverBackend, readRegistry } from '../helpers/build.ts';

/**
 * Issue 11 point 1: client navigation asks GET /-/data/<path> for what a full load of <path> shows. For every path
 * shape of registry.json (root, trailing slash, `.html` aliases, params, optional params, wildcard tails) the data
 * endpoint must answer what the document answers: the same status, the same page, the same redirect.
 */

/** A concrete URL for a registry pattern: params take a value their constraint accepts, tails a segment or none. */
export function sampleUrls(pattern: string): string[] {
  const fill = (p: string, withOptional: boolean) =>
    p
      .replace(/:([A-Za-z_]\w*)\(([^()]*(?:\([^()]*\))?[^()]*)\)(\?)?/g, (_m, _name, constraint: string, optional?: string) => {
        if (optional && !withOptional) return '';
        const alternatives = constraint.split('|');
        if (alternatives.length > 1 && /^[\w-]+$/.test(alternatives[0])) return alternatives[0];
        return /\\d/.test(constraint) || /\\w/.test(constraint) ? '100001' : 'x';
      })
      .replace(/:([A-Za-z_]\w*)(\?)?/g, (_m, _name, optional?: string) => (optional && !withOptional ? '' : '100001'));
  const out = new Set<string>();
  for (const withOptional of [true, false]) {
    const filled = fill(pattern, withOptional).replace(/\/{2,}/g, '/');
    if (filled.endsWith('/*')) {
      out.add(filled.slice(0, -1));
      out.add(`${filled.slice(0, -1)}a1/`);
    } else {
      out.add(filled);
      if (!filled.endsWith('/') && !filled.endsWith('.html')) out.add(`${filled}/`);
    }
  }
  return [...out];
}

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
