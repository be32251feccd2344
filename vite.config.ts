import { defineConfig } from 'vite';

// The client bundle: one entry, one lazy chunk per page module, a manifest the server reads for
// <script>, CSS and modulepreload links (STACK-NOTES "Builds"). JSX comes from tsconfig; no React plugin.
export default defineConfig({
  publicDir: false,
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
