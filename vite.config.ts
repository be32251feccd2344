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
        // on its own, which cost about a kilobyte of the list page's 90 KB budget (issue 4).
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'listing', test: /src[\\/](ui[\\/]list[\\/]|lib[\\/](listing-filters|filter-codes)\.ts)/ },
            // Listing cards and their images: on the home page, every list and the similar listings of details.
            { name: 'cards', test: /src[\\/](ui[\\/](ListingCard|card-parts|LazyImage)\.tsx|lib[\\/]listing-kinds\.ts)/ },
          ],
        },
      },
    },
  },
  ssr: { noExternal: [] },
});
