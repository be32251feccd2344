import t from 'tap';
import { buildTestApp } from '../helpers/build.ts';

/** Issue 12 point 6: what ops tune lives in registry.json `site` (with schema defaults) and the default layout's chain. */

t.test('the default layout gives every page authenticated, page-cache and chat-unread once, before its own middleware', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  const { middlewareChain } = await import('../../src/pipeline/run-page.ts');
  const registry = app.registry.current;
  const chainOf = (name: string) => {
    const page = registry.byName.get(name);
    if (!page) throw new Error(`no page ${name}`);
    return middlewareChain(registry, page);
  };
  t.same(chainOf('home'), ['authenticated', 'page-cache', 'chat-unread']);
  t.same(chainOf('ershoufang.list'), ['authenticated', 'page-cache', 'chat-unread', 'listing-query']);
  t.same(chainOf('personalcenter'), ['authenticated', 'page-cache', 'chat-unread', 'member-only']);
  t.equal((await app.inject('/aboutUs')).headers['x-cache'], 'MISS');
  t.equal((await app.inject('/aboutUs')).headers['x-cache'], 'HIT', 'a page with no middleware of its own is cached through its layout');
});

t.test('robots.txt disallows what site.robotsDisallow lists', async (t) => {
  const { app, close } = await buildTestApp({
    editRegistry: (r) => {
      r.site.robotsDisallow = ['/-/', '/secret/'];
    },
  });
  t.teardown(close);
  const body = (await app.inject('/robots.txt')).body;
  t.match(body, 'Disallow: /secret/');
  t.notMatch(body, 'Disallow: /personalcenter');
});

t.test('site.pageCache.maxEntries bounds the page cache', async (t) => {
  const { app, close } = await buildTestApp({
    editRegistry: (r) => {
      r.site.pageCache = { maxEntries: 2, maxBytes: 16 * 1024 * 1024 };
    },
  });
  t.teardown(close);
  for (const url of ['/aboutUs', '/downloadapp', '/topic', '/faxian']) await app.inject(url);
  t.equal(app.pageCache.size, 2);
});

t.test('settings left out of the file take the schema defaults', async (t) => {
  const { app, close } = await buildTestApp({
    editRegistry: (r) => {
      const site = r.site as Partial<typeof r.site>;
      delete site.renderTimeoutMs;
      delete site.pageCache;
      delete site.robotsDisallow;
    },
  });
  t.teardown(close);
  const { site } = app.registry.current.file;
  t.equal(site.renderTimeoutMs, 10_000);
  t.same(site.pageCache, { maxEntries: 5000, maxBytes: 134_217_728 });
  t.match((await app.inject('/robots.txt')).body, 'Disallow: /personalcenter');
});
