import t from 'tap';
import { knownNames } from '../../src/app.ts';
import { diffRegistry } from '../../src/registry/diff.ts';
import { createRegistryHistory, type RegistryEvent } from '../../src/registry/history.ts';
import { compileRegistry, RegistryError } from '../../src/registry/load.ts';
import { splitProblem } from '../../src/registry/problems.ts';
import { readRegistry } from '../helpers/build.ts';

/**
 * Issue 36 part 2: what the console says of a registry edit: the entries and fields it changes (pages and actions by
 * name, so order does not count), a refusal's problems by entry and field, and the bounded history of reloads.
 */

/** The problems of a registry the check refuses (none: it loads). */
function problemsOf(raw: unknown): string[] {
  try {
    compileRegistry(raw, knownNames());
  } catch (err) {
    if (err instanceof RegistryError) return err.problems;
    throw err;
  }
  return [];
}

t.test('a diff names entries and fields: pages by name, site settings one level down', async (t) => {
  const before = readRegistry();
  const after = readRegistry();
  after.pages.reverse();
  t.same(diffRegistry(before, after), [], 'the same pages in another order: no change');

  const home = after.pages.find((p) => p.name === 'home');
  if (!home) throw new Error('no home page');
  home.cache = 30;
  after.pages = after.pages.filter((p) => p.name !== 'aboutUs');
  after.pages.push({ ...home, name: 'brandNew', paths: ['/brand-new'] });
  after.site.pageCache.maxEntries = 10;
  after.site.brand = '新品牌';
  after.redirects[0].status = 302;
  after.layouts.default.footer = false;
  t.same(
    diffRegistry(before, after)
      .map((c) => `${c.kind} ${c.entry} ${c.field}`)
      .sort(),
    [
      "added page 'brandNew' ",
      "changed layout 'default' footer",
      `changed page 'home' cache`,
      `changed redirect '${before.redirects[0].from}' status`,
      'changed site brand',
      'changed site pageCache.maxEntries',
      "removed page 'aboutUs' ",
    ],
  );
  const cache = diffRegistry(before, after).find((c) => c.entry === "page 'home'");
  t.same(cache, {
    entry: "page 'home'",
    field: 'cache',
    kind: 'changed',
    before: JSON.stringify(before.pages.find((p) => p.name === 'home')?.cache),
    after: '30',
  });
  t.match(
    diffRegistry({ pages: [] }, { pages: [], notes: 'x'.repeat(500) })[0],
    { entry: 'notes', kind: 'added', after: /…$/ },
    'long values are cut',
  );
});

t.test("a refusal's problems are read back by entry and field", async (t) => {
  const cases: Array<[string, { entry: string; field: string; message: string }]> = [
    ["page 'home' (#3) field loader: unknown loader 'x'", { entry: "page 'home'", field: 'loader', message: "unknown loader 'x'" }],
    [
      "page (unnamed) (#4): must have required property 'name'",
      { entry: 'page (unnamed)', field: '', message: "must have required property 'name'" },
    ],
    [
      "action 'login' (#0) field middleware: 'rate-limit:x' names no limit",
      { entry: "action 'login'", field: 'middleware', message: "'rate-limit:x' names no limit" },
    ],
    ['redirect #2 field from: bad pattern', { entry: 'redirect #2', field: 'from', message: 'bad pattern' }],
    [
      "site.cityContacts '2' (武汉) field supervisionPhone: must match",
      { entry: "site.cityContacts '2'", field: 'supervisionPhone', message: 'must match' },
    ],
    ['site.pageCache.maxEntries: must be >= 1', { entry: 'site', field: 'pageCache.maxEntries', message: 'must be >= 1' }],
    ["site.rateLimits key 'BAD': must match pattern", { entry: 'site', field: "rateLimits key 'BAD'", message: 'must match pattern' }],
    ['layouts.default.header: must be boolean', { entry: "layout 'default'", field: 'header', message: 'must be boolean' }],
    ["registry: must have required property 'site'", { entry: 'registry', field: '', message: "must have required property 'site'" }],
    ['not valid JSON: Unexpected token } in JSON', { entry: 'registry', field: '', message: 'not valid JSON: Unexpected token } in JSON' }],
  ];
  for (const [problem, expected] of cases) t.same(splitProblem(problem), expected, problem);

  // And as the check at load words them, for a real refusal.
  const raw = readRegistry() as unknown as { pages: Array<Record<string, unknown>> };
  raw.pages[0].cache = 'sometimes';
  const split = problemsOf(raw).map(splitProblem);
  t.ok(
    split.some((p) => p.entry === `page '${raw.pages[0].name}'` && p.field === 'cache'),
    `the page's field (${JSON.stringify(split)})`,
  );
});

t.test('site.ops: its window must hold two metric snapshots, with a clear error', async (t) => {
  const raw = readRegistry();
  raw.site.ops = { ...raw.site.ops, slowestWindowSeconds: 60, metricsSampleSeconds: 60 };
  t.same(problemsOf(raw), [
    'site.ops.slowestWindowSeconds: 60 s holds fewer than two metric snapshots of site.ops.metricsSampleSeconds (60 s): at least 120',
  ]);
  const ok = readRegistry() as unknown as { site: Record<string, unknown> };
  delete ok.site.ops;
  t.same(
    compileRegistry(ok, knownNames()).file.site.ops,
    {
      historyLength: 50,
      hitRatioWindowSeconds: 300,
      slowestWindowSeconds: 300,
      metricsSampleSeconds: 15,
      heartbeatSeconds: 5,
      sessionMinutes: 480,
      topKeys: 10,
    },
    'the schema fills in every setting left out',
  );
  const bad = readRegistry() as unknown as { site: Record<string, unknown> };
  bad.site.ops = { historyLength: 0, surprise: true };
  t.same(problemsOf(bad), ['site.ops: must NOT have additional properties (surprise)', 'site.ops.historyLength: must be >= 1']);
});

t.test('the history keeps the newest reloads, the last refusal and the texts of the accepted files it lists', async (t) => {
  let limit = 3;
  const history = createRegistryHistory(() => limit);
  const event = (at: number, result: RegistryEvent['result'], sha256: string): RegistryEvent => ({
    at,
    sha256,
    result,
    cause: at === 0 ? 'start' : 'watch',
    changes: [],
    problems: [],
  });
  history.record(event(0, 'accepted', 'a'), 'text a');
  history.record(event(1, 'refused', 'b'));
  history.record(event(2, 'accepted', 'c'), 'text c');
  t.same(
    history.list().map((e) => e.sha256),
    ['c', 'b', 'a'],
    'newest first',
  );
  t.equal(history.acceptedText('a'), 'text a');
  t.equal(history.acceptedText('b'), undefined, 'a refused file is no restore');
  history.record(event(3, 'accepted', 'd'), 'text d');
  history.record(event(4, 'accepted', 'e'), 'text e');
  t.same(
    history.list().map((e) => e.sha256),
    ['e', 'd', 'c'],
    'bounded by site.ops.historyLength',
  );
  t.equal(history.acceptedText('a'), undefined, 'the text of a file no longer listed is let go');
  t.equal(history.lastRefused()?.sha256, 'b', 'the last refusal stays, however far back');
  limit = 1;
  history.record(event(5, 'refused', 'f'));
  t.same(
    history.list().map((e) => e.sha256),
    ['f'],
    'a new bound applies at the next record',
  );
  t.equal(history.lastRefused()?.sha256, 'f');
});
