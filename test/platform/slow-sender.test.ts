/**
 * A slow sender is cut off (issue 33 part 3): a client that trickles its headers, or its body, no longer holds a
 * connection open; Node answers 408 and closes after HEADERS_TIMEOUT_MS / REQUEST_TIMEOUT_MS.
 */
import net from 'node:net';
import t from 'tap';
import { buildTestApp } from '../helpers/build.ts';

const portal = await buildTestApp({ env: { HEADERS_TIMEOUT_MS: '500', REQUEST_TIMEOUT_MS: '1200' } });
t.teardown(portal.close);
await portal.app.listen({ port: 0, host: '127.0.0.1' });
const port = (portal.app.server.address() as net.AddressInfo).port;

/** Sends `first`, never the rest; resolves with what the server wrote and how long until it closed. */
function stall(first: string, limitMs = 8000): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(first));
    let answer = '';
    const guard = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${limitMs} ms`));
    }, limitMs);
    socket.on('data', (b) => {
      answer += b.toString();
    });
    socket.on('close', () => {
      clearTimeout(guard);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
    socket.on('error', () => {});
  });
}

t.test('headers that never end: 408 and closed within the headers timeout (and one check interval)', async (t) => {
  const { answer, closedAfterMs } = await stall('GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1');
  t.match(answer, /^HTTP\/1\.1 408/, 'Request Timeout');
  t.ok(closedAfterMs < 3000, `closed after ${closedAfterMs} ms`);
});

t.test('a body that never ends: 408 and closed within the request timeout', async (t) => {
  const { answer, closedAfterMs } = await stall(
    'POST /-/action/kanfang HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\ncontent=',
  );
  t.match(answer, /^HTTP\/1\.1 408/, 'Request Timeout: nothing was saved');
  t.ok(closedAfterMs >= 1000 && closedAfterMs < 4000, `closed after ${closedAfterMs} ms`);
});

t.test('a request sent at once is answered as always', async (t) => {
  t.equal((await portal.app.inject('/robots.txt')).statusCode, 200);
});

t.test('the timeouts come from the environment and a contradiction is refused with a clear message', async (t) => {
  const { loadConfig } = await import('../../src/config.ts');
  const base = { COOKIE_SECRET: 'x'.repeat(32) };
  t.same(loadConfig(base).socket, { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, connectionTimeoutMs: 0 }, 'the defaults');
  t.throws(
    () => loadConfig({ ...base, HEADERS_TIMEOUT_MS: '40000' }),
    /HEADERS_TIMEOUT_MS \(40000\) must not exceed REQUEST_TIMEOUT_MS \(30000\)/,
  );
  t.throws(() => loadConfig({ ...base, REQUEST_TIMEOUT_MS: 'soon' }), /REQUEST_TIMEOUT_MS/);
});
