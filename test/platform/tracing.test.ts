/**
 * Issue 36 part 3: OpenTelemetry traces (docs/ops.md "Tracing"). A traced app (an in-memory exporter of its own, no
 * global provider) gives one trace per request: a root span named by the page's registry entry, a child per stage of
 * the page pipeline (DESIGN "One request, end to end"; the page cache of SPEC 9 included), a span per gateway call
 * (SPEC 7) under the stage that made it, batched or not, a failure (SPEC 7.12, 8) marked ERROR; the request id on
 * every span and the trace id on every log line of the request. Without a provider nothing is registered.
 */
import http from 'node:http';
import { SpanStatusCode } from '@opentelemetry/api';
import { AlwaysOffSampler, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import t, { type Test } from 'tap';
import { startTestBackend } from '../helpers/backend.ts';
import { buildAppOverBackend, buildTestApp } from '../helpers/build.ts';
import { memoryTracing, parentId, printTree, type SpanNode, spanId, spanTree } from '../helpers/tracing.ts';

const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

async function firstListing(gatewayUrl: string): Promise<number> {
  const r = await fetch(`${gatewayUrl}/api/house/search/findByCondition`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cityId: 1, houseType: 11, size: 1 }),
  });
  return ((await r.json()) as { obj: { content: Array<{ houseId: number }> } }).obj.content[0].houseId;
}

const names = (nodes: SpanNode[]) => nodes.map((n) => n.span.name);
const child = (node: SpanNode, name: string): SpanNode => {
  const found = node.children.find((c) => c.span.name === name);
  if (!found) throw new Error(`${node.span.name} has no child ${name}: ${names(node.children).join(', ')}`);
  return found;
};
const isGateway = (s: ReadableSpan) => s.name.startsWith('gateway ');

/** Every span of the list belongs to one trace, and every parent it names is one of them. */
function assertOneTrace(t: Test, spans: ReadableSpan[]): void {
  const traceIds = new Set(spans.map((s) => s.spanContext().traceId));
  t.equal(traceIds.size, 1, 'one trace');
  const ids = new Set(spans.map(spanId));
  t.same(
    spans.filter((s) => parentId(s) && !ids.has(parentId(s) as string)).map((s) => s.name),
    [],
    'no span names a parent outside the trace',
  );
}

