import t from 'tap';
import { BROKEN_ANSWERS, everyPageOverBrokenGateway } from '../helpers/broken-gateway.ts';
import { buildTestApp } from '../helpers/build.ts';
import { startFakeGateway } from '../helpers/fake-gateway.ts';

/** Issue 11 point 3 (test/helpers/broken-gateway.ts): every page over a gateway answering broken records. */
for (const mode of ['page of empty records', 'wrong types']) {
  t.test(`every page with a gateway answering ${mode}: no undefined/null/NaN, nothing cached`, (t) =>
    everyPageOverBrokenGateway(t, BROKEN_ANSWERS[mode]),
  );
}

t.test('an envelope 401 or 403 from the gateway on a public page is a 502 for the visitor, not their login', async (t) => {
  for (const status of [401, 403, 500]) {
    const gateway = await startFakeGateway((app) => {
      app.all('/api/house/*', async () => ({ status, message: 'token expired' }));
    });
    const portal = await buildTestApp({ gatewayUrl: gateway.url });
    const res = await portal.app.inject('/ershoufang/100001.html');
    t.equal(res.statusCode, 502, `gateway status ${status}: 502`);
    t.notMatch(res.body, 'token expired');
    await portal.close();
    await gateway.close();
  }
});
