import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';

const PAGES = path.resolve(import.meta.dirname, '../../pages');
const files = (readdirSync(PAGES, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && f !== 'modules.ts');
const imports = (file: string) => [...readFileSync(path.join(PAGES, file), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1] as string);

t.test('pages/ holds route screens only (issue 12 point 5): shared views live in src/ui, client actions in src/client', async (t) => {
  // The screens are the files pages/modules.ts loads, one per registry module key.
  const screens = new Set([...readFileSync(path.join(PAGES, 'modules.ts'), 'utf8').matchAll(/import\('\.\/([^']+)'\)/g)].map((m) => m[1]));
  for (const file of files) {
    t.ok(screens.has(file.split(path.sep).join('/')), `${file} is a screen in pages/modules.ts`);
    const fromPages = imports(file).filter((spec) => !spec.includes('/src/') && spec.startsWith('.'));
    t.same(fromPages, [], `${file} imports no other file of pages/`);
  }
});

t.test('src/ui imports nothing from pages/', async (t) => {
  const UI = path.resolve(import.meta.dirname, '../../src/ui');
  for (const file of (readdirSync(UI, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f))) {
    const specs = [...readFileSync(path.join(UI, file), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1] as string);
    t.same(
      specs.filter((spec) => spec.includes('/pages/')),
      [],
      `src/ui/${file}`,
    );
  }
});
