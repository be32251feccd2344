import type { FastifyInstance } from 'fastify';

const mb = (bytes: number) => Math.round(bytes / 104857.6) / 10;

/**
 * A portal process's memory in MB (issue 35 part 3): what V8 holds (heap, and outside it the buffers), and what the
 * three bounded stores count against their `site` bounds: the page cache (its bodies are buffers), the markup memo and
 * the gateway-answer memo (both in the heap). `kill -USR2 <pid>` logs it (src/server.ts); `npm run bench:mix` prints it.
 */
export function memoryReport(app: FastifyInstance) {
  const m = process.memoryUsage();
  const markup = app.markupMemo(app.registry.current);
  return {
    rss: mb(m.rss),
    heapTotal: mb(m.heapTotal),
    heapUsed: mb(m.heapUsed),
    external: mb(m.external),
    arrayBuffers: mb(m.arrayBuffers),
    pageCache: mb(app.pageCache.bytes),
    pageCacheEntries: app.pageCache.size,
    markupMemo: mb((markup?.chars ?? 0) * 2),
    answerMemo: mb(app.api.answers.bytes),
  };
}
export type MemoryReport = ReturnType<typeof memoryReport>;
