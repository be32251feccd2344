import underPressure from '@fastify/under-pressure';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../src/config.ts';

export const HEALTH_PATH = '/-/health';

export interface PressureOptions {
  limits: Config['pressure'];
  /** Test seam: a check that says the process cannot serve (false: every request gets the quick 503). */
  healthCheck?: () => boolean | Promise<boolean>;
}

/**
 * Overload answers 503 at once instead of queueing for seconds (issue 20 part 3): @fastify/under-pressure samples the
 * event-loop delay (and, when set, heap and RSS) and, past a limit, answers every request before any work with a small
 * 503 and `Retry-After`, so a load balancer or a person retries soon rather than waits. `/-/health` says `ok`, or 503
 * under pressure and while the process drains for shutdown (plugins/drain.ts), so a balancer stops sending early.
 */
const pressurePlugin: FastifyPluginAsync<PressureOptions> = async (app, opts) => {
  const { limits } = opts;
  const mb = (n: number) => n * 1024 * 1024;
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: mb(limits.maxHeapUsedMb),
    maxRssBytes: mb(limits.maxRssMb),
    retryAfter: limits.retryAfterSeconds,
    healthCheck: async () => !app.draining && (opts.healthCheck ? await opts.healthCheck() : true),
    exposeStatusRoute: { url: HEALTH_PATH, routeOpts: { logLevel: 'warn' } },
    pressureHandler: function answerUnderPressure(req: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) {
      req.log.warn({ pressure: type, value: value === undefined ? undefined : Math.round(value) }, 'under pressure: 503');
      app.metrics.pressureRefused();
      reply
        .code(503)
        .header('retry-after', String(limits.retryAfterSeconds))
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('服务繁忙，请稍后再试');
    },
  });
};

export default fp(pressurePlugin, { name: 'portal-pressure', fastify: '5.x', dependencies: ['portal-drain', 'portal-metrics'] });