t.test('a second-hand detail, traced', async (t) => {
  const tracing = memoryTracing();
  t.teardown(() => tracing.shutdown());
  const lines: string[] = [];
  const portal = await buildAppOverBackend(t, { tracerProvider: tracing.provider, logLines: lines });
  const id = await firstListing(portal.backend.url);

  const res = await portal.app.inject({
    url: `/ershoufang/${id}.html`,
    headers: { 'x-request-id': 'trace-detail-1', 'user-agent': CRAWLER },
  });
  t.equal(res.statusCode, 200);
  t.equal(res.headers['x-cache'], 'MISS');
  const spans = tracing.spans();
  const root = spanTree(spans);
  t.comment(`span tree of GET /ershoufang/${id}.html:\n${printTree(root)}`);
  assertOneTrace(t, spans);

  t.test('the root span is named by the registry entry; the pipeline stages are its children, in order', async (t) => {
    t.equal(root.span.name, 'GET ershoufang.detail');
    t.equal(root.span.attributes['portal.page'], 'ershoufang.detail');
    t.equal(root.span.attributes['http.response.status_code'], 200);
    t.equal(root.span.status.code, SpanStatusCode.UNSET);
    t.same(
      names(root.children.filter((c) => !isGateway(c.span))),
      [
        'page-cache lookup',
        'middleware authenticated',
        'middleware page-cache',
        'middleware chat-unread',
        'validate numericId',
        'load ershoufangDetail',
        'meta ershoufangDetail',
        'render ershoufang/detail',
      ],
      "the default layout's middleware, validate, load, meta, render",
    );
    t.equal(child(root, 'page-cache lookup').span.attributes['portal.cache.hit'], false, 'the lookup missed');
    t.same(
      names(root.children.filter((c) => isGateway(c.span))),
      ['gateway GET api/city/findSiteByName'],
      'the only call outside a stage: the city lookup before routing',
    );
    const render = child(root, 'render ershoufang/detail');
    t.same(names(render.children), ['react', 'page-cache fill'], 'React renders the whole document (a crawler), then the cache keeps it');
    t.equal(render.children[0].span.attributes['portal.render.kind'], 'buffer');
    for (const stage of root.children.filter((c) => !isGateway(c.span))) {
      t.equal(stage.span.attributes['portal.stage'], stage.span.name.split(' ')[0], `${stage.span.name}: its stage attribute`);
      t.equal(stage.span.status.code, SpanStatusCode.UNSET, `${stage.span.name}: not an error`);
    }
  });

  t.test("each gateway call of the page is a span under load, with its endpoint's pattern", async (t) => {
    const load = child(root, 'load ershoufangDetail');
    const calls = load.children.map((c) => c.span);
    t.ok(calls.length >= 8, `the detail's calls (${calls.length})`);
    t.ok(calls.every(isGateway), 'only gateway calls under load');
    t.ok(
      load.children.every((c) => c.children.length === 0),
      'a call has no span under it (a batch keeps each call its own)',
    );
    t.same(
      spans.filter(isGateway).filter((s) => !calls.includes(s) && s.name !== 'gateway GET api/city/findSiteByName'),
      [],
      'every other gateway call is under load',
    );
    for (const s of calls) {
      const endpoint = s.attributes['gateway.endpoint'] as string;
      t.equal(s.name, `gateway ${s.attributes['http.request.method']} ${endpoint}`, `${s.name}: named by method and endpoint`);
      t.notMatch(endpoint, /(^|\/)\d+(\/|$)|CSES\d/, `${endpoint}: no id left in the pattern`);
      t.equal(s.status.code, SpanStatusCode.UNSET, `${s.name}: answered`);
    }
    const detail = calls.find((s) => s.attributes['gateway.endpoint'] === 'api/house/search/detail/:id');
    t.ok(detail, 'the listing itself: api/house/search/detail/:id');
    t.equal(detail?.attributes['gateway.batched'], false, 'the first call goes alone');
    const batched = calls.filter((s) => s.attributes['gateway.batched'] === true);
    t.ok(batched.length >= 2, 'the calls made together travelled in a batch');
    t.ok(
      batched.every((s) => (s.attributes['gateway.batch.size'] as number) >= 2),
      'with the size of their batch',
    );
    t.ok(
      calls.some(
        (s) => s.attributes['gateway.endpoint'] === 'api/daikan/findRecordListByHouseNumber/:id' && s.attributes['gateway.secondary'],
      ),
      'a secondary call (the viewing records, by house number) is there too, marked secondary',
    );
  });

  t.test('the request id is on every span; the trace id on every log line of the request', async (t) => {
    t.same(
      spans.filter((s) => s.attributes['request.id'] !== 'trace-detail-1').map((s) => s.name),
      [],
      'request.id on every span',
    );
    const own = lines
      .map((l) => JSON.parse(l) as { reqId?: string; trace_id?: string; msg: string })
      .filter((l) => l.reqId === 'trace-detail-1');
    t.ok(
      own.some((l) => l.msg === 'request completed'),
      'the request line is among them',
    );
    t.same(
      own.filter((l) => l.trace_id !== root.span.spanContext().traceId).map((l) => l.msg),
      [],
      'trace_id on each',
    );
  });

  t.test('a page-cache hit: the root, named by the entry, and the lookup that hit', async (t) => {
    tracing.reset();
    const hit = await portal.app.inject({ url: `/ershoufang/${id}.html`, headers: { 'x-request-id': 'trace-detail-2' } });
    t.equal(hit.headers['x-cache'], 'HIT');
    const tree = spanTree(tracing.spans());
    t.equal(tree.span.name, 'GET ershoufang.detail');
    t.same(names(tree.children), ['page-cache lookup']);
    t.equal(tree.children[0].span.attributes['portal.cache.hit'], true);
    t.equal(tree.children[0].span.attributes['request.id'], 'trace-detail-2');
  });

  t.test("a member's page: the session check is a gateway call of the request too", async (t) => {
    tracing.reset();
    const cookie = portal.memberCookie();
    const res = await portal.app.inject({ url: `/ershoufang/${id}.html`, headers: { cookie } });
    t.equal(res.statusCode, 200);
    t.equal(res.headers['x-cache'], 'MISS', 'a member never reads the page cache');
    const tree = spanTree(tracing.spans());
    t.equal(tree.span.name, 'GET ershoufang.detail');
    const authenticated = child(tree, 'middleware authenticated');
    t.same(names(authenticated.children), ['gateway GET api/member/info'], 'the session check, under the middleware that made it');
    t.same(
      names(child(tree, 'middleware chat-unread').children).sort(),
      ['gateway GET api/microchat/unread/:id', 'gateway GET api/notice/unread/:id'],
      "the header badge's unread counts (chat, and notices: issue 37) under its middleware",
    );
    t.notOk(names(tree.children).includes('page-cache lookup'), 'no lookup for a member');
  });

  t.test("a client navigation's data request: named by the entry too, no render; a caller's traceparent is not followed", async (t) => {
    tracing.reset();
    const outside = '4bf92f3577b34da6a3ce929d0e0e4736';
    const data = await portal.app.inject({
      url: `/-/data/ershoufang/${id}.html`,
      headers: { traceparent: `00-${outside}-00f067aa0ba902b7-01` },
    });
    t.equal(data.statusCode, 200);
    const tree = spanTree(tracing.spans());
    t.not(tree.span.spanContext().traceId, outside, 'a trace of its own');
    t.equal(tree.span.name, 'GET ershoufang.detail data');
    t.ok(names(tree.children).includes('load ershoufangDetail'));
    t.notOk(
      names(tree.children).some((n) => n.startsWith('render')),
      'no render span',
    );
  });
});

