import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { clientRouteTable, compileClientRoutes, isRouteTable } from '../../src/client/route-table.ts';
import { fillPattern } from '../../src/registry/match.ts';
import { buildTestApp, readRegistry } from '../helpers/build.ts';

const SAMPLES: Record<string, string> = {
  id: '100001',
  hxId: '7',
  houseId: '3',
  bmsHouseId: '4',
  houseType: '11',
  hsmid: '9',
  ids: '12',
  '*': 'yuelu/p2',
};

t.test('the client table matches every registry path exactly as the server does', async (t) => {
  const app = await buildTestApp();
  t.teardown(() => app.close());
  const server = app.app.registry.current;
  const client = compileClientRoutes(clientRouteTable(server.file));
  let checked = 0;
  for (const page of server.file.pages) {
    for (const pattern of page.paths) {
      for (const values of [SAMPLES, { ...SAMPLES, '*': '' }, {}]) {
        const path = fillPattern(pattern, values);
        if (!path) continue;
        for (const p of [path, path.toUpperCase(), path.endsWith('/') ? path.slice(0, -1) || '/' : `${path}/`]) {
          const s = server.pages.match(p);
          const c = client.match(p);
          t.same(
            c && { name: c.name, module: c.module, params: c.params },
            s && { name: s.target.name, module: s.target.module, params: s.params },
            p,
          );
          checked++;
        }
      }
    }
  }
  t.ok(checked > 500, `${checked} paths compared`);
  for (const p of ['/nope', '/%E4%B', '/-/data/x']) t.same(client.match(p), server.pages.match(p), `unknown ${p}`);
  t.equal(client.match('/ershoufang/abc.html/x/y')?.name, server.pages.match('/ershoufang/abc.html/x/y')?.target.name);
  t.ok(client.redirects('/city/12'), '/city/{digits} is left to the server');
  t.ok(client.redirects('/xinfanghome'));
  t.notOk(client.redirects('/city'));
});

t.test('the table is compact: names, modules and patterns only', async (t) => {
  const table = clientRouteTable(readRegistry());
  t.ok(isRouteTable(table));
  t.ok(JSON.stringify(table).length < 20_000, 'well under the registry file');
  t.same(
    table.pages.find((p) => p[0] === 'downloadapp'),
    ['downloadapp', 'downloadapp', '/downloadapp', '/app/'],
  );
  t.notOk(isRouteTable({ v: 2, pages: [], redirects: [] }));
  t.notOk(isRouteTable({ v: 1, pages: [['a', 'b']], redirects: [] }), 'a page without a pattern');
  t.notOk(isRouteTable(null));
});

t.test('GET /-/routes serves the table with an ETag, 304 on revalidation', async (t) => {
  const app = await buildTestApp();
  t.teardown(() => app.close());
  const res = await app.app.inject('/-/routes');
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /application\/json/);
  t.equal(res.headers['cache-control'], 'no-cache');
  const table = res.json();
  t.ok(isRouteTable(table));
  t.same(table, clientRouteTable(app.app.registry.current.file));
  const again = await app.app.inject({ url: '/-/routes', headers: { 'if-none-match': String(res.headers.etag) } });
  t.equal(again.statusCode, 304);
});

t.test('no screen matches paths with wouter: the browser Router has no pattern parser (issue 20)', async (t) => {
  // ClientRoot's Router leaves the registry's compiler out of the first page's JavaScript; a `<Route>`, `useRoute` or
  // `<Switch>` would match with wouter's own parser instead of the registry's.
  const root = path.resolve(import.meta.dirname, '../..');
  const files = ['src', 'pages'].flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => path.join(root, dir, f)),
  );
  t.ok(files.length > 100);
  const offenders = files.filter((f) => {
    const imports = [...readFileSync(f, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'wouter'/g)].flatMap((m) => m[1].split(','));
    return imports.some((name) => /^\s*(?:type\s+)?(?:Route|useRoute|Switch|useParams|matchRoute|Nest)\b/.test(name));
  });
  t.same(offenders, []);
});

t.test('a hot-reloaded registry gets a new table and ETag; the old table leaves new pages to a full load', async (t) => {
  const app = await buildTestApp();
  t.teardown(() => app.close());
  const before = await app.app.inject('/-/routes');
  const stale = compileClientRoutes(before.json());
  const { readFileSync, writeFileSync } = await import('node:fs');
  const reg = JSON.parse(readFileSync(app.registryPath, 'utf8'));
  reg.pages.push({
    name: 'hot.page',
    paths: ['/hot-new-page'],
    module: 'gjabout',
    layout: 'default',
    cache: 'no-cache',
    meta: { title: '新页面' },
  });
  writeFileSync(app.registryPath, JSON.stringify(reg));
  t.ok(app.app.registry.reload());
  const after = await app.app.inject('/-/routes');
  t.not(after.headers.etag, before.headers.etag);
  t.equal(compileClientRoutes(after.json()).match('/hot-new-page')?.name, 'hot.page');
  t.equal(stale.match('/hot-new-page'), null, 'a browser with the old table does not know it (it loads the page in full)');
  const stillOld = await app.app.inject({ url: '/-/routes', headers: { 'if-none-match': String(before.headers.etag) } });
  t.equal(stillOld.statusCode, 200, 'the old ETag no longer revalidates');
});
