import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { pageModules } from '../../pages/modules.ts';
import { loadClientAssets, pageSourceOf } from '../../src/render/assets.ts';
import { documentHead } from '../../src/render/document.ts';
import { ROOT } from '../helpers/build.ts';

/** A client build's manifest: the entry with a shared chunk, three screens, one with a chunk of cards. */
function clientDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-client-'));
  mkdirSync(path.join(dir, '.vite'));
  const manifest = {
    'src/client/entry.tsx': { file: 'assets/entry-1.js', isEntry: true, imports: ['_react.js'], css: ['assets/entry-1.css'] },
    '_react.js': { file: 'assets/react-1.js' },
    '_cards.js': { file: 'assets/cards-1.js' },
    'pages/home.tsx': { file: 'assets/home-1.js', imports: ['_cards.js'] },
    'pages/ershoufang/list.tsx': { file: 'assets/list-1.js', imports: ['_cards.js'] },
    'pages/xinfang/list.tsx': { file: 'assets/list-2.js', imports: ['_cards.js'] },
    'pages/xinfang/detail.tsx': { file: 'assets/detail-2.js' },
  };
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

/** Issue 11 point 6: each page type preloads its own chunk and what it imports, nothing of other screens. */
t.test('each screen modulepreloads the entry, its own chunk and its imports only', async (t) => {
  const assets = loadClientAssets(clientDir());
  t.same(assets.preloadsFor('home'), ['/assets/react-1.js', '/assets/home-1.js', '/assets/cards-1.js']);
  t.same(assets.preloadsFor('ershoufang/list'), ['/assets/react-1.js', '/assets/list-1.js', '/assets/cards-1.js']);
  t.same(assets.preloadsFor('xinfang/list'), ['/assets/react-1.js', '/assets/list-2.js', '/assets/cards-1.js'], 'a new-home list');
  t.same(assets.preloadsFor('xinfang/detail'), ['/assets/react-1.js', '/assets/detail-2.js'], 'a new-home detail');
  t.equal(assets.chunkOf('xinfang/detail'), '/assets/detail-2.js');
  t.equal(assets.chunkOf('ershoufang/list'), '/assets/list-1.js');
});

t.test('every page module key of pages/modules.ts is the path of the file it imports (one key style)', async (t) => {
  const source = readFileSync(path.join(ROOT, 'pages/modules.ts'), 'utf8');
  const pairs = [...source.matchAll(/'?([\w/-]+)'?: \(\) => import\('\.\/([^']+)'\)/g)].map((m) => [m[1], `pages/${m[2]}`]);
  t.equal(pairs.length, Object.keys(pageModules).length, 'every key read from the source');
  for (const [key, file] of pairs) t.equal(pageSourceOf(key), file, `${key} → ${file}`);
});

/** Issue 20 point 1: the page type's own stylesheet is inlined in the head; without a per-page build, the whole file is linked. */
t.test('the head inlines the page module’s own stylesheet, else links the whole one', async (t) => {
  const dir = clientDir();
  const head = { title: '长沙二手房', description: '', keywords: '', canonical: '' };
  const before = documentHead(head, loadClientAssets(dir), 'home').toString();
  t.match(before, '<link rel="stylesheet" href="/assets/entry-1.css">', 'no per-page build: the whole stylesheet');
  t.notMatch(before, '<style');

  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'assets', 'page-home-1.css'), '.hd{height:44px}.q::after{content:"</style>"}');
  writeFileSync(
    path.join(dir, '.vite', 'page-css.json'),
    JSON.stringify({ whole: ['assets/entry-1.css'], pages: { home: 'assets/page-home-1.css' } }),
  );
  const assets = loadClientAssets(dir);
  t.same(assets.pageCssHrefs(), { home: '/assets/page-home-1.css' });
  const html = documentHead(head, assets, 'home').toString();
  t.match(
    html,
    '<style data-page-css="home">.hd{height:44px}.q::after{content:"<\\/style>"}</style>',
    'inlined, and cannot close the element early',
  );
  t.notMatch(html, 'rel="stylesheet"', 'no render-blocking link');
  t.match(
    documentHead(head, assets, 'xinfang/list').toString(),
    '<link rel="stylesheet" href="/assets/entry-1.css">',
    'a module without its own file: the whole one',
  );
});
