import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { CallContext } from '../src/api/http.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** When this request's gateway calls must be over (issue 20); src/api/http.ts bounds every call by it. */
    deadline: NonNullable<CallContext['deadline']> | null;
  }
}

export interface DeadlineOptions {
  /** config.requestDeadlineMs. */
  ms: number;
}

/**
 * One deadline per request (issue 20 part 3): set when the request arrives, carried by the page's CallContext, so that
 * all its gateway calls together, retries included, end by then; a hung gateway gives 504 at the deadline, not after
 * every call's own timeout in turn.
 */
const deadlinePlugin: FastifyPluginAsync<DeadlineOptions> = async (app, opts) => {
  app.decorateRequest('deadline', null);
  app.addHook('onRequest', async function startDeadline(req) {
    req.deadline = { at: performance.now() + opts.ms, ms: opts.ms };
  });
};

export default fp(deadlinePlugin, { name: 'portal-deadline', fastify: '5.x' });
