import { readFileSync } from 'node:fs';
import path from 'node:path';
import postcss, { type AtRule, type Container, type Rule } from 'postcss';
import type { Plugin } from 'vite';
import { PAGE_CSS_MANIFEST, type PageCssManifest } from '../src/render/page-css-manifest.ts';

/**
 * The stylesheet per page type (issue 20 point 1). The portal's one stylesheet (src/ui/styles.css, 170 KB raw) blocks
 * the first paint of every page while most of it styles other screens. After the client build this plugin writes, for
 * every page module of pages/modules.ts, the subset of that stylesheet the module can use: the rules whose class names
 * occur in the source of the module, of everything it imports (statically or lazily) and of the browser entry's own
 * graph (layout, header, menu, footer, toasts). The server inlines that subset in the page's head (no render-blocking
 * request); a client navigation links the next screen's file and drops the previous one (src/client/page-css.ts).
 *
 * "Occurs in the source" is deliberately generous: every identifier-like token of a file counts, `tag--` or `lcard__`
 * (a class built with a template) counts as a prefix, `__title` joined to a known block counts too. Rules without class
 * selectors (elements, :root, attributes) are always kept, and so are @font-face and @keyframes. The rules keep their
 * order, so a page's subset cascades exactly as the whole stylesheet does. test/render/page-css.test.ts checks, on every
 * page of the registry, that each class in the server's HTML that the stylesheet styles is styled by the page's subset.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const ENTRY_ID = path.join(ROOT, 'src/client/entry.tsx');
/** The lazy map of every screen: following it would put every page into every page's closure. */
const MODULE_MAP_ID = path.join(ROOT, 'pages/modules.ts');
const SOURCE = /\.(tsx?|jsx?|mjs)$/;

/** What a generateBundle hook needs from the build's module graph (rolldown's plugin context). */
export interface ModuleGraph {
  imports(id: string): readonly string[];
}

/** Every project source file reachable from `start`, static and dynamic imports alike, never through the module map. */
export function closureOf(start: string, graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id) || id === MODULE_MAP_ID) continue;
    if (id.includes('node_modules') || !id.startsWith(ROOT)) continue;
    seen.add(id);
    stack.push(...graph.imports(id));
  }
  return seen;
}

/** The identifier-like tokens of some source text: class names, parts of class names built in templates. */
export function tokensOf(text: string, into = new Set<string>()): Set<string> {
  for (const t of text.split(/[^A-Za-z0-9_-]+/)) if (t) into.add(t);
  return into;
}

/** Whether a class name can occur in markup made by code with these tokens (see the module comment). */
export function classUsed(name: string, tokens: ReadonlySet<string>, prefixes: readonly string[]): boolean {
  if (tokens.has(name)) return true;
  for (const p of prefixes) if (name.startsWith(p)) return true;
  for (let i = 1; i < name.length - 1; i++) {
    const c = name[i];
    if ((c === '_' || c === '-') && name[i - 1] !== c && tokens.has(name.slice(0, i)) && tokens.has(name.slice(i))) return true;
  }
  return false;
}

/** Tokens that end a class name's start in a template (`lcard--${kind}`): at least a block name and its separator. */
export const prefixesOf = (tokens: Iterable<string>): string[] =>
  [...tokens].filter((t) => t.length >= 4 && /[A-Za-z0-9](__|--|-|_)$/.test(t));

const CLASS_IN_SELECTOR = /\.(-?[_a-zA-Z][_a-zA-Z0-9-]*)/g;

/** Whether one selector can match markup with these classes. Classes only under :not() are not required. */
function selectorUsable(selector: string, used: (name: string) => boolean): boolean {
  if (/:(is|where|has)\(/.test(selector)) return true;
  const required = selector.replace(/:not\([^)]*\)/g, '').replace(/\[[^\]]*\]/g, '');
  for (const m of required.matchAll(CLASS_IN_SELECTOR)) if (!used(m[1])) return false;
  return true;
}

