import path from 'node:path';
import { renderToString } from 'react-dom/server';
import t from 'tap';
import { dropPageCache } from '../../scripts/bench/page-parts.ts';
import Database from '../../src/backend/sqlite-driver.ts';
import { createMarkupMemo } from '../../src/render/markup-memo.ts';
import { MarkupMemoContext, useMemoChildren } from '../../src/ui/markup-memo.tsx';
import { startTestBackend } from '../helpers/backend.ts';
import { buildTestApp } from '../helpers/build.ts';

/**
 * Issue 20: a list's filter bar is rendered once per list state and kept (plugins/markup-memo.ts), and a listing's card
 * once per listing (below the first screen). The browser hydrates the real bar and cards onto the server's markup, so
 * the memoised page must be the same bytes as the page rendered in full: every list family, unfiltered and filtered,
 * the first time (rendered) and the second (from the memo).
 */

const LISTS = [
  '/ershoufang/',
  '/ershoufang/yuelu/p5l3/',
  '/ershoufang/li2/',
  '/zufang/',
  '/zufang/furong/',
  '/duanzu/',
  '/shangpucs/',
  '/shangpucz/',
  '/xieziloucs/',
  '/xieziloucz/',
  '/zhaopu/',
  '/xinfang/',
  '/xinfang/t1l2l3/',
  '/xinfang/s2p4/',
];

t.test('a list page served with the memoised filter bar is the page rendered in full, byte for byte', async (t) => {
  const backend = await startTestBackend();
  t.teardown(() => backend.close());
  // One fixed clock for both: a page's state carries the moment it was rendered (its relative labels, issue 31).
  const renderedAt = Date.now();
  const now = () => renderedAt;
  const memo = await buildTestApp({ gatewayUrl: backend.url, editRegistry: dropPageCache, now });
  t.teardown(() => memo.close());
  const full = await buildTestApp({
    gatewayUrl: backend.url,
    now,
    editRegistry: (reg) => {
      dropPageCache(reg);
      reg.site.markupCache = { maxBytes: 0 };
    },
  });
  t.teardown(() => full.close());

  for (const url of LISTS) {
    const expected = await full.app.inject(url);
    t.equal(expected.statusCode, 200, `${url} renders`);
    t.match(expected.body, /class="(xf-)?fbar"/, `${url} has a filter bar`);
    for (const round of ['rendered', 'from the memo']) {
      const res = await memo.app.inject(url);
      t.equal(res.statusCode, 200);
      t.equal(res.body, expected.body, `${url} ${round}: the same document`);
    }
  }
  // One bar per list state, and one card per listing and list kind below each list's first screen (3 cards).
  const cards = new Set<string>();
  for (const url of LISTS.filter((u) => !u.startsWith('/xinfang/'))) {
    const body = (await full.app.inject(url)).body;
    const hrefs = [...body.matchAll(/<li>(?:<div class="mbadged[^"]*">)?<a href="([^"]+)" class="lcard"/g)].map((m) => m[1]);
    t.ok(hrefs.length > 3, `${url} lists cards`);
    // The short-term list is the rental kind: a listing on both is one card.
    const kind = url.split('/')[1].replace('duanzu', 'zufang');
    for (const href of hrefs.slice(3)) cards.add(`${kind} ${href}`);
  }
  const kept = memo.app.markupMemo(memo.app.registry.current)?.size;
  t.equal(kept, LISTS.length + cards.size, `${LISTS.length} bars and ${cards.size} cards kept`);
  for (const url of LISTS) await memo.app.inject(url);
  t.equal(memo.app.markupMemo(memo.app.registry.current)?.size, kept, 'served again: nothing new rendered');
  t.equal(full.app.markupMemo(full.app.registry.current), null, 'markupCache.maxBytes 0: no memo');
  // A filtered list marks its own options: the memo never hands one list's bar to another.
  const filtered = await memo.app.inject('/ershoufang/yuelu/');
  t.match(filtered.body, /<a aria-current="true" href="\/ershoufang\/yuelu\/" class="fbar__opt is-on">岳麓区<\/a>/);
  t.notMatch(
    filtered.body,
    /<a aria-current="true" href="\/ershoufang\/" class="fbar__opt is-on">不限<\/a><a href="\/ershoufang\/yuelu\/"/,
  );
});

t.test('a listing that changes is a new card on the next render of its list', async (t) => {
  const backend = await startTestBackend();
  t.teardown(() => backend.close());
  const { app } = await buildTestApp({ gatewayUrl: backend.url, editRegistry: dropPageCache });
  t.teardown(() => app.close());
  const before = (await app.inject('/ershoufang/')).body;
  const hrefs = [...before.matchAll(/<li>(?:<div class="mbadged[^"]*">)?<a href="\/ershoufang\/(\d+)\.html" class="lcard"/g)].map(
    (m) => m[1],
  );
  const id = Number(hrefs[5]);
  t.ok(id > 0, 'the sixth card, below the first screen');
  const db = new Database(path.join(backend.dataDir, 'portal.db'));
  db.prepare('UPDATE listing SET title = ? WHERE id = ?').run('改过标题的房源 3室2厅', id);
  db.close();
  const after = (await app.inject('/ershoufang/')).body;
  t.match(after, new RegExp(`<a href="/ershoufang/${id}\\.html" class="lcard">.*?<h3 class="lcard__title">改过标题的房源 3室2厅</h3>`));
  t.equal(hrefs.length, [...after.matchAll(/class="lcard"/g)].length, 'the same number of cards');
});

function Bar({ scope, state, label }: { scope: object; state: string; label: string }) {
  return <div className="bar" {...useMemoChildren(scope, state, <b>{label}</b>)} />;
}

t.test('the memo renders once per scope object and key, and again for a new scope', async (t) => {
  const memo = createMarkupMemo({ maxChars: 10_000 });
  const render = (scope: object, state: string, label: string) =>
    renderToString(
      <MarkupMemoContext value={memo}>
        <Bar scope={scope} state={state} label={label} />
      </MarkupMemoContext>,
    );
  const regions = [{ regionId: 1 }];
  t.equal(render(regions, 'a', '岳麓区'), '<div class="bar"><b>岳麓区</b></div>');
  t.equal(render(regions, 'a', '改了'), '<div class="bar"><b>岳麓区</b></div>', 'same scope and key: the kept markup');
  t.equal(render(regions, 'b', '芙蓉区'), '<div class="bar"><b>芙蓉区</b></div>', 'another key');
  t.equal(render([{ regionId: 1 }], 'a', '新字典'), '<div class="bar"><b>新字典</b></div>', 'a replaced dictionary');
  t.equal(
    renderToString(<Bar scope={regions} state="a" label="浏览器" />),
    '<div class="bar"><b>浏览器</b></div>',
    'no memo: the children',
  );
});

t.test('the memo is bounded by characters', async (t) => {
  const memo = createMarkupMemo({ maxChars: 100 });
  const scope = {};
  for (let i = 0; i < 50; i++) memo.markupOf(scope, String(i), <p>{'房'.repeat(20)}</p>);
  t.ok(memo.size <= 3, `at most three 27-character entries kept (${memo.size})`);
});