/**
 * A gateway in front of the test backend that fails what a test says: a call made alone answers `failAlone`'s status,
 * a call inside a batch gets `failInBatch`'s status as its own answer while the batch's other calls are answered.
 */
async function faultyGateway(
  t: Test,
  rules: { failAlone?: (path: string) => number | undefined; failInBatch?: (path: string) => number | undefined },
): Promise<{ url: string; listing: number }> {
  const backend = await startTestBackend();
  const proxy = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = req.url ?? '/';
    const fail = rules.failAlone?.(url);
    if (fail) {
      res.writeHead(fail, { 'content-type': 'application/json' }).end(JSON.stringify({ status: fail, message: 'injected failure' }));
      return;
    }
    const up = await fetch(`${backend.url}${url}`, {
      method: req.method,
      headers: { 'content-type': 'application/json', 'x-request-id': String(req.headers['x-request-id'] ?? '') },
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
    });
    let text = await up.text();
    if (url === '/api/batch' && up.status === 200 && rules.failInBatch) {
      const { calls } = JSON.parse(body.toString('utf8')) as { calls: Array<{ path: string }> };
      const answer = JSON.parse(text) as { obj: { answers: Array<{ statusCode: number; body?: unknown; text?: string }> } };
      calls.forEach((c, i) => {
        const status = rules.failInBatch?.(`/${c.path.replace(/^\/+/, '')}`);
        if (status) answer.obj.answers[i] = { statusCode: status, body: { status, message: 'injected failure' } };
      });
      text = JSON.stringify(answer);
    }
    res.writeHead(up.status, { 'content-type': 'application/json' }).end(text);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  t.teardown(async () => {
    await new Promise((r) => proxy.close(r));
    await backend.close();
  });
  return { url: `http://127.0.0.1:${(proxy.address() as { port: number }).port}`, listing: await firstListing(backend.url) };
}

t.test('the gateway fails the listing itself: its call, load and the request are errors; the error page renders', async (t) => {
  const tracing = memoryTracing();
  t.teardown(() => tracing.shutdown());
  const gateway = await faultyGateway(t, { failAlone: (path) => (path.startsWith('/api/house/search/detail/') ? 500 : undefined) });
  const portal = await buildTestApp({ gatewayUrl: gateway.url, tracerProvider: tracing.provider });
  t.teardown(() => portal.close());

  const res = await portal.app.inject({ url: `/ershoufang/${gateway.listing}.html`, headers: { 'x-request-id': 'trace-fail-1' } });
  t.ok(res.statusCode >= 500, `an error page (${res.statusCode})`);
  const spans = tracing.spans();
  const root = spanTree(spans);
  t.comment(`span tree of the failed page:\n${printTree(root)}`);
  assertOneTrace(t, spans);
  t.equal(root.span.name, 'GET ershoufang.detail');
  t.equal(root.span.status.code, SpanStatusCode.ERROR, 'the request is an error');
  t.equal(root.span.attributes['http.response.status_code'], res.statusCode);
  const load = child(root, 'load ershoufangDetail');
  t.equal(load.span.status.code, SpanStatusCode.ERROR, 'load failed');
  t.same(names(load.children), ['gateway GET api/house/search/detail/:id'], 'after the failed call, no other');
  const call = load.children[0].span;
  t.equal(call.status.code, SpanStatusCode.ERROR, 'the call failed');
  t.match(call.status.message, /api\/house\/search\/detail/);
  t.equal(call.attributes['http.response.status_code'], 500, 'with the gateway status');
  t.ok(
    call.events.some((e) => e.name === 'exception'),
    'and the exception',
  );
  t.notOk(
    root.children.some((c) => c.span.name === 'meta ershoufangDetail'),
    'no meta after a failed load',
  );
  const render = child(root, 'render error');
  t.equal(render.span.status.code, SpanStatusCode.UNSET, 'the error page itself rendered');
  t.same(
    spans.filter((s) => s.attributes['request.id'] !== 'trace-fail-1').map((s) => s.name),
    [],
    'request.id on every span',
  );
});

