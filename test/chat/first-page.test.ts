import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { ROOT } from '../helpers/build.ts';

/**
 * Issue 18: the first page of a list or detail loads no chat code. Every module the browser entry reaches by static
 * imports (src/client/entry.tsx and what it imports, the shared UI included) is read from source: none of them may be
 * a chat transport module or the Tencent IM SDK; those are reached by dynamic import() from chat screens only.
 */

const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g;

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return spec;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  return null;
}

t.test("the entry's static import graph holds no chat transport and no Tencent SDK", async (t) => {
  const entry = path.join(ROOT, 'src/client/entry.tsx');
  const seen = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(STATIC_IMPORT)) {
      const target = resolve(file, m[1] as string);
      if (!target) continue;
      if (!target.startsWith('/')) packages.add(target);
      else if (!target.endsWith('.css')) queue.push(target);
    }
  }
  t.ok(seen.has(path.join(ROOT, 'src/ui/Header.tsx')), `the shared UI is walked (${seen.size} modules)`);
  const chat = [...seen].map((f) => path.relative(ROOT, f)).filter((f) => f.startsWith('src/client/chat/') || f === 'plugins/chat.ts');
  t.same(chat, [], 'no module of src/client/chat is loaded by the first page');
  t.notOk(
    [...packages].some((p) => p.startsWith('@tencentcloud/')),
    'the Tencent IM SDK is not in the first page',
  );
});
