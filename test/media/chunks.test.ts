import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { pageModules } from '../../pages/modules.ts';
import { PAGE_CSS_MANIFEST, type PageCssManifest } from '../../src/render/page-css-manifest.ts';
import { ROOT } from '../helpers/build.ts';

/**
 * Issue 19: the panorama viewer (@photo-sphere-viewer with three.js, its CSS too) is fetched only by the VR pages, by
 * dynamic import after hydration: it is in no chunk that the entry or any other page loads up front. Reads the client
 * build's Vite manifest (CI builds before `npm test`; without a build there is nothing to check).
 */
const MANIFEST = path.join(ROOT, 'dist/client/.vite/manifest.json');
const VR_MODULES = new Set(['vr/index', 'xinfang/media']);

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

t.test(
  'the viewer library is in no chunk the entry or another page loads',
  { skip: !existsSync(MANIFEST) && 'no client build' },
  async (t) => {
    const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, Chunk>;
    const isViewer = (key: string) => /photo-sphere-viewer|[\\/]three[\\/]/.test(key);
    const viewerFiles = new Set(
      Object.entries(manifest)
        .filter(([k]) => isViewer(k))
        .map(([, c]) => c.file),
    );
    t.ok(viewerFiles.size >= 4, 'the viewer and its plugins are chunks of their own');
    t.ok(
      [...viewerFiles].some((f) => f.endsWith('.css')),
      'its styles are files of their own',
    );

    /** Every file a chunk loads before it runs: itself, its static imports and their CSS. */
    const closure = (key: string, seen = new Set<string>()): Set<string> => {
      const c = manifest[key];
      if (!c || seen.has(key)) return seen;
      seen.add(key);
      for (const i of c.imports ?? []) closure(i, seen);
      return seen;
    };
    const filesOf = (keys: Set<string>) => [...keys].flatMap((k) => [manifest[k].file, ...(manifest[k].css ?? [])]);

    const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry) as string;
    const entry = closure(entryKey);
    t.same([...entry].filter(isViewer), [], 'not in the entry chunk');
    t.same(
      filesOf(entry).filter((f) => viewerFiles.has(f)),
      [],
    );
    const pageCss = JSON.parse(readFileSync(path.join(ROOT, 'dist/client', PAGE_CSS_MANIFEST), 'utf8')) as PageCssManifest;
    const entryCss = pageCss.whole.map((f) => readFileSync(path.join(ROOT, 'dist/client', f), 'utf8')).join('');
    t.ok(entryCss.length > 0, 'the site stylesheet is read');
    t.notMatch(entryCss, /\.psv-/, 'the viewer’s styles are not in the site stylesheet');
    const entryJs = readFileSync(path.join(ROOT, 'dist/client', manifest[entryKey].file), 'utf8');
    t.notMatch(entryJs, /WebGLRenderer|PhotoSphereViewer/, 'no viewer code in the entry');

    let pages = 0;
    for (const key of Object.keys(pageModules)) {
      const src = Object.keys(manifest).find((k) => k === `pages/${key}.tsx`);
      if (!src) continue;
      pages++;
      const loaded = closure(src);
      const bad = [...loaded].filter(isViewer);
      if (VR_MODULES.has(key)) continue;
      t.same(bad, [], `${key} does not load the viewer`);
      const code = filesOf(loaded)
        .filter((f) => f.endsWith('.js'))
        .map((f) => readFileSync(path.join(ROOT, 'dist/client', f), 'utf8'))
        .join('');
      if (/WebGLRenderer|PhotoSphereViewer/.test(code)) t.fail(`${key} carries viewer code`);
    }
    t.ok(pages > 100, `${pages} page chunks checked`);

    // The VR pages reach it only through a dynamic import.
    const vr = closure('pages/vr/index.tsx');
    t.same([...vr].filter(isViewer), [], 'the VR page does not load it up front either');
    const dynamic = [...vr].flatMap((k) => manifest[k].dynamicImports ?? []);
    const lib = dynamic.flatMap((k) => [k, ...(manifest[k]?.dynamicImports ?? [])]);
    t.ok(lib.some(isViewer), 'the VR page imports it dynamically');
  },
);
