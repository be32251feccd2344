import type { FastifyOtelInstrumentationOpts } from '@fastify/otel';
import type { TracerProvider } from '@opentelemetry/api';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ATTR, type RequestTracing } from '../src/tracing/spans.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Issue 36 part 3: this request's tracing (its root span, the tracer of its child spans); null when tracing is off,
     * the path is not traced or the request is not sampled. The page pipeline's spans start from it (src/tracing).
     */
    tracing: RequestTracing | null;
  }
}

export interface TracingPluginOptions {
  /** Set: requests are traced with it (src/tracing/provider.ts, or a test's). Unset: nothing is registered. */
  tracerProvider?: TracerProvider;
}

/** The tracer of the portal's own spans (the root span is @fastify/otel's). */
export const TRACER_NAME = 'fangchan-portal';
/** The hashed client files: many per page view, served from disk, nothing to learn from a span each. */
const UNTRACED_PREFIX = '/assets/';

/**
 * The root span starts named by the route (`GET /*`), with the request id; the page pipeline names it by its entry.
 * A request the sampler left out gets nothing more.
 */
function tagRequestSpan(span: Parameters<NonNullable<FastifyOtelInstrumentationOpts['requestHook']>>[0], req: FastifyRequest): void {
  if (!span.isRecording()) return;
  span.setAttribute(ATTR.requestId, req.id);
  span.updateName(`${req.method} ${req.routeOptions.url ?? '(no route)'}`);
}

/** The member and chat WebSockets are never answered through onSend: a span started for them would never end. */
function untraceSockets(route: RouteOptions): void {
  if ((route as RouteOptions & { websocket?: boolean }).websocket) route.config = { ...route.config, otel: false };
}

/**
 * OpenTelemetry traces (issue 36 part 3; docs/ops.md "Tracing"). With a tracer provider, @fastify/otel is registered
 * before anything else: one root span per request, without its spans per hook and handler (the page pipeline makes
 * its own, src/tracing/stages.ts). For a request whose root span records, `req.tracing` is set and the request's log
 * lines carry the trace id (`trace_id`). Without a provider this plugin only declares `req.tracing` (null): no
 * OpenTelemetry code is loaded and no request pays for tracing.
 */
const tracingPlugin: FastifyPluginAsync<TracingPluginOptions> = async (app, opts) => {
  app.decorateRequest('tracing', null);
  const provider = opts.tracerProvider;
  if (!provider) return;
  const { FastifyOtelInstrumentation } = await import('@fastify/otel');
  const instrumentation = new FastifyOtelInstrumentation({
    instrumentHooks: false,
    instrumentHandler: false,
    ignorePaths: ({ url }) => url.startsWith(UNTRACED_PREFIX),
    requestHook: tagRequestSpan,
  });
  instrumentation.setTracerProvider(provider);
  await app.register(instrumentation.plugin());
  const tracer = provider.getTracer(TRACER_NAME);

  app.addHook('onRoute', untraceSockets);
  app.addHook('onRequest', function startRequestTracing(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const otel = req.opentelemetry();
    if (otel.span?.isRecording() && otel.context) {
      req.tracing = { span: otel.span, root: { tracer, context: otel.context, reqId: req.id }, current: null };
      req.log = req.log.child({ trace_id: otel.span.spanContext().traceId });
      reply.log = req.log;
    }
    done();
  });
};

export default fp(tracingPlugin, { name: 'portal-tracing', fastify: '5.x' });
