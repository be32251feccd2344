import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { buildTestApp } from '../helpers/build.ts';

/**
 * Issue 20 part 3: one deadline per request across all its gateway calls, retries included. A gateway that never
 * answers: the page ends with 504 at the request's deadline (not after each call's own timeout and a retry), and the
 * log line says the deadline was the reason.
 */

/** A gateway that accepts every call and never answers; it drops its sockets on close. */
async function hungGateway(): Promise<{ url: string; calls: string[]; close(): Promise<void> }> {
  const calls: string[] = [];
  const server: Server = createServer((req) => {
    calls.push(req.url ?? '');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

t.test('a hung gateway gives 504 at the request deadline, and the log names the deadline', async (t) => {
  const gateway = await hungGateway();
  t.teardown(() => gateway.close());
  const logLines: string[] = [];
  // Each call's own timeout (GATEWAY_TIMEOUT_MS) is far longer than the request's deadline: only the deadline can end it.
  const portal = await buildTestApp({
    gatewayUrl: gateway.url,
    logLines,
    env: { REQUEST_DEADLINE_MS: '300', GATEWAY_TIMEOUT_MS: '60000' },
  });
  t.teardown(() => portal.close());

  const res = await portal.app.inject('/ershoufang/');
  t.equal(res.statusCode, 504, 'the page fails with 504 Gateway Timeout');
  t.match(res.body, '请求超时', 'the error page says the request timed out');
  t.not(res.headers['x-cache'], 'HIT');
  const deadline = logLines.filter((l) => l.includes('request deadline of 300 ms reached'));
  t.ok(deadline.length >= 1, 'a log line names the deadline');
  t.match(JSON.parse(deadline[0]), { level: 50, deadlineMs: 300, reqId: res.headers['x-request-id'] ?? String });
  const completed = logLines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request completed');
  t.equal(completed?.statusCode, 504, 'the request line says 504');
});

t.test('without a deadline on the call (a form post), a call keeps its own timeout and the 504 says so', async (t) => {
  const gateway = await hungGateway();
  t.teardown(() => gateway.close());
  const { callGateway, createClients } = await import('../../src/api/http.ts');
  const clients = createClients({ gatewayUrl: gateway.url, timeoutMs: 200 });
  const lines: string[] = [];
  const log = { error: (o: object, m: string) => lines.push(`${m} ${JSON.stringify(o)}`), warn: () => {}, info: () => {} };
  const call = { reqId: 'r1', log: log as never };
  await t.rejects(callGateway(clients.gateway, call, '/api/x', { method: 'POST', json: {} }), {
    name: 'GatewayError',
    message: /ETIMEDOUT/,
  });
  t.equal(gateway.calls.length, 1, 'a POST is made once: never repeated behind the user');
  t.match(lines.join('\n'), /gateway call failed .*ETIMEDOUT/);
  t.notMatch(lines.join('\n'), /deadline/);

  await t.rejects(callGateway(clients.gateway, call, '/api/y'), { name: 'GatewayError', message: /ETIMEDOUT/ });
  t.equal(gateway.calls.filter((c) => c.startsWith('/api/y')).length, 2, 'an idempotent call is repeated once');

  const spent = { ...call, deadline: { at: performance.now() - 1, ms: 100 } };
  const before = gateway.calls.length;
  await t.rejects(callGateway(clients.gateway, spent, '/api/z'), { statusCode: 504, message: /request deadline of 100 ms reached/ });
  t.equal(gateway.calls.length, before, 'with the deadline spent, no call is made');
});
