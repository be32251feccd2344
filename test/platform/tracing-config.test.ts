/**
 * Issue 36 part 3: the tracing switch (docs/ops.md "Tracing"). OTEL_EXPORTER_OTLP_ENDPOINT (or the traces-only
 * endpoint) turns traces on, with OpenTelemetry's own rules for the URL; unset, or OTEL_SDK_DISABLED=true, they are
 * off. Turned on, a portal posts its spans by OTLP/HTTP to the collector, the last ones when it closes.
 */
import http from 'node:http';
import t from 'tap';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { LAST_SPANS_MS } from '../../src/tracing/provider.ts';
import { buildTestApp } from '../helpers/build.ts';

const base = { COOKIE_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp' };
const tracingOf = (env: NodeJS.ProcessEnv) => loadConfig({ ...base, ...env }, process.cwd()).tracing;

t.test('off unless an OTLP endpoint is set', async (t) => {
  t.equal(tracingOf({}), undefined);
  t.equal(tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: '' }), undefined);
  t.equal(tracingOf({ OTEL_SERVICE_NAME: 'portal' }), undefined, 'a service name alone turns nothing on');
  t.equal(
    tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }),
    undefined,
    'OTEL_SDK_DISABLED wins',
  );
});

t.test("the traces URL follows OpenTelemetry's rules", async (t) => {
  t.same(tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }), {
    tracesUrl: 'http://collector:4318/v1/traces',
    serviceName: 'fangchan-portal',
  });
  t.equal(tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })?.tracesUrl, 'http://collector:4318/v1/traces');
  t.equal(
    tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces:9000/in' })
      ?.tracesUrl,
    'http://traces:9000/in',
    'the traces endpoint as it is',
  );
  t.equal(tracingOf({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces:9000/in' })?.tracesUrl, 'http://traces:9000/in', 'alone too');
  t.equal(tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SERVICE_NAME: ' portal-cs ' })?.serviceName, 'portal-cs');
});

t.test('an endpoint that is not an http(s) URL stops the start', async (t) => {
  for (const endpoint of ['collector:4318', 'not a url', 'grpc://collector:4317']) {
    let err: unknown;
    try {
      tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
    } catch (e) {
      err = e;
    }
    t.ok(err instanceof ConfigError, `${endpoint}: a configuration error`);
    t.match((err as Error).message, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  }
});

t.test('turned on, the spans reach the collector by OTLP/HTTP, the last ones when the portal closes', async (t) => {
  const posts: Array<{ url: string | undefined; type: string | undefined; body: string }> = [];
  const collector = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    posts.push({ url: req.url, type: req.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((r) => collector.close(r)));
  const endpoint = `http://127.0.0.1:${(collector.address() as { port: number }).port}`;

  const portal = await buildTestApp({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'portal-test' } });
  t.ok(portal.app.hasPlugin('@fastify/otel'), '@fastify/otel registered');
  const res = await portal.app.inject({ url: '/aboutUs', headers: { 'x-request-id': 'otlp-1' } });
  t.equal(res.statusCode, 200);
  await portal.close();

  t.ok(posts.length >= 1, 'the collector was posted to');
  t.ok(
    posts.every((p) => p.url === '/v1/traces' && p.type?.startsWith('application/json')),
    'at /v1/traces, as JSON',
  );
  const all = posts.map((p) => p.body).join('\n');
  t.match(all, '"GET aboutUs"', 'the root span, named by its entry');
  t.match(all, '"portal-test"', 'the service name');
  t.match(all, '"otlp-1"', 'the request id');
});

t.test('a collector that is down costs no page and does not hold up the shutdown', async (t) => {
  // A port nothing listens on: every export is refused (and the exporter retries).
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(closed.address() as { port: number }).port}`;
  await new Promise((r) => closed.close(r));
  const lines: string[] = [];
  const portal = await buildTestApp({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_BSP_SCHEDULE_DELAY: '50' }, logLines: lines });
  for (let i = 0; i < 3; i++) t.equal((await portal.app.inject('/aboutUs')).statusCode, 200, `page ${i + 1} served`);
  await new Promise((r) => setTimeout(r, 300));
  const started = Date.now();
  await portal.close();
  const ms = Date.now() - started;
  t.ok(ms < LAST_SPANS_MS + 1500, `closed in ${ms} ms`);
  t.ok(
    lines.some((l) => /tracing: the (last spans could not be sent|collector took too long)/.test(l)),
    'the lost spans are logged',
  );
});
