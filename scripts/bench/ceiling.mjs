// The machine's ceiling for the bench: a plain Fastify route sending a fixed Buffer of the page's size.
// BODY_FILE: the page's own bytes. The load generator reads an HTML page about 3 times slower than the same
// number of 'x' bytes (measured: 20k against 6.7k req/s from one Fastify route), so only the same bytes give a
// ceiling the page can be held to. Without it: BODY_BYTES of 'x'.
import { readFileSync } from 'node:fs';
import Fastify, { LogController } from 'fastify';

const body = process.env.BODY_FILE ? readFileSync(process.env.BODY_FILE) : Buffer.alloc(Number(process.env.BODY_BYTES || 27000), 'x');
// CEILING_LOG=1: the same one pino line per request the portal writes (its logging is a requirement, not an extra).
const logged = process.env.CEILING_LOG === '1';
const app = Fastify({ logger: logged ? { level: 'info' } : false, logController: new LogController({ disableRequestLogging: true }) });
if (logged) {
  app.addHook('onResponse', async (req, reply) => {
    req.log.info({ method: req.method, url: req.url, statusCode: reply.statusCode, ms: reply.elapsedTime }, 'request completed');
  });
}
// BODY_ENCODING=br: BODY_FILE holds compressed bytes, sent as they are with their content-encoding (bench:mix).
const encoding = process.env.BODY_ENCODING;
app.get('/*', (_req, reply) => {
  if (encoding) reply.header('content-encoding', encoding);
  reply.type('text/html; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
