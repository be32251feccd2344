import { finished } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { CallContext } from '../api/http.ts';
import type { PageContext } from '../pipeline/types.ts';
import type { Rendered } from '../render/stream.ts';
import { ATTR, endWith, type RequestTracing, recordFailure, type SpanParent, startSpan, under } from './spans.ts';

/**
 * Issue 36 part 3: the page pipeline's stages in spans (DESIGN "One request, end to end"), each a child of the
 * request's root span or of the stage it runs in: every middleware, validate, load, meta, render (with React's part)
 * and the page cache's lookup and fill. The
 * gateway calls a stage makes go under its span (src/tracing/gateway.ts). With tracing off (req.tracing null) each
 * helper only runs what it is given.
 */

export type Stage = 'middleware' | 'validate' | 'load' | 'meta' | 'render' | 'page-cache';

/**
 * The CallContext.trace of a call made from the request rather than a page's context: under the stage running now (the
 * member's session check, in `middleware authenticated`), else under the root (the city lookup before routing).
 */
export const callTraceOf = (req: FastifyRequest): CallContext['trace'] =>
  req.tracing ? (req.tracing.current ?? req.tracing.root) : undefined;

const isThenable = (x: unknown): x is Promise<unknown> =>
  x !== null && typeof x === 'object' && typeof (x as { then?: unknown }).then === 'function';

/** The stage's span, with its kind and registry name, under `parent`. */
function stageSpan(parent: SpanParent, stage: Stage, name: string, attributes = {}) {
  return startSpan(parent, `${stage} ${name}`, { [ATTR.stage]: stage, [ATTR.stageName]: name, ...attributes });
}

/** Where a stage of `ctx`'s page goes: under the stage running now (the cache fill in the render), else the root. */
const parentOf = (ctx: PageContext, tracing: RequestTracing): SpanParent => ctx.call.trace ?? tracing.root;

/**
 * Runs one stage of `ctx`'s page in its span. While it runs, `ctx.call` (and `req.tracing.current`) carries the span,
 * so the gateway calls the stage makes (secondary ones included, which it starts) are its children; afterwards both
 * are what they were.
 */
export function traceStage<T>(ctx: PageContext, stage: Stage, name: string, run: () => T): T {
  const tracing = ctx.req.tracing;
  if (!tracing) return run();
  const parent = parentOf(ctx, tracing);
  const span = stageSpan(parent, stage, name);
  const trace = under(parent, span);
  const outer = ctx.call;
  const inner: CallContext = { ...outer, trace };
  const before = tracing.current;
  const restore = () => {
    if (ctx.call === inner) ctx.call = outer;
    if (tracing.current === trace) tracing.current = before;
  };
  ctx.call = inner;
  tracing.current = trace;
  let result: T;
  try {
    result = endWith(span, run);
  } catch (err) {
    restore();
    throw err;
  }
  if (!isThenable(result)) {
    restore();
    return result;
  }
  return result.finally(restore) as T;
}

/**
 * React's part of the render (src/render/stream.ts renderDocument), inside the `render` stage: a whole document ends
 * it once made; a streamed one once the stream has ended (after the root span, which ends when Fastify starts sending),
 * or was cut short (`portal.render.aborted`: the visitor left).
 */
export async function traceReact(ctx: PageContext, run: () => Promise<Rendered>): Promise<Rendered> {
  const tracing = ctx.req.tracing;
  if (!tracing) return run();
  const span = startSpan(parentOf(ctx, tracing), 'react', { [ATTR.module]: ctx.page.module });
  let rendered: Rendered;
  try {
    rendered = await run();
  } catch (err) {
    recordFailure(span, err);
    span.end();
    throw err;
  }
  span.setAttribute(ATTR.renderKind, rendered.kind);
  if (rendered.kind === 'buffer') span.end();
  else
    finished(rendered.stream, (err) => {
      // A visitor who left before the end is no failure of the render.
      if ((err as NodeJS.ErrnoException | undefined)?.code === 'ERR_STREAM_PREMATURE_CLOSE') span.setAttribute(ATTR.renderAborted, true);
      else if (err) recordFailure(span, err);
      span.end();
    });
  return rendered;
}

/**
 * Names the root span by the registry entry the request matched (`GET ershoufang.detail`; a client navigation's
 * `/-/data` request `GET ershoufang.detail data`), as a route names an HTTP server span.
 */
export function nameRequestSpan(req: FastifyRequest, entryName: string, data = false): void {
  const tracing = req.tracing;
  if (!tracing) return;
  tracing.span.updateName(`${req.method} ${entryName}${data ? ' data' : ''}`);
  tracing.span.setAttribute(ATTR.page, entryName);
}

/** The page cache's lookup before routing (plugins/page-cache.ts): names the root span, and says hit or miss. */
export function tracePageCacheLookup<T>(
  req: FastifyRequest,
  entryName: string,
  lookup: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const tracing = req.tracing;
  if (!tracing) return lookup();
  nameRequestSpan(req, entryName);
  const span = stageSpan(tracing.root, 'page-cache', 'lookup');
  return endWith(span, () =>
    lookup().then((hit) => {
      span.setAttribute(ATTR.cacheHit, hit !== undefined);
      return hit;
    }),
  );
}
