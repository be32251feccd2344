import { registerBatchRoutes } from '../../src/backend/routes/batch.ts';
import { startFakeGateway } from './fake-gateway.ts';

/**
 * A stand-in gateway in front of a test backend that answers 500 to the paths in `broken` (changed by the test as it
 * goes) and passes every other call on: a gateway that fails some calls of a page and not others. A batch of calls
 * (issue 35) is answered call by call through the same rule.
 */
export function gatewayFailingPaths(backendUrl: string, broken: Set<string>) {
  return startFakeGateway((app) => {
    registerBatchRoutes(app);
    app.all('/*', async (req, reply) => {
      const path = req.url.split('?')[0] as string;
      if (broken.has(path)) return reply.code(500).send({ status: 500, message: 'down' });
      const res = await fetch(backendUrl + req.url, {
        method: req.method,
        headers: req.body === undefined ? {} : { 'content-type': 'application/json' },
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
      });
      return reply
        .code(res.status)
        .header('content-type', 'application/json')
        .send(await res.text());
    });
  });
}
