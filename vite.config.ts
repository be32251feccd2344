import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { splitCssPerPage } from './scripts/css-split.ts';
import { precompressDir } from './scripts/precompress.ts';

/**
 * After a production client build, `.br` and `.gz` next to every hashed asset: @fastify/static serves them with
 * `preCompressed`, so no asset is compressed per request (issue 11 point 6). Development builds skip it.
 */
function precompressAssets(): Plugin {
  let skip = false;
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      skip = Boolean(config.build.ssr) || config.mode !== 'production';
    },
    writeBundle(options) {
      if (skip || !options.dir) return;
      const { files, rawBytes, brBytes } = precompressDir(path.join(options.dir, 'assets'));
      this.info(`pre-compressed ${files} assets: ${(rawBytes / 1024).toFixed(1)} kB raw, ${(brBytes / 1024).toFixed(1)} kB brotli`);
    },
  };
}

// The client bundle: one entry, one lazy chunk per page module, a manifest the server reads for
// <script>, CSS and modulepreload links (STACK-NOTES "Builds"). JSX comes from tsconfig; no React plugin.
export default defineConfig({
  publicDir: false,
  plugins: [splitCssPerPage(), precompressAssets()],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: path.resolve(import.meta.dirname, 'src/client/use-sync-external-store.ts'),
      },
    ],
  },
  esbuild: { jsx: 'automatic' },
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist/client',
    manifest: true,
    emptyOutDir: true,
    target: 'es2020',
    rollupOptions: {
      input: 'src/client/entry.tsx',
      output: {
        // Shared screen code in a few chunks rather than many small ones: each chunk is a request and compresses
        // on its own (a chunk's import/export lines alone are 100-250 bytes gzipped), which cost about a kilobyte of
        // the list page's 90 KB budget (issue 4). A group holds only modules its pages use together: a page that
        // needs one of them loads all of them (issue 20; `npx tsx -e` over scripts/bench/js-budget.ts per module key).
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // The libraries every page runs (React, react-dom, valtio, wouter), the small store modules every page and
            // the menu panel share, and the loader of the screens' lazy parts (issue 35 part 4): one chunk instead of
            // several beside the entry (issue 20).
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|valtio|proxy-compare|wouter|regexparam|use-sync-external-store)[\\/]|src[\\/](stores[\\/](fetch-state|app-state)\.ts|client[\\/]use-sync-external-store\.ts|ui[\\/](lazy-part\.tsx|lazy-margin\.ts|client-href\.ts))/,
            },
            // The second-hand, rental and commercial list screen and the stand-ins of its lazy filter bars.
            { name: 'listing', test: /src[\\/]ui[\\/]list[\\/](ListingListView|FilterBarPart)\.tsx/ },
            // Their filter bars' panels: loaded at the first touch of the bar (issue 35 part 4, FilterBarPart.tsx).
            { name: 'filter-bar', test: /src[\\/]ui[\\/]list[\\/](FilterBar|FilterBarFrame|filter-parts|LocationPanel)\.tsx/ },
            // The filter tables, which only the filter bars and the page links need in the browser: they load with those,
            // at the first touch of the bar or when the end of the list comes into view (issue 35 part 4).
            { name: 'filters', test: /src[\\/]lib[\\/]listing-filters\.ts/ },
            // What every list has (the new-home list too): its page links, and the stand-ins of the SMS form that loads on
            // view and of 保存搜索 that loads at its first tap (issue 35 part 4, issue 37).
            {
              name: 'list-end',
              test: /src[\\/](ui[\\/]list[\\/](Pagination|SmsSubscribePart|SaveSearchPart)\.tsx|lib[\\/]page-window\.ts)/,
            },
            // Listing cards: on the home page, every list and the similar listings of details.
            { name: 'cards', test: /src[\\/]ui[\\/](ListingCard|card-parts)\.tsx/ },
            // The cards' images, media badges and 加入对比 button, which the estate rows of the new-home lists use without
            // the rest.
            { name: 'images', test: /src[\\/]ui[\\/](LazyImage|media[\\/]MediaBadges|compare[\\/]CompareAddButton)\.tsx/ },
            // What the cards share with the first screen of a detail (its tags, the listing kinds, 上架 dates): a detail
            // shows no card before its lower part comes into view (issue 35 part 4).
            { name: 'kinds', test: /src[\\/](ui[\\/]Tags\.tsx|lib[\\/](listing-kinds|time-label)\.ts)/ },
            // The details' bottom bar (ListingFooter, Gallery, AgentCard and the detail parts are also used without it:
            // by the new-home detail, the photo, broker and article pages).
            { name: 'detail', test: /src[\\/]ui[\\/]detail[\\/]ActionBar\.tsx/ },
            // The home page's first screen: the site-wide search box (with its wrapper, also on the 404 screen) and the
            // channel grid (also in the menu panel).
            { name: 'home-top', test: /src[\\/]ui[\\/](SearchBar|search[\\/]SearchBox|sections)\.tsx/ },
            // New-home estate labels: every estate list, ranking and detail.
            { name: 'loupan', test: /src[\\/](ui[\\/]xinfang[\\/]SaleBadge\.tsx|lib[\\/](loupan-types|sale-status)\.ts)/ },
          ],
        },
      },
    },
  },
  ssr: { noExternal: [] },
});
