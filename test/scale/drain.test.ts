import http from 'node:http';
import t from 'tap';
import { startFakeGateway } from '../helpers/fake-gateway.ts';
import { startPortalProcess } from '../helpers/portal-process.ts';

/**
 * Issue 20 part 3: SIGTERM drains a real portal process. A request in flight when the signal arrives (its gateway call
 * held open) still completes with 200; a request that arrives afterwards on an open keep-alive connection is answered
 * with `Connection: close`; a new connection is refused; the process then exits 0.
 */

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  reusedSocket: boolean;
}

function get(url: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body, reusedSocket: req.reusedSocket }),
      );
    });
    req.on('error', reject);
  });
}

t.test('SIGTERM: the request in flight completes, a keep-alive request gets Connection: close, then the process exits 0', async (t) => {
  let release: () => void = () => {};
  const released = new Promise<void>((r) => {
    release = r;
  });
  let held = 0;
  const gateway = await startFakeGateway((app) => {
    // The search call of /search is held until the test lets it go: that request is in flight during the signal.
    app.addHook('onRequest', async (req) => {
      if (req.url.startsWith('/api/search/?')) {
        held++;
        await released;
      }
    });
  });
  t.teardown(() => gateway.close());
  // A long idle grace: the keep-alive request below is sure to find its connection open (no race with the test).
  const portal = await startPortalProcess({ GATEWAY_URL: gateway.url, DRAIN_GRACE_MS: '20000' });
  t.teardown(() => portal.stop());

  const inFlightAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const keepAliveAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  t.teardown(() => {
    inFlightAgent.destroy();
    keepAliveAgent.destroy();
  });
  const warm = await get(`${portal.base}/aboutUs`, keepAliveAgent);
  t.equal(warm.status, 200);
  t.not(warm.connection, 'close', 'before the signal the connection is kept alive');

  const inFlight = get(`${portal.base}/search?keyword=${encodeURIComponent('梅溪湖')}`, inFlightAgent);
  await gateway.app.ready();
  while (held === 0) await new Promise((r) => setImmediate(r));

  portal.child.kill('SIGTERM');
  await portal.waitFor('shutting down: draining');

  const after = await get(`${portal.base}/aboutUs`, keepAliveAgent);
  t.ok(after.reusedSocket, 'sent on the open keep-alive connection');
  t.equal(after.status, 200, 'a request arriving after the signal is still answered');
  t.equal(after.connection, 'close', 'with Connection: close, so the client goes elsewhere next');

  await t.rejects(
    get(`${portal.base}/aboutUs`, new http.Agent({ keepAlive: false })),
    { code: 'ECONNREFUSED' },
    'no new connection is accepted',
  );

  t.equal(portal.child.exitCode, null, 'the process waits for the request in flight');
  release();
  const answered = await inFlight;
  t.equal(answered.status, 200, 'the request in flight completes with 200');
  t.match(answered.body, '梅溪湖', 'with its page');
  t.equal(await portal.exited, 0, 'then the process exits 0');
  t.match(portal.output(), /drained: every request answered/);
});
