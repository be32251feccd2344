import { SpanStatusCode } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  type Sampler,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

/**
 * Issue 36 part 3: a tracer provider of its own for one test app, keeping every ended span in memory (no global
 * provider, no context manager: several apps of one process trace apart).
 */
export function memoryTracing(opts: { sampler?: Sampler } = {}) {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ sampler: opts.sampler, spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return {
    provider,
    /** Every span ended so far. */
    spans: (): ReadableSpan[] => exporter.getFinishedSpans(),
    reset: () => exporter.reset(),
    shutdown: () => provider.shutdown(),
  };
}

export interface SpanNode {
  span: ReadableSpan;
  children: SpanNode[];
}

export const spanId = (s: ReadableSpan) => s.spanContext().spanId;
export const parentId = (s: ReadableSpan) => s.parentSpanContext?.spanId;
const startedAt = (s: ReadableSpan) => s.startTime[0] * 1e9 + s.startTime[1];

/** The spans of one trace as a tree from its root (the span without a parent), children in the order they started. */
export function spanTree(spans: ReadableSpan[]): SpanNode {
  const roots = spans.filter((s) => !parentId(s));
  if (roots.length !== 1) throw new Error(`expected one root span, got ${roots.map((s) => s.name).join(', ') || 'none'}`);
  const nodeOf = (span: ReadableSpan): SpanNode => ({
    span,
    children: spans
      .filter((s) => parentId(s) === spanId(span))
      .sort((a, b) => startedAt(a) - startedAt(b))
      .map(nodeOf),
  });
  return nodeOf(roots[0]);
}

/** The attributes a printed tree shows beside a span's name. */
const SHOWN = ['portal.page', 'portal.cache.hit', 'portal.render.kind', 'gateway.batched', 'gateway.batch.size', 'gateway.secondary'];

/** The tree as text, one span a line (what the tracing test prints). */
export function printTree(node: SpanNode, depth = 0): string {
  const s = node.span;
  const attrs = SHOWN.filter((k) => s.attributes[k] !== undefined).map((k) => `${k}=${s.attributes[k]}`);
  const ms = (s.duration[0] * 1e3 + s.duration[1] / 1e6).toFixed(1);
  const status = s.status.code === SpanStatusCode.ERROR ? ` ERROR(${s.status.message ?? ''})` : '';
  const line = `${'  '.repeat(depth)}${s.name} ${ms} ms${attrs.length ? ` [${attrs.join(' ')}]` : ''}${status}`;
  return [line, ...node.children.map((c) => printTree(c, depth + 1))].join('\n');
}