/** The subset of `css` a page can use, in the stylesheet's own order. */
export function subsetCss(css: string, used: (name: string) => boolean): string {
  const root = postcss.parse(css);
  const prune = (container: Container) => {
    container.each((node) => {
      if (node.type === 'rule') {
        const rule = node as Rule;
        if ((rule.parent as AtRule | undefined)?.name?.endsWith('keyframes')) return;
        const kept = rule.selectors.filter((s) => selectorUsable(s, used));
        if (kept.length === 0) rule.remove();
        else if (kept.length < rule.selectors.length) rule.selectors = kept;
      } else if (node.type === 'atrule') {
        const at = node as AtRule;
        if (!at.nodes || at.name.endsWith('keyframes') || at.name === 'font-face') return;
        prune(at);
        if (at.nodes.length === 0) at.remove();
      }
    });
  };
  prune(root);
  return root.toString();
}

/** The registry module keys of pages/modules.ts: `pages/<key>.tsx`. */
export function pageModuleKeys(): string[] {
  const text = readFileSync(MODULE_MAP_ID, 'utf8');
  return [...text.matchAll(/import\('\.\/([^']+)\.tsx'\)/g)].map((m) => m[1]);
}

interface BundleChunk {
  type: 'chunk';
  isEntry: boolean;
  facadeModuleId: string | null;
  viteMetadata?: { importedCss: Set<string> };
}
interface BundleAsset {
  type: 'asset';
  source: string | Uint8Array;
}

export function splitCssPerPage(): Plugin {
  let skip = false;
  return {
    name: 'portal-css-per-page',
    apply: 'build',
    configResolved(config) {
      skip = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (skip) return;
      const files = Object.values(bundle) as unknown as Array<BundleChunk | BundleAsset>;
      const entry = files.find((f): f is BundleChunk => f.type === 'chunk' && f.isEntry && f.facadeModuleId === ENTRY_ID);
      const cssFiles = [...(entry?.viteMetadata?.importedCss ?? [])];
      if (!entry || cssFiles.length === 0) return;
      const css = cssFiles
        .map((f) => {
          const src = (bundle[f] as unknown as BundleAsset).source;
          return typeof src === 'string' ? src : Buffer.from(src).toString('utf8');
        })
        .join('\n');
      const graph: ModuleGraph = {
        imports: (id) => {
          const info = this.getModuleInfo(id);
          return info ? [...info.importedIds, ...info.dynamicallyImportedIds] : [];
        },
      };
      const sourceTokens = new Map<string, Set<string>>();
      const tokensOfFile = (id: string) => {
        let hit = sourceTokens.get(id);
        if (!hit) {
          hit = SOURCE.test(id) ? tokensOf(readFileSync(id.replace(/\?.*$/, ''), 'utf8')) : new Set();
          sourceTokens.set(id, hit);
        }
        return hit;
      };
      const entryTokens = new Set<string>();
      for (const id of closureOf(ENTRY_ID, graph)) for (const t of tokensOfFile(id)) entryTokens.add(t);

      const map: Record<string, string> = {};
      for (const key of pageModuleKeys()) {
        const id = path.join(ROOT, 'pages', `${key}.tsx`);
        if (!this.getModuleInfo(id)) this.error(`css-per-page: pages/${key}.tsx is not in the client build`);
        const tokens = new Set(entryTokens);
        for (const file of closureOf(id, graph)) for (const t of tokensOfFile(file)) tokens.add(t);
        const prefixes = prefixesOf(tokens);
        const subset = subsetCss(css, (name) => classUsed(name, tokens, prefixes));
        const ref = this.emitFile({ type: 'asset', name: `page-${key.replace(/\//g, '-')}.css`, source: subset });
        map[key] = this.getFileName(ref);
      }
      // The whole stylesheet stays a file of the build (the fallback without a page's own one) but no chunk claims it
      // any more: Vite would otherwise load it with the first lazily imported screen, on top of the screen's own.
      for (const f of files) if (f.type === 'chunk') for (const c of cssFiles) f.viteMetadata?.importedCss.delete(c);
      const manifest: PageCssManifest = { whole: cssFiles, pages: map };
      this.emitFile({ type: 'asset', fileName: PAGE_CSS_MANIFEST, source: `${JSON.stringify(manifest, null, 1)}\n` });
    },
  };
}
