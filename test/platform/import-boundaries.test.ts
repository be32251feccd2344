/**
 * Which stage may import which (issue 12 point 1): the gateway client is typed by src/contracts, never by the demo
 * backend; pages and views receive their data as contract types, never from a loader; middleware does not reach
 * into loaders. Every import counts, type-only ones and `import('…')` types included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { parseSync, Visitor, type VisitorObject } from 'vite';

const root = fileURLToPath(new URL('../../', import.meta.url));

interface Rule {
  /** Folders (from the project root) whose files the rule reads. */
  from: string[];
  /** Folders they must not import from. */
  forbidden: string[];
  /** Files allowed to break the rule for now, each with the reason. */
  exceptions?: Record<string, string>;
}

const RULES: Record<string, Rule> = {
  'src/api is typed by src/contracts, not by the embedded backend': { from: ['src/api'], forbidden: ['src/backend'] },
  'pages and views take their data types from src/contracts, not from loaders': {
    from: ['pages', 'src/ui'],
    forbidden: ['src/loaders'],
  },
  'middleware does not call loaders': { from: ['src/middleware'], forbidden: ['src/loaders'] },
  // Issue 12 point 2: a page's head is built from the data its load returned, never from the gateway.
  'meta builds heads from data, without the gateway client or the loaders': { from: ['src/meta'], forbidden: ['src/api', 'src/loaders'] },
  // DESIGN "lib/: pure domain rules with no I/O", shared by the middleware, the loaders and the embedded gateway.
  'src/lib holds pure rules: no gateway client, stage or backend': {
    from: ['src/lib'],
    forbidden: ['src/api', 'src/backend', 'src/loaders', 'src/meta', 'src/middleware', 'src/pipeline', 'src/ui', 'pages'],
  },
  'contracts depend on nothing but contracts and src/lib': {
    from: ['src/contracts'],
    forbidden: ['src/api', 'src/backend', 'src/loaders', 'src/middleware', 'src/pipeline', 'src/render', 'src/ui', 'pages'],
  },
  // Issue 33: the pipeline is handed its named stages by src/app.ts (app.pageStages); it imports none of them.
  'the page pipeline is handed its middleware, validators and loaders': {
    from: ['src/pipeline'],
    forbidden: ['src/loaders', 'src/middleware', 'src/validators', 'src/actions'],
  },
  // Issue 33: no arrow back up from the stages to the plugins that mount them (the nonce policy lives in src/render).
  'src does not reach back into plugins': {
    from: ['src'],
    forbidden: ['plugins'],
    exceptions: { 'src/app.ts': 'composes the app from its plugins' },
  },
  'the embedded gateway does not load the portal or the seeder at request time': {
    from: ['src/backend/routes', 'src/backend/util.ts'],
    forbidden: ['src/backend/seed/index.ts', 'src/actions', 'src/pipeline', 'src/loaders', 'plugins'],
    exceptions: {},
  },
  'action handlers do their write from their context: no loaders, no pipeline internals': {
    from: ['src/actions'],
    forbidden: ['src/loaders', 'src/middleware', 'src/validators', 'plugins'],
  },
};

const SOURCE = /\.(ts|tsx)$/;
/** The syntax nodes that name a module in their `source`. */
const NAMING_NODES = ['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression', 'TSImportType'];

