import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import { serviceWorkerScript } from '../../src/pwa/worker-script.ts';

/**
 * The service worker is served as plain JavaScript from a string (src/pwa/worker-script.ts), outside the project's
 * TypeScript program (whose lib is the DOM's, not a worker's) and its lint. This checks the script as served: type-checked
 * with TypeScript against lib.webworker (checkJs; it found `cache.keys()` reversed in place, a readonly array), and
 * linted by Biome.
 */
const exec = promisify(execFile);
const run = (file: string, args: string[]) => exec(file, args, { cwd: ROOT });
/**
 * TypeScript 7's own executable (typescript's bin/tsc is an ES module launching it, which tap's process hooks, given to
 * every node child, cannot load).
 */
const tscExe = async (): Promise<string> =>
  ((await import(path.join(ROOT, 'node_modules/typescript/lib/getExePath.js'))) as { default: () => string }).default();
const ROOT = path.resolve(import.meta.dirname, '../..');
// Inside the project (test/.tmp/, git-ignored): Biome lints no file outside its root.
mkdirSync(path.join(ROOT, 'test/.tmp'), { recursive: true });
const dir = mkdtempSync(path.join(ROOT, 'test/.tmp/sw-check-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));

const script = serviceWorkerScript({
  buildId: 'b1',
  shellFiles: ['/assets/entry-x.js'],
  keepPages: 30,
  navigationTimeoutMs: 3000,
  neverCache: ['/-/', '/personalcenter'],
  offlineUrl: '/offline.html',
});
// .cjs: a classic script (its 'use strict' is not redundant as in a module)
writeFileSync(path.join(dir, 'sw.cjs'), script);
writeFileSync(
  path.join(dir, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: {
      allowJs: true,
      checkJs: true,
      noEmit: true,
      target: 'ES2020',
      lib: ['ES2020', 'WebWorker'],
      types: [],
      strict: false,
    },
    files: ['sw.cjs'],
  }),
);

t.test('the served worker type-checks against TypeScript’s lib.webworker', async (t) => {
  const out = await run(await tscExe(), ['-p', dir]).then(
    (r) => `${r.stdout}${r.stderr}`,
    (err: { stdout?: string; stderr?: string }) => `${err.stdout ?? ''}${err.stderr ?? ''}` || 'tsc failed',
  );
  t.equal(out.trim(), '', 'no type error');
});

// The correctness and suspicious rules: the style ones (template literals, arrow functions) are not for a script kept
// in a String.raw literal and written as plain ES2020 functions.
t.test('the served worker passes the project’s correctness and suspicious lint rules', async (t) => {
  const args = [
    'lint',
    '--error-on-warnings',
    '--vcs-use-ignore-file=false',
    '--skip=style',
    '--skip=complexity',
    path.relative(ROOT, path.join(dir, 'sw.cjs')),
  ];
  const out = await run(path.join(ROOT, 'node_modules/.bin/biome'), args).then(
    () => '',
    (err: { stdout?: string; stderr?: string }) => `${err.stdout ?? ''}${err.stderr ?? ''}`,
  );
  t.equal(out.trim(), '', 'no lint finding');
});
