/**
 * Issue 36 part 3: the span helpers of the page pipeline (src/tracing/stages.ts, gateway.ts) on their own. A stage's
 * span carries the gateway calls made while it runs and gives the page's call context back afterwards, whatever
 * happens; React's span of a streamed page ends with the stream; a visitor who leaves is no error.
 */
import { PassThrough } from 'node:stream';
import { ROOT_CONTEXT, SpanStatusCode, trace } from '@opentelemetry/api';
import t from 'tap';
import type { CallContext } from '../../src/api/http.ts';
import type { PageContext } from '../../src/pipeline/types.ts';
import { markBatched, traceGatewayCall } from '../../src/tracing/gateway.ts';
import type { RequestTracing } from '../../src/tracing/spans.ts';
import { traceReact, traceStage } from '../../src/tracing/stages.ts';
import { memoryTracing, parentId, spanId } from '../helpers/tracing.ts';

function tracedPage() {
  const tracing = memoryTracing();
  const tracer = tracing.provider.getTracer('test');
  const root = tracer.startSpan('root');
  const reqTracing: RequestTracing = {
    span: root,
    root: { tracer, context: trace.setSpan(ROOT_CONTEXT, root), reqId: 'r-1' },
    current: null,
  };
  const call = { reqId: 'r-1', log: undefined, trace: reqTracing.root } as unknown as CallContext;
  const ctx = { req: { tracing: reqTracing }, page: { name: 'p', module: 'm/detail' }, call } as unknown as PageContext;
  const byName = (name: string) => tracing.spans().find((s) => s.name === name);
  return { tracing, ctx, call, reqTracing, root, byName };
}

t.test('a stage carries its span while it runs and gives the call context back after', async (t) => {
  const { ctx, call, reqTracing, root, byName } = tracedPage();
  let inside: CallContext | undefined;
  let nested: CallContext | undefined;
  const value = await traceStage(ctx, 'load', 'detail', async () => {
    inside = ctx.call;
    t.equal(reqTracing.current, ctx.call.trace, 'the request knows the stage running now');
    await new Promise((r) => setTimeout(r, 5));
    return traceStage(ctx, 'page-cache', 'fill', () => {
      nested = ctx.call;
      return 42;
    });
  });
  t.equal(value, 42);
  t.equal(ctx.call, call, 'the page context has its own call context again');
  t.equal(reqTracing.current, null, 'and no stage runs');
  t.not(inside, call, 'while the stage ran, another one');
  t.equal(inside?.batch, call.batch);
  const load = byName('load detail');
  const fill = byName('page-cache fill');
  t.equal(parentId(load!), root.spanContext().spanId, 'the stage under the root');
  t.equal(parentId(fill!), spanId(load!), 'a stage run inside another under it');
  t.equal(nested?.trace?.context && trace.getSpan(nested.trace.context)?.spanContext().spanId, spanId(fill!));
  t.equal(load?.attributes['request.id'], 'r-1');
  t.equal(load?.attributes['portal.stage'], 'load');
});

t.test('a stage that throws or rejects: its span is the error, the call context is given back', async (t) => {
  const { ctx, call, reqTracing, byName } = tracedPage();
  t.throws(
    () =>
      traceStage(ctx, 'middleware', 'sync-boom', () => {
        throw new Error('sync boom');
      }),
    { message: 'sync boom' },
  );
  t.equal(ctx.call, call);
  await t.rejects(
    traceStage(ctx, 'load', 'async-boom', async () => {
      throw Object.assign(new Error('async boom'), { statusCode: 502 });
    }),
    { message: 'async boom' },
  );
  t.equal(ctx.call, call);
  t.equal(reqTracing.current, null);
  t.equal(byName('middleware sync-boom')?.status.code, SpanStatusCode.ERROR);
  const failed = byName('load async-boom');
  t.same(failed?.status, { code: SpanStatusCode.ERROR, message: 'async boom' });
  t.equal(failed?.attributes['http.response.status_code'], 502);
  t.ok(failed?.events.some((e) => e.name === 'exception'));
});

t.test('tracing off: the stage only runs', async (t) => {
  const call = { reqId: 'r-2' } as unknown as CallContext;
  const ctx = { req: { tracing: null }, page: { module: 'm' }, call } as unknown as PageContext;
  t.equal(await traceStage(ctx, 'load', 'x', async () => ctx.call), call, 'with the page context as it is');
  t.equal(ctx.call, call);
});

t.test("React's span of a streamed page ends with the stream; a visitor who leaves is no error", async (t) => {
  for (const how of ['ends', 'cut short', 'fails'] as const) {
    const { ctx, tracing } = tracedPage();
    const stream = new PassThrough();
    await traceReact(ctx, async () => ({ kind: 'stream', stream }));
    t.same(tracing.spans(), [], `${how}: not ended while streaming`);
    if (how === 'ends') {
      stream.end('<html></html>');
      stream.resume();
    } else if (how === 'cut short') stream.destroy();
    else stream.destroy(new Error('socket hang up'));
    await new Promise((r) => setTimeout(r, 10));
    const [react] = tracing.spans();
    t.equal(react?.name, 'react');
    t.equal(react?.attributes['portal.render.kind'], 'stream');
    t.equal(react?.attributes['portal.render.aborted'], how === 'cut short' ? true : undefined, `${how}: aborted or not`);
    t.equal(react?.status.code, how === 'fails' ? SpanStatusCode.ERROR : SpanStatusCode.UNSET, `${how}: status`);
  }
});

t.test('a gateway call: its span under the stage, named by its endpoint; batched when its answer came in a batch', async (t) => {
  const { ctx, byName } = tracedPage();
  await traceStage(ctx, 'load', 'detail', () =>
    Promise.all([
      traceGatewayCall(ctx.call, 'api/house/search/detail/196', 'GET', async () => ({})),
      // As src/api/batch.ts does when the batch's answers are in, before each call's own answer is settled.
      traceGatewayCall(ctx.call, 'api/zhcall/10/11', 'GET', async (traced) => {
        markBatched([{ call: traced }, { call: { reqId: 'untraced' } as CallContext }]);
        return {};
      }),
    ]),
  );
  const detail = byName('gateway GET api/house/search/detail/:id');
  const zhcall = byName('gateway GET api/zhcall/:id/:id');
  t.equal(parentId(detail!), spanId(byName('load detail')!));
  t.equal(detail?.attributes['gateway.endpoint'], 'api/house/search/detail/:id');
  t.equal(detail?.attributes['gateway.batched'], false);
  t.equal(zhcall?.attributes['gateway.batched'], true);
  t.equal(zhcall?.attributes['gateway.batch.size'], 2);
});