function sourceFiles(dir: string): string[] {
  if (SOURCE.test(dir)) return [dir];
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

interface ModuleReference {
  spec: string;
  /** The syntax node that names it (one of NAMING_NODES). */
  node: string;
  /** `import type`, `export type … from` and `import('…')` types: nothing is loaded. */
  typeOnly: boolean;
}

/** Every module a file names: static imports and re-exports, `import()` calls and `import('…')` types. */
function moduleReferences(file: string, text: string): ModuleReference[] {
  const { program, errors } = parseSync(file, text);
  if (errors.length > 0) throw new Error(`${file} does not parse: ${errors[0].message}`);
  const found: ModuleReference[] = [];
  const visit = (node: string) => (n: { source?: unknown; importKind?: string; exportKind?: string }) => {
    const spec = (n.source as { value?: unknown } | null)?.value;
    if (typeof spec === 'string')
      found.push({ spec, node, typeOnly: node === 'TSImportType' || n.importKind === 'type' || n.exportKind === 'type' });
  };
  new Visitor(Object.fromEntries(NAMING_NODES.map((node) => [node, visit(node)])) as VisitorObject).visit(program);
  return found;
}

const importedModules = (file: string, text: string): string[] => moduleReferences(file, text).map((r) => r.spec);

const inside = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`);

/** The `file → module` imports that break the rule (relative specifiers only: packages are not stages). */
function violations(rule: Rule, files: Array<{ file: string; text: string }>): string[] {
  const out: string[] = [];
  for (const { file, text } of files) {
    if (rule.exceptions?.[file]) continue;
    for (const spec of importedModules(file, text)) {
      if (!spec.startsWith('.')) continue;
      const target = relative(root, resolve(root, dirname(file), spec));
      if (rule.forbidden.some((dir) => inside(target, dir))) out.push(`${file} → ${target}`);
    }
  }
  return out;
}

const read = (file: string) => ({ file, text: readFileSync(join(root, file), 'utf8') });

for (const [name, rule] of Object.entries(RULES)) {
  t.test(name, async (t) => {
    const files = rule.from.flatMap(sourceFiles).map(read);
    t.ok(files.length > 0, `${rule.from.join(', ')} hold source files`);
    t.same(violations(rule, files), [], 'no forbidden import');
  });
}

t.test('a forbidden import is caught in every form', async (t) => {
  const rule = RULES['pages and views take their data types from src/contracts, not from loaders'];
  const forms = [
    "import type { XinfangListData } from '../../src/loaders/xinfang.ts';",
    "import { loaders } from '../../src/loaders/index.ts';",
    "export type { HotWords } from '../../src/loaders/zhaopu.ts';",
    "export * from '../../src/loaders/zhaopu.ts';",
    "type D = import('../../src/loaders/xinfang.ts').TabData;",
    "const m = await import('../../src/loaders/home.ts');",
  ];
  for (const text of forms) t.equal(violations(rule, [{ file: 'pages/xinfang/x.tsx', text }]).length, 1, text);
  t.same(
    violations(rule, [{ file: 'pages/xinfang/x.tsx', text: "import type { TabData } from '../../src/contracts/page-data/xinfang.ts';" }]),
    [],
    'an import from src/contracts is allowed',
  );
  t.same(
    violations(RULES['middleware does not call loaders'], [
      { file: 'src/middleware/listing-query.ts', text: "import { x } from '../loaders/listing-common.ts';" },
      { file: 'src/middleware/overseas-query.ts', text: "import type { Y } from '../loaders/haiwai.ts';" },
      { file: 'src/middleware/listing-query.ts', text: "import { listSpecOf } from '../lib/list-specs.ts';" },
    ]),
    ['src/middleware/listing-query.ts → src/loaders/listing-common.ts', 'src/middleware/overseas-query.ts → src/loaders/haiwai.ts'],
    'no middleware file may import a loader (issue 12 point 2); src/lib is where the rules they share live',
  );
});

/**
 * Issue 20 part 4: the SQLite driver depends on the Node (better-sqlite3 13 segfaults on Node 20, 12 aborts on Node 24),
 * so src/backend/sqlite-driver.ts is the one place that loads it. Type-only imports are allowed anywhere.
 */
const DRIVER_PACKAGES = new Set(['better-sqlite3', 'better-sqlite3-node20']);

function driverLoads(file: string, text: string): string[] {
  return moduleReferences(file, text)
    .filter((r) => !r.typeOnly && DRIVER_PACKAGES.has(r.spec))
    .map((r) => `${file}: ${r.node === 'ImportExpression' ? 'import()' : 'import'} '${r.spec}'`);
}

t.test('only src/backend/sqlite-driver.ts loads the SQLite driver', async (t) => {
  const files = ['src', 'plugins', 'pages', 'scripts', 'test'].flatMap(sourceFiles).map(read);
  t.same(
    files.flatMap(({ file, text }) => driverLoads(file, text)),
    [],
    'every database is opened through the driver module',
  );
  t.same(
    driverLoads('test/x.test.ts', "import Database from 'better-sqlite3';\nconst m = await import('better-sqlite3-node20');"),
    ["test/x.test.ts: import 'better-sqlite3'", "test/x.test.ts: import() 'better-sqlite3-node20'"],
    'a direct import and a dynamic one are both caught',
  );
  t.same(driverLoads('src/x.ts', "import type { Database } from 'better-sqlite3';"), [], 'a type-only import is not a load');
});

/**
 * Issue 33, "one door for every write": each piece of write machinery has one home, and a test keeps it there like
 * the import boundaries. A rate limiter, a draft store, a page-cache key or a POST route under /-/ built anywhere else
 * fails here, naming the file and the line.
 */
const HOMES: Array<{ what: string; pattern: RegExp; homes: string[] }> = [
  {
    what: 'a rate limiter (the named limits of src/actions/limits.ts)',
    pattern: /@fastify\/rate-limit|createRateLimit|\.hit\(/,
    homes: ['src/actions/limits.ts', 'src/shared-store.ts'],
  },
  {
    what: 'a form-draft store (src/form-drafts.ts, kept by runAction)',
    pattern: /createFormDrafts\(|formDrafts\.keep\(/,
    homes: ['src/form-drafts.ts', 'plugins/actions.ts', 'src/actions/run-action.ts'],
  },
  {
    what: 'a page-cache key (pageCache.invalidate for a write)',
    pattern: /pageCacheKey\(/,
    homes: ['src/page-cache.ts', 'plugins/page-cache.ts', 'src/middleware/page-cache.ts'],
  },
  {
    what: 'a POST route under /-/ (a write is an action of registry.json)',
    pattern: /\.(post|route)\(\s*[`'"]\/-\/|method:\s*\[?\s*'POST'[^\n]*url:\s*[`'"]\/-\//,
    // plugins/ops.ts: the ops console's purge and restore stay outside registry.json on purpose, so that they work when
    // the registry is what is broken (issue 36 part 2, docs/ops.md).
    homes: ['plugins/actions.ts', 'plugins/tracking.ts', 'plugins/ops.ts'],
  },
  {
    what: 'process-local state in a stage (the shared store holds what must hold across processes)',
    pattern: /^(const|let) \w+ = new (Map|LRUCache)\b/m,
    homes: [],
  },
];
const HOME_DIRS = ['src', 'plugins'];
const STAGE_DIRS = ['src/loaders', 'src/actions', 'src/middleware', 'src/meta', 'src/validators'];

