import type { Span } from '@opentelemetry/api';
import type { CallContext } from '../api/http.ts';
import { endpointPattern } from '../metrics/endpoint-pattern.ts';
import { ATTR, endWith, type SpanParent, startSpan } from './spans.ts';

/**
 * Issue 36 part 3: a span for each logical gateway call of a traced request (SPEC 7), under the stage that made it
 * (load, a middleware). A call that travels in a batch (src/api/batch.ts) keeps its own span, from the moment it is
 * asked for to the moment its own answer is settled, marked `gateway.batched` with the batch's size; a call the batch
 * repeats alone stays the same span. A failure (SPEC 7.12: logged and passed on) marks the span ERROR with its status.
 */

/** CallContext.trace: where the call's span goes, and, once callGateway started it, the call's own span. */
export interface CallTrace extends SpanParent {
  readonly span?: Span;
}

/** Runs one gateway call inside its span; `run` gets the call context that carries the span. */
export function traceGatewayCall<T>(call: CallContext, path: string, method: string, run: (traced: CallContext) => Promise<T>): Promise<T> {
  const parent = call.trace as CallTrace;
  const endpoint = endpointPattern(path);
  const span = startSpan(parent, `gateway ${method} ${endpoint}`, {
    [ATTR.endpoint]: endpoint,
    [ATTR.method]: method,
    [ATTR.batched]: false,
    ...(call.secondary ? { [ATTR.secondary]: true } : {}),
  });
  return endWith(span, () => run({ ...call, trace: { ...parent, span } }));
}

/** The calls of one batch round trip (src/api/batch.ts `send`): each call's span says it travelled in a batch. */
export function markBatched(calls: ReadonlyArray<{ call: CallContext }>): void {
  for (const { call } of calls) call.trace?.span?.setAttributes({ [ATTR.batched]: true, [ATTR.batchSize]: calls.length });
}
