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
    rollupOptions: { input: 'src/client/entry.tsx' },
  },
  ssr: { noExternal: [] },
});
