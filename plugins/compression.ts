import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { BROTLI_WINDOW_BITS } from '../src/brotli-window.ts';

/** The encodings the portal answers in, best first (issue 11 point 6). zstd and deflate are left out on purpose. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** HTML, JSON, CSS, JS and SVG: everything text the portal sends. */
export const COMPRESSIBLE = /^text\/(?!event-stream)|[/+](json|xml|javascript)(;|$)/;

/**
 * Brotli quality 5 and gzip level 6 for answers compressed per request: near the best ratio for HTML at a fraction
 * of the CPU of the maximum; the build pre-compresses the hashed assets at the maximum (scripts/precompress.ts).
 * Every write is flushed: React writes a whole flush (the shell, then each resolved Suspense boundary) in one
 * write, and a streamed page must reach the browser as it is written, not when the compressor's window fills.
 */
export const BROTLI_OPTIONS = {
  flush: constants.BROTLI_OPERATION_FLUSH,
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 5,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
  },
};
export const GZIP_OPTIONS = { flush: constants.Z_SYNC_FLUSH, level: 6 };
const SYNC_THRESHOLD = 1024 * 1024;

/**
 * Brotli and gzip by `Accept-Encoding` for every route registered after this plugin (it hooks onRoute), with
 * `Vary: Accept-Encoding` on every compressible answer, compressed or not, so a shared cache never hands one
 * client's encoding to another. An answer that already carries a `Content-Encoding` (a pre-compressed file from
 * @fastify/static, a body stored compressed) is sent as it is.
 */
const compression: FastifyPluginAsync = async (app) => {
  await app.register(compress, {
    encodings: [...ENCODINGS],
    customTypes: COMPRESSIBLE,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
    threshold: 1024,
    // A buffered page (a render, a page-cache hit) is compressed in one synchronous call and stays a Buffer with a
    // content-length (about a millisecond for a 50 KB page). The plugin's default for 2 cores (8 KB) turned pages into
    // streams, and a stream sent by an async handler that does not return the reply is cut to an empty body by
    // Fastify (src/pipeline/handle.tsx sends and returns nothing).
    syncThreshold: SYNC_THRESHOLD,
  });
  // A callback hook, not an async one: handlers that call reply.send() and return nothing (src/pipeline) would see
  // the reply unsent after an await here, and Fastify would send their `undefined` a second time.
  app.addHook('onSend', (_req, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && COMPRESSIBLE.test(type)) varyOnEncoding(reply);
    done(null, payload);
  });
};

function varyOnEncoding(reply: { getHeader(name: string): unknown; header(name: string, value: string): unknown }): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  if (current === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, accept-encoding` : 'accept-encoding');
}

export default fp(compression, { name: 'portal-compression', fastify: '5.x' });
