/**
 * Brotli's window for every page the portal compresses (per request, plugins/compression.ts, and at page-cache fill,
 * src/page-cache.ts): 2^19 = 512 KB instead of brotli's default 2^22 = 4 MB. A page is far smaller than the window
 * either way, so the compressed bytes are the same, but each encoder's ring buffer is an eighth of the size. Issue 35
 * part 3: those 4 MB buffers, one per compression, stayed in glibc's arenas and made most of what a worker's RSS
 * grew beyond its heap and page cache in `npm run bench:mix`.
 */
export const BROTLI_WINDOW_BITS = 19;
