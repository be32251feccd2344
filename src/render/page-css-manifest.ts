/** Where the client build lists each page module's stylesheet (written by scripts/css-split.ts, read by assets.ts). */
export const PAGE_CSS_MANIFEST = '.vite/page-css.json';

/** The attribute naming the page module a stylesheet (inline or linked) belongs to. */
export const PAGE_CSS_ATTR = 'data-page-css';

/** `.vite/page-css.json`: the whole stylesheet's files and each page module's own file, paths under the client dir. */
export interface PageCssManifest {
  whole: string[];
  pages: Record<string, string>;
}
