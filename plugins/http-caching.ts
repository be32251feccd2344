import type { FastifyPluginAsync, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { NO_STORE, PRIVATE } from '../src/http-cache.ts';

/**
 * Two rules of HTTP caching that hold whatever a route says (issue 36 parts 4 and 5; docs/ops.md "HTTP caching and
 * the CDN"); what each page may be kept as is decided where it is answered (src/http-cache.ts):
 * - the operational endpoints (`/-/health`, `/-/metrics`, `/-/ops…`, `/-/admin/…`) are `no-store`: a CDN or a proxy
 *   never answers a balancer's health check or a scrape with an old copy;
 * - an answer that sets a cookie is `private, no-store`: a shared cache never hands one visitor's cookie to another.
 */
export const OPERATIONAL_PATHS = ['/-/health', '/-/metrics', '/-/ops', '/-/admin'] as const;

/** The path (without its query) is one of OPERATIONAL_PATHS or under one; case-insensitive, as the router is. */
export function isOperationalPath(url: string): boolean {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).toLowerCase();
  return OPERATIONAL_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

const keptPrivately = (value: unknown) => /\b(private|no-store)\b/i.test(String(value ?? ''));

// A callback hook, as plugins/compression.ts explains: handlers that send and return nothing must not see an await.
const enforceCachingRules: onSendHookHandler = function enforceCachingRules(req: FastifyRequest, reply: FastifyReply, payload, done) {
  if (isOperationalPath(req.url)) reply.header('cache-control', NO_STORE);
  else if (reply.hasHeader('set-cookie') && !keptPrivately(reply.getHeader('cache-control'))) reply.header('cache-control', PRIVATE);
  done(null, payload);
};

const httpCaching: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', enforceCachingRules);
};

export default fp(httpCaching, { name: 'portal-http-caching', fastify: '5.x' });
