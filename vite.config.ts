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
        // The list screens' shared code in one chunk rather than six small ones: each chunk is a request and
        // compresses on its own, which cost about a kilobyte of the 90 KB budget (issue 4).
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: 'listing', test: /src[\\/](ui[\\/]list[\\/]|lib[\\/](listing-filters|filter-codes|listing-kinds)\.ts)/ }],
        },
      },
    },
  },
  ssr: { noExternal: [] },
});
