import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { ROOT } from '../helpers/build.ts';

/**
 * Issue 12 point 3: ops may rename registry entries, so no code decides behaviour by comparing a page's or a loader's
 * name with a literal: variants are registry `params`. This walks the sources and fails on such a comparison.
 */
const NAME_CHECKS = [
  /\.(?:name|page|loader)\s*[!=]==?\s*['"`]/,
  /['"`]\s*[!=]==?\s*[\w.]*\.(?:name|page|loader)\b/,
  /\.(?:name|page|loader)\.(?:startsWith|endsWith|includes)\(/,
  /switch\s*\([\w.]*\.(?:name|page|loader)\)/,
  /\.test\([\w.]*(?:pageName|\.page\b|\.name\b)/,
  /\b(?:name|pageName)\.(?:startsWith|endsWith)\(['"`][A-Za-z]/,
  /\b(?:name|pageName)\s*[!=]==?\s*['"`]\w+\.[\w.]+['"`]/,
];

/** Files that legitimately compare other `.name` fields (not page or loader names). */
const ALLOWED = new Set(['src/registry/load.ts', 'src/loaders/zhaopu.ts', 'src/pipeline/context.ts']);

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (entry !== 'backend' && entry !== 'node_modules') yield* sources(full);
    } else if (/\.tsx?$/.test(entry)) yield full;
  }
}

export function nameChecksIn(source: string): string[] {
  return source.split('\n').filter((line) => NAME_CHECKS.some((re) => re.test(line)));
}

t.test('no code compares a page or loader name with a literal', async (t) => {
  let files = 0;
  for (const dir of ['src', 'pages', 'plugins']) {
    for (const file of sources(path.join(ROOT, dir))) {
      const rel = path.relative(ROOT, file);
      if (ALLOWED.has(rel)) continue;
      files++;
      t.same(nameChecksIn(readFileSync(file, 'utf8')), [], rel);
    }
  }
  t.ok(files > 100, `${files} files read`);
});

t.test('the check finds the comparisons it is meant to find', async (t) => {
  for (const line of [
    "const isHome = route.page === 'home';",
    "if (name.startsWith('fhlmxf')) return 'fhlmxf';",
    "if (name === 'xinfang.dy') return 'dy';",
    "const old = ctx.page.name === 'dongtaiDetail';",
    'switch (ctx.page.loader) {',
    'return /^xiaoqu\\.detail$/.test(pageName);',
  ]) {
    t.equal(nameChecksIn(line).length, 1, line);
  }
  t.same(nameChecksIn('const variant = ctx.page.params?.variant;'), []);
});
