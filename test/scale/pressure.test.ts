import t from 'tap';
import { buildTestApp } from '../helpers/build.ts';

/**
 * Issue 20 part 3: overload answers 503 at once (@fastify/under-pressure) with Retry-After, before any page work;
 * /-/health says whether the process can take traffic. The pressure is forced through the plugin's health check.
 */

t.test('under pressure every request gets a quick 503 with Retry-After, and /-/health says so', async (t) => {
  const portal = await buildTestApp({ pressureCheck: () => false, env: { PRESSURE_RETRY_AFTER_S: '7' } });
  t.teardown(() => portal.close());
  const page = await portal.app.inject('/ershoufang/');
  t.equal(page.statusCode, 503);
  t.equal(page.headers['retry-after'], '7', 'Retry-After from PRESSURE_RETRY_AFTER_S');
  t.equal(page.headers['cache-control'], 'no-store');
  t.equal(page.body, '服务繁忙，请稍后再试');
  t.equal(page.headers['x-cache'], undefined, 'answered before the page cache and the page ran');
  const health = await portal.app.inject('/-/health');
  t.equal(health.statusCode, 503);
  t.equal(health.headers['retry-after'], '7');
});

t.test('without pressure pages are served and /-/health answers ok', async (t) => {
  const portal = await buildTestApp();
  t.teardown(() => portal.close());
  t.equal((await portal.app.inject('/aboutUs')).statusCode, 200);
  const health = await portal.app.inject('/-/health');
  t.equal(health.statusCode, 200);
  t.same(health.json(), { status: 'ok' });
});

t.test('while the process drains for shutdown, /-/health answers 503 so a balancer stops sending', async (t) => {
  const portal = await buildTestApp();
  t.teardown(() => portal.close());
  await portal.app.drain();
  t.equal(portal.app.draining, true);
  const health = await portal.app.inject('/-/health');
  t.equal(health.statusCode, 503);
  const page = await portal.app.inject('/aboutUs');
  t.equal(page.statusCode, 200, 'a request still arriving is answered');
  t.equal(page.headers.connection, 'close', 'with Connection: close');
});

t.test('the limits come from the environment, with defaults', async (t) => {
  const { loadConfig } = await import('../../src/config.ts');
  const base = { COOKIE_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/portal-cfg-test' };
  const d = loadConfig(base);
  t.same(d.pressure, { maxEventLoopDelayMs: 1000, maxHeapUsedMb: 0, maxRssMb: 0, retryAfterSeconds: 5 });
  t.equal(d.requestDeadlineMs, 8000);
  t.ok(d.webConcurrency >= 1);
  const c = loadConfig({ ...base, PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '250', PRESSURE_MAX_RSS_MB: '900', WEB_CONCURRENCY: '3' });
  t.equal(c.pressure.maxEventLoopDelayMs, 250);
  t.equal(c.pressure.maxRssMb, 900);
  t.equal(c.webConcurrency, 3);
  t.throws(() => loadConfig({ ...base, WEB_CONCURRENCY: '0' }), { message: 'WEB_CONCURRENCY must be at least 1, got "0"' });
  t.throws(() => loadConfig({ ...base, REQUEST_DEADLINE_MS: 'soon' }), { message: /REQUEST_DEADLINE_MS must be an integer/ });
});
