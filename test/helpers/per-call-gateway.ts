import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { registerBatchRoutes } from '../../src/backend/routes/batch.ts';
import { startTestBackend, type TestBackend } from './backend.ts';

/**
 * What a stand-in gateway does with one call (`METHOD /path?query`): `forward()` sends it to the embedded backend and
 * resolves once its answer is in; the route may hold it first, or answer it itself.
 */
export type CallRoute = (call: string, forward: () => Promise<void>, reply: FastifyReply) => Promise<void> | void;

/**
 * The embedded backend behind a stand-in gateway that sees every call on its own, whether the portal sent it alone or
 * in a batch (POST api/batch, issue 35, answered call by call as the real gateway does, streamed): a test can hold,
 * fail or watch one call of a page without touching the others. The stand-in and the backend close at teardown.
 */
export async function perCallGateway(
  t: { teardown(fn: () => unknown): void },
  route: CallRoute = (_call, forward) => forward(),
): Promise<{ url: string; backend: TestBackend }> {
  const backend = await startTestBackend();
  const proxy = Fastify({ logger: false });
  proxy.removeAllContentTypeParsers();
  proxy.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  await proxy.register(async (batches) => {
    batches.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch (err) {
        done(err as Error);
      }
    });
    registerBatchRoutes(batches);
  });
  proxy.all('/*', async (req: FastifyRequest, reply: FastifyReply) => {
    const forward = async () => {
      const res = await fetch(backend.url + req.url, {
        method: req.method,
        headers: req.headers['content-type'] ? { 'content-type': req.headers['content-type'] } : {},
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(req.body as Buffer),
      });
      reply.code(res.status).header('content-type', res.headers.get('content-type') ?? 'application/json');
      await reply.send(Buffer.from(await res.arrayBuffer()));
    };
    await route(`${req.method} ${req.url}`, forward, reply);
    return reply;
  });
  await proxy.listen({ port: 0, host: '127.0.0.1' });
  const address = proxy.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  t.teardown(async () => {
    await proxy.close();
    await backend.close();
  });
  return { url, backend };
}
