import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text the browser fetches: scripts, styles, SVG, JSON. Images in other formats are compressed already. */
const TEXT_FILE = /\.(js|mjs|css|svg|json|html|txt|xml)$/;

/**
 * Writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) next to every text file in `dir` (recursively), for
 * @fastify/static's `preCompressed`: a hashed asset is compressed once at build, at the best ratio, and never per
 * request (issue 11 point 6). A variant that would not be smaller than the file is not written. Returns the
 * files' total sizes, raw and as brotli.
 */
export function precompressDir(dir: string): { files: number; rawBytes: number; brBytes: number } {
  let files = 0;
  let rawBytes = 0;
  let brBytes = 0;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      const sub = precompressDir(file);
      files += sub.files;
      rawBytes += sub.rawBytes;
      brBytes += sub.brBytes;
      continue;
    }
    if (!TEXT_FILE.test(name)) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    files += 1;
    rawBytes += raw.length;
    brBytes += Math.min(br.length, raw.length);
  }
  return { files, rawBytes, brBytes };
}