t.test('a secondary call fails inside a batch: its own span is the error, the page is served', async (t) => {
  const tracing = memoryTracing();
  t.teardown(() => tracing.shutdown());
  const gateway = await faultyGateway(t, { failInBatch: (path) => (path.startsWith('/api/houseoperatelog/') ? 500 : undefined) });
  const portal = await buildTestApp({ gatewayUrl: gateway.url, tracerProvider: tracing.provider });
  t.teardown(() => portal.close());

  const res = await portal.app.inject({ url: `/ershoufang/${gateway.listing}.html`, headers: { 'user-agent': CRAWLER } });
  t.equal(res.statusCode, 200, 'the page, without its price history');
  const root = spanTree(tracing.spans());
  t.equal(root.span.status.code, SpanStatusCode.UNSET, 'the request is no error');
  const load = child(root, 'load ershoufangDetail');
  t.equal(load.span.status.code, SpanStatusCode.UNSET, 'nor is load');
  const failed = load.children.filter((c) => c.span.status.code === SpanStatusCode.ERROR).map((c) => c.span);
  t.same(
    failed.map((s) => s.name),
    ['gateway GET api/houseoperatelog/:id'],
    'only the failed call',
  );
  t.equal(failed[0].attributes['gateway.batched'], true, 'which travelled in a batch');
  t.equal(failed[0].attributes['http.response.status_code'], 500);
  const neighbours = load.children.filter((c) => c.span.attributes['gateway.batch.size'] === failed[0].attributes['gateway.batch.size']);
  t.ok(neighbours.filter((c) => c.span.status.code === SpanStatusCode.UNSET).length >= 1, 'its batch neighbours were answered');
});

t.test('tracing off: nothing registered, no request traced, and a traced app beside it sees none of its requests', async (t) => {
  const tracing = memoryTracing();
  t.teardown(() => tracing.shutdown());
  const traced = await buildTestApp({ tracerProvider: tracing.provider });
  t.teardown(() => traced.close());
  const seen: unknown[] = [];
  const plain = await buildTestApp({
    setup: (app) => {
      app.addHook('onResponse', async (req) => {
        seen.push(req.tracing);
      });
    },
  });
  t.teardown(() => plain.close());
  t.notOk(plain.app.hasPlugin('@fastify/otel'), 'no @fastify/otel');
  t.ok(traced.app.hasPlugin('@fastify/otel'), 'the traced app has it');

  const res = await plain.app.inject('/aboutUs');
  t.equal(res.statusCode, 200);
  t.same(seen, [null], 'req.tracing is null');
  t.same(tracing.spans(), [], "no span in the other app's exporter");

  await traced.app.inject('/aboutUs');
  t.equal(spanTree(tracing.spans()).span.name, 'GET aboutUs', 'while its own requests are traced');
});

t.test('a request the sampler leaves out: no span, no req.tracing, no trace id in its log lines', async (t) => {
  const tracing = memoryTracing({ sampler: new AlwaysOffSampler() });
  t.teardown(() => tracing.shutdown());
  const lines: string[] = [];
  const seen: unknown[] = [];
  const portal = await buildTestApp({
    tracerProvider: tracing.provider,
    logLines: lines,
    setup: (app) => {
      app.addHook('onResponse', async (req) => {
        seen.push(req.tracing);
      });
    },
  });
  t.teardown(() => portal.close());
  const res = await portal.app.inject({ url: '/aboutUs', headers: { 'x-request-id': 'unsampled-1' } });
  t.equal(res.statusCode, 200);
  t.same(tracing.spans(), [], 'no span');
  t.same(seen, [null], 'req.tracing is null');
  const own = lines.map((l) => JSON.parse(l) as { reqId?: string; trace_id?: string }).filter((l) => l.reqId === 'unsampled-1');
  t.ok(own.length >= 1, 'the request logged');
  t.notOk(
    own.some((l) => 'trace_id' in l),
    'without trace_id',
  );
});