function homeViolations(files: Array<{ file: string; text: string }>): string[] {
  const out: string[] = [];
  for (const { what, pattern, homes } of HOMES) {
    const stateRule = homes.length === 0;
    for (const { file, text } of files) {
      if (homes.includes(file)) continue;
      if (stateRule && !STAGE_DIRS.some((dir) => inside(file, dir))) continue;
      text.split('\n').forEach((line, i) => {
        if (pattern.test(line)) out.push(`${file}:${i + 1}: ${what}`);
      });
    }
  }
  return out;
}

t.test('write machinery lives in its one home (issue 33)', async (t) => {
  const files = HOME_DIRS.flatMap(sourceFiles).map(read);
  t.same(homeViolations(files), [], 'no limiter, draft store, cache key, POST route or stage-level state elsewhere');
  t.same(
    homeViolations([
      { file: 'plugins/x.ts', text: "import rateLimit from '@fastify/rate-limit';" },
      { file: 'src/loaders/x.ts', text: 'app.pageCache.forget(pageCacheKey(kind, 1, path, {}));' },
      { file: 'plugins/y.ts', text: "scope.post('/-/member/nickname', async () => {});" },
      { file: 'src/actions/x.ts', text: 'await ctx.app.formDrafts.keep(req, reply, draft);' },
      { file: 'src/loaders/y.ts', text: 'const located = new Map<string, number>();' },
      { file: 'src/render/modules.ts', text: 'const loaded = new Map<string, number>();' },
    ]).map((v) => v.split(':')[0]),
    ['plugins/x.ts', 'src/actions/x.ts', 'src/loaders/x.ts', 'plugins/y.ts', 'src/loaders/y.ts'],
    'each kind is caught; a renderer’s module cache is no request state',
  );
});
