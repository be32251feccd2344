import { type Attributes, type Context, type Span, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';

/**
 * Issue 36 part 3: what every span of a traced request is made with. The portal never relies on OpenTelemetry's
 * global context: each span names its parent (the request's root span, a stage's span) explicitly, so no context
 * manager is installed and several apps (tests) can trace in one process, each with its own tracer.
 */

/** The attribute names the portal sets (docs/ops.md "Tracing" lists them). */
export const ATTR = {
  requestId: 'request.id',
  page: 'portal.page',
  stage: 'portal.stage',
  stageName: 'portal.stage.name',
  module: 'portal.module',
  cacheHit: 'portal.cache.hit',
  renderKind: 'portal.render.kind',
  renderAborted: 'portal.render.aborted',
  endpoint: 'gateway.endpoint',
  method: 'http.request.method',
  statusCode: 'http.response.status_code',
  secondary: 'gateway.secondary',
  batched: 'gateway.batched',
  batchSize: 'gateway.batch.size',
} as const;

/** A traced request (req.tracing): set by plugins/tracing.ts for a request whose root span records, else null. */
export interface RequestTracing {
  /** The root span (@fastify/otel's request span). */
  readonly span: Span;
  /** Where the root's children go. */
  readonly root: SpanParent;
  /**
   * The stage running now (src/tracing/stages.ts), null between stages: where a gateway call made from the request
   * alone goes (the member's session check, made for the `authenticated` middleware).
   */
  current: SpanParent | null;
}

/** Where a span goes: the tracer, its parent, and the request id every span carries. */
export interface SpanParent {
  readonly tracer: Tracer;
  readonly context: Context;
  readonly reqId: string;
}

/** A child span of `parent`, with the request id. */
export function startSpan(parent: SpanParent, name: string, attributes: Attributes): Span {
  return parent.tracer.startSpan(name, { attributes: { [ATTR.requestId]: parent.reqId, ...attributes } }, parent.context);
}

/** The parent for the spans started under `span`. */
export const under = (parent: SpanParent, span: Span): SpanParent => ({
  tracer: parent.tracer,
  context: trace.setSpan(parent.context, span),
  reqId: parent.reqId,
});

/** A failure on the span: status ERROR with the message, the HTTP status when the error has one, the exception. */
export function recordFailure(span: Span, err: unknown): void {
  const e = err instanceof Error ? err : new Error(String(err));
  span.setStatus({ code: SpanStatusCode.ERROR, message: e.message });
  const status = (err as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number') span.setAttribute(ATTR.statusCode, status);
  span.recordException(e);
}

const isThenable = (x: unknown): x is PromiseLike<unknown> =>
  x !== null && (typeof x === 'object' || typeof x === 'function') && typeof (x as { then?: unknown }).then === 'function';

/**
 * Runs `run` inside `span` and ends the span when it is over: at once when it returns a value, when the promise
 * settles when it returns one. A throw or a rejection marks the span failed and goes on to the caller unchanged.
 */
export function endWith<T>(span: Span, run: () => T): T {
  let result: T;
  try {
    result = run();
  } catch (err) {
    recordFailure(span, err);
    span.end();
    throw err;
  }
  if (!isThenable(result)) {
    span.end();
    return result;
  }
  return (result as PromiseLike<unknown>).then(
    (value) => {
      span.end();
      return value;
    },
    (err: unknown) => {
      recordFailure(span, err);
      span.end();
      throw err;
    },
  ) as T;
}
