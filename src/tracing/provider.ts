import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { FastifyBaseLogger } from 'fastify';
import type { TracingConfig } from '../config.ts';

/** How long a closing portal waits for its last spans to reach the collector. */
export const LAST_SPANS_MS = 3000;

export interface ExportingTracing {
  provider: BasicTracerProvider;
  /**
   * Sends the spans still waiting and stops the provider, within LAST_SPANS_MS: a collector that is down or slow (the
   * exporter retries for several seconds) neither fails the shutdown nor holds it up; those spans are lost, logged.
   */
  sendLastSpans(log: FastifyBaseLogger): Promise<void>;
}

/**
 * Issue 36 part 3: the tracer provider of a portal process when OTEL_EXPORTER_OTLP_ENDPOINT is set, made before its
 * Fastify instance (src/app.ts imports this module only then). Spans are batched and posted by OTLP/HTTP (JSON) to the
 * collector; the batch size and delay, the sampler, the exporter's headers and timeout come from OpenTelemetry's
 * standard variables, which the SDK reads itself (OTEL_BSP_*, OTEL_TRACES_SAMPLER[_ARG], OTEL_EXPORTER_OTLP_HEADERS,
 * OTEL_EXPORTER_OTLP_TIMEOUT). It is never registered as OpenTelemetry's global provider: the app hands it to
 * @fastify/otel and to its own spans (plugins/tracing.ts), and sends the last spans when it closes.
 */
export function exportingTracing(cfg: TracingConfig): ExportingTracing {
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': cfg.serviceName, 'process.pid': process.pid }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: cfg.tracesUrl }))],
  });
  return {
    provider,
    async sendLastSpans(log) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), LAST_SPANS_MS);
      });
      try {
        if ((await Promise.race([provider.shutdown(), late])) === 'late')
          log.warn({ waitedMs: LAST_SPANS_MS }, 'tracing: the collector took too long; the last spans are lost');
      } catch (err) {
        log.warn({ err }, 'tracing: the last spans could not be sent');
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
