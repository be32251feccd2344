import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pageChunkKey } from '../../src/render/assets.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The JavaScript a phone downloads before a page is interactive: the entry, its static imports and the page chunk, gzipped. */
export function jsBudget(moduleKey: string, root = ROOT): { files: number; gzipBytes: number } {
  const dir = path.join(root, 'dist/client');
  const manifest = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const i of manifest[key].imports ?? []) walk(i);
  };
  walk('src/client/entry.tsx');
  const page = pageChunkKey(manifest, moduleKey);
  if (page) walk(page);
  let gzipBytes = 0;
  for (const key of seen) gzipBytes += gzipSync(readFileSync(path.join(dir, manifest[key].file)), { level: 9 }).length;
  return { files: seen.size, gzipBytes };
}
