/**
 * Brotli's window for every page the portal compresses (per request, plugins/compression.ts, and at page-cache fill,
 * src/page-cache.ts): 2^19 = 512 KB instead of brotli's default 2^22 = 4 MB. A page is far smaller than the window
 * either way, so the compressed bytes are the same, but each encoder's ring buffer is an eighth of the size. Issue 35
 * part 3: those 4 MB buffers, one per compression, stayed in glibc's arenas; with 512 KB the rest of a worker's RSS
 * (beyond its heap and buffers) ended `npm run bench:mix` about 10 MB lower, and the workers within their bound.
 */
export const BROTLI_WINDOW_BITS = 19;
