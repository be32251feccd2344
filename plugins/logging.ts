import { type FastifyPluginAsync, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import fp from 'fastify-plugin';
import { queryHasXss } from '../src/lib/query-scan.ts';

const MAX_LOGGED = 256;

/** The raw query as it may be logged: control characters stripped, capped. */
export function loggableQuery(url: string): string {
  const q = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = q.replace(/[\u0000-\u001f\u007f]/g, '');
  return clean.length > MAX_LOGGED ? `${clean.slice(0, MAX_LOGGED)}…` : clean;
}

function scanQuery(req: FastifyRequest): void {
  const query = req.query as Record<string, unknown> | undefined;
  if (query && typeof query === 'object' && queryHasXss(query)) {
    req.log.warn({ hasXss: true, path: req.url.split('?')[0], query: loggableQuery(req.url) }, 'suspicious characters in query');
  }
}

/**
 * Fastify's own per-request lines replaced by one line per request: request id (the logger's bindings),
 * method, url, status, time and the page-cache result.
 */
export class PortalLogController extends LogController {
  override incomingRequest(): void {}
  override routeNotFound(): void {}
  override requestCompleted(error: Error | null, req: FastifyRequest, reply: FastifyReply): void {
    const cache = reply.getHeader('x-cache');
    const line = {
      method: req.method,
      url: req.url.length > 512 ? `${req.url.slice(0, 512)}…` : req.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...(cache ? { cache } : {}),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}

/** SPEC 5: the query XSS scan on every request; it only logs. */
const loggingPlugin: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async function scanQueryForXss(req) {
    scanQuery(req);
  });
};

export default fp(loggingPlugin, { name: 'portal-logging', fastify: '5.x' });
