import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PAGE_CSS_MANIFEST, type PageCssManifest } from './page-css-manifest.ts';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/** What the document needs from the client build: the entry script, its CSS and preload links per page module. */
export interface ClientAssets {
  entry: string | null;
  /**
   * Issue 37 part 5: the build's id, a hash of its Vite manifest (every hashed file name is in it), or null without a
   * client build: the service worker carries it and names its caches by it, so a new build replaces the old caches.
   */
  buildId: string | null;
  /** The entry and the chunks it imports statically: what any screen runs, which the service worker keeps at install. */
  shellFiles: string[];
  css: string[];
  /** modulepreload hrefs for the entry's static imports plus the page module's chunk and its imports. */
  preloadsFor(moduleKey: string): string[];
  /** Chunk URL of a page module (for the client route table). */
  chunkOf(moduleKey: string): string | null;
  /**
   * The page module's own stylesheet (issue 20: the subset of the stylesheet it can use, scripts/css-split.ts): its
   * URL and text, which the document inlines; null without a per-page build (the `css` links then apply).
   */
  pageCss(moduleKey: string): PageCss | null;
  /** Every page module's stylesheet URL, for client navigations (the route table carries it). */
  pageCssHrefs(): Readonly<Record<string, string>>;
}

export interface PageCss {
  href: string;
  text: string;
}

const ENTRY = 'src/client/entry.tsx';

/**
 * The source file a registry module key names (pages/modules.ts): the key is the file's path under pages/ without
 * `.tsx` (`xinfang/list` is pages/xinfang/list.tsx, `not-found` is pages/not-found.tsx).
 */
export const pageSourceOf = (moduleKey: string): string => `pages/${moduleKey}.tsx`;

/** The manifest key of a page module's chunk, or undefined without one. */
export function pageChunkKey(manifest: Record<string, unknown>, moduleKey: string): string | undefined {
  const source = pageSourceOf(moduleKey);
  return Object.hasOwn(manifest, source) ? source : undefined;
}

export function emptyAssets(): ClientAssets {
  return {
    entry: null,
    buildId: null,
    shellFiles: [],
    css: [],
    preloadsFor: () => [],
    chunkOf: () => null,
    pageCss: () => null,
    pageCssHrefs: () => ({}),
  };
}

/** Reads dist/client/.vite/manifest.json once at start; without a client build pages render without scripts. */
export function loadClientAssets(clientDir: string): ClientAssets {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return emptyAssets();
  const text = readFileSync(file, 'utf8');
  const manifest = JSON.parse(text) as Record<string, ManifestChunk>;
  const entry = manifest[ENTRY];
  if (!entry) return emptyAssets();
  const url = (f: string) => `/${f}`;
  const walk = (key: string, seen: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imp of manifest[key]?.imports ?? []) walk(imp, seen);
  };
  const entryImports = new Set<string>();
  walk(ENTRY, entryImports);
  entryImports.delete(ENTRY);
  const cssOf = (keys: Iterable<string>) => [...keys].flatMap((k) => manifest[k]?.css ?? []);
  const baseCss = [...new Set([...(entry.css ?? []), ...cssOf(entryImports)])].map(url);
  const cache = new Map<string, string[]>();
  const pageCss = loadPageCss(clientDir);
  return {
    pageCss: (key) => (Object.hasOwn(pageCss.byKey, key) ? pageCss.byKey[key] : null),
    pageCssHrefs: () => pageCss.hrefs,
    entry: url(entry.file),
    buildId: createHash('sha256').update(text).digest('hex').slice(0, 16),
    shellFiles: [entry.file, ...[...entryImports].map((k) => manifest[k]?.file).filter((f): f is string => Boolean(f))].map(url),
    // With per-page stylesheets the manifest no longer lists the whole one: it is the fallback of a module without its own.
    css: baseCss.length > 0 ? baseCss : pageCss.whole,
    preloadsFor(moduleKey) {
      let hit = cache.get(moduleKey);
      if (!hit) {
        const keys = new Set(entryImports);
        const pageKey = pageChunkKey(manifest, moduleKey);
        if (pageKey) walk(pageKey, keys);
        hit = [...keys]
          .map((k) => manifest[k]?.file)
          .filter((f): f is string => Boolean(f))
          .map(url);
        cache.set(moduleKey, hit);
      }
      return hit;
    },
    chunkOf(moduleKey) {
      const pageKey = pageChunkKey(manifest, moduleKey);
      return pageKey ? url(manifest[pageKey].file) : null;
    },
  };
}

/**
 * The per-page stylesheets the build wrote (scripts/css-split.ts: `.vite/page-css.json` maps module keys to files),
 * read once: they are a few kilobytes each and go into every page's head.
 */
function loadPageCss(clientDir: string): { byKey: Record<string, PageCss>; hrefs: Record<string, string>; whole: string[] } {
  const file = path.join(clientDir, PAGE_CSS_MANIFEST);
  const byKey: Record<string, PageCss> = {};
  const hrefs: Record<string, string> = {};
  if (!existsSync(file)) return { byKey, hrefs, whole: [] };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as PageCssManifest;
  for (const [key, asset] of Object.entries(manifest.pages)) {
    const href = `/${asset}`;
    byKey[key] = { href, text: readFileSync(path.join(clientDir, asset), 'utf8') };
    hrefs[key] = href;
  }
  return { byKey, hrefs, whole: manifest.whole.map((f) => `/${f}`) };
}

/**
 * Development: the client is rebuilt (new hashed names) while the server runs, so re-read the manifest when it
 * changes, checking its mtime at most once a second. Production reads it once at start.
 */
export function reloadingClientAssets(clientDir: string): ClientAssets {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  let current = loadClientAssets(clientDir);
  let mtime = existsSync(file) ? statSync(file).mtimeMs : 0;
  let checkedAt = Date.now();
  const fresh = (): ClientAssets => {
    const now = Date.now();
    if (now - checkedAt > 1000) {
      checkedAt = now;
      const m = existsSync(file) ? statSync(file).mtimeMs : 0;
      if (m !== mtime) {
        mtime = m;
        current = loadClientAssets(clientDir);
      }
    }
    return current;
  };
  return {
    get entry() {
      return fresh().entry;
    },
    get css() {
      return fresh().css;
    },
    get buildId() {
      return fresh().buildId;
    },
    get shellFiles() {
      return fresh().shellFiles;
    },
    preloadsFor: (key) => fresh().preloadsFor(key),
    chunkOf: (key) => fresh().chunkOf(key),
    pageCss: (key) => fresh().pageCss(key),
    pageCssHrefs: () => fresh().pageCssHrefs(),
  };
}
