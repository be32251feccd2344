import { PassThrough, type Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { ReactElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { errors } from '../errors.ts';

export type Rendered = { kind: 'buffer'; body: Buffer } | { kind: 'stream'; stream: Readable };

export interface RenderOptions {
  /** Everything before the React markup, as bytes (src/render/document.ts). */
  head: Buffer;
  /**
   * After the last Suspense boundary: a function when it depends on what streamed (the state script carries the
   * values of deferred calls, src/render/deferred.ts), called once everything rendered.
   */
  tail: string | (() => string | Promise<string>);
  /** Crawlers and cache fills wait for every Suspense boundary; people get the shell as soon as it is ready. */
  waitForAll: boolean;
  /**
   * The tree reads no pending data (no deferred call, or all of them settled): the document is rendered in one
   * synchronous pass (see renderWhole). Implied by `waitForAll`.
   */
  settled?: boolean;
  timeoutMs: number;
  log: FastifyBaseLogger;
  /** Streamed documents only: the CSP nonce React's inline boundary scripts carry. */
  nonce?: string;
  /** Streamed documents only: called once the last byte went out (a page-cache fill that streamed to a person). */
  onStreamed?: () => void;
}

/**
 * A minimal destination for React's pipe(): it keeps chunks and hands them on in one piece per React flush.
 * React writes a whole flush synchronously and then calls flush(), so coalescing there turns a dozen small
 * writes into one without delaying anything.
 */
class ChunkSink {
  chunks: Buffer[] = [];
  private onFlush: ((chunk: Buffer) => void) | null;
  private onEnd: (() => void) | null;
  ended = false;
  constructor(onFlush: ((chunk: Buffer) => void) | null = null, onEnd: (() => void) | null = null) {
    this.onFlush = onFlush;
    this.onEnd = onEnd;
  }
  write(chunk: Uint8Array | string): boolean {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    return true;
  }
  flush(): void {
    if (!this.onFlush || this.chunks.length === 0) return;
    const out = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
    this.chunks = [];
    this.onFlush(out);
  }
  end(): void {
    this.flush();
    this.ended = true;
    this.onEnd?.();
  }
  on(): this {
    return this;
  }
  once(): this {
    return this;
  }
  emit(): boolean {
    return false;
  }
  removeListener(): this {
    return this;
  }
}

/** Fizz's marker of a Suspense boundary rendered as its fallback, to be rendered again in the browser. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!';

/**
 * The whole document in one synchronous pass, when nothing in the tree waits for data: renderToString writes the
 * same markup as renderToPipeableStream with every boundary in place (progressiveChunkSize Infinity) — the same
 * bytes, so hydration and the page cache see no difference — at about a third of the cost, since it concatenates
 * strings where the Node stream encodes every small chunk into bytes (issue 20 part 2). Anything it cannot render
 * the same way gives null and the stream renders the page as before: a component that suspends (renderToString
 * throws outside a boundary, renders the fallback inside one) or throws (the stream then reports the error).
 */
function renderWhole(app: ReactElement, opts: RenderOptions): Rendered | null {
  if (typeof opts.tail !== 'string') return null;
  let html: string;
  try {
    html = renderToString(app);
  } catch {
    return null;
  }
  // Encoded first, searched as bytes: the markup is a rope of thousands of pieces, flattened once, not twice.
  const markup = Buffer.from(html);
  if (markup.includes(CLIENT_RENDERED_BOUNDARY)) return null;
  return { kind: 'buffer', body: Buffer.concat([opts.head, markup, Buffer.from(opts.tail)]) };
}

/**
 * renderToPipeableStream with two outcomes: when everything is ready before the first byte is due (no pending
 * Suspense, a crawler, a cache fill) one Buffer with a content-length; otherwise a stream that sends the shell
 * at once and the rest as it resolves. A render that hangs is aborted after `timeoutMs`.
 */
export function renderDocument(app: ReactElement, opts: RenderOptions): Promise<Rendered> {
  if (opts.waitForAll || opts.settled) {
    const whole = renderWhole(app, opts);
    if (whole) return Promise.resolve(whole);
  }
  return new Promise<Rendered>((resolve, reject) => {
    let settled = false;
    let shellReady = false;
    const timer = setTimeout(() => {
      opts.log.error({ timeoutMs: opts.timeoutMs }, 'render timed out; aborting');
      abort(errors.renderTimeout());
    }, opts.timeoutMs);

    const tailOf = (): string | Promise<string> => (typeof opts.tail === 'string' ? opts.tail : opts.tail());

    const collect = () => {
      settled = true;
      clearTimeout(timer);
      const sink = new ChunkSink();
      // With all work done, pipe() writes the whole document synchronously and ends the sink.
      pipe(sink as unknown as NodeJS.WritableStream);
      const body = (tail: string) => Buffer.concat([opts.head, ...sink.chunks, Buffer.from(tail)]);
      const tail = tailOf();
      if (typeof tail === 'string') resolve({ kind: 'buffer', body: body(tail) });
      else tail.then((t) => resolve({ kind: 'buffer', body: body(t) }), reject);
    };

    const startStreaming = () => {
      settled = true;
      const out = new PassThrough();
      out.write(opts.head);
      const sink = new ChunkSink(
        (chunk) => out.write(chunk),
        () => {
          clearTimeout(timer);
          Promise.resolve(tailOf()).then(
            (tail) => {
              out.end(tail);
              opts.onStreamed?.();
            },
            (err: unknown) => out.destroy(err as Error),
          );
        },
      );
      pipe(sink as unknown as NodeJS.WritableStream);
      resolve({ kind: 'stream', stream: out });
    };

    const { pipe, abort } = renderToPipeableStream(app, {
      // A boundary that is complete when its part of the document is written stays in place. With React's default
      // progressive chunk size (12.8 kB) a complete boundary may be written as a hidden segment moved by an inline
      // script (seen with the menu panel's boundary on a member's list page, issue 20), which a page without a nonce
      // (nothing deferred) may not run under the CSP. Pending boundaries still stream.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      nonce: opts.waitForAll ? undefined : opts.nonce,
      onShellReady() {
        shellReady = true;
        if (opts.waitForAll) return;
        // onAllReady follows in the same tick when nothing suspended; give it that chance before streaming.
        setImmediate(() => {
          if (!settled) startStreaming();
        });
      },
      onAllReady() {
        if (!settled) collect();
      },
      onShellError(err) {
        clearTimeout(timer);
        if (!settled) {
          settled = true;
          reject(err);
        }
      },
      onError(err) {
        // Errors inside Suspense boundaries after the shell: React renders the fallback and the client retries.
        if (shellReady) opts.log.error({ err }, 'render error after shell');
      },
    });
  });
}
