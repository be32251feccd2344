import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import type { ReactElement } from 'react';
import { errors, PortalError, statusOf } from '../errors.ts';
import { etagOf, isFresh } from '../etag.ts';
import { documentCacheControl, NO_STORE, publicPageCacheControl, setCaching, setPublicCaching } from '../http-cache.ts';
import { cacheable, sendCachedPage } from '../page-cache.ts';
import { registryRedirect } from '../registry/redirect.ts';
import { App } from '../render/App.tsx';
import { buildAppState } from '../render/app-state.ts';
import { policyWithScriptNonce } from '../render/csp.ts';
import { type DeferredPromise, settleDeferred, settleWithin } from '../render/deferred.ts';
import { documentHead, documentTail, fallbackErrorDocument } from '../render/document.ts';
import { loadPageComponent } from '../render/modules.ts';
import { renderDocument } from '../render/stream.ts';
import { isMember } from '../session.ts';
import type { AppState } from '../stores/app-state.ts';
import { nameRequestSpan, traceReact, traceStage } from '../tracing/stages.ts';
import { createContext, syntheticPage } from './context.ts';
import { buildHead } from './head.ts';
import { type PageOutcome, runPage } from './run-page.ts';
import type { PageContext, PageHead } from './types.ts';

export const DATA_PREFIX = '/-/data';
const HTML = 'text/html; charset=utf-8';

function splitUrl(url: string): { path: string; search: string } {
  const q = url.indexOf('?');
  return q === -1 ? { path: url, search: '' } : { path: url.slice(0, q), search: url.slice(q + 1) };
}

/** Match the path and run the page's pipeline. Unknown route → PortalError 404. */
async function resolvePage(req: FastifyRequest, reply: FastifyReply, url: string): Promise<{ ctx: PageContext; outcome: PageOutcome }> {
  const registry = req.server.registry.current;
  const hit = registry.pages.match(splitUrl(url).path);
  if (!hit) throw errors.pageNotFound();
  nameRequestSpan(req, hit.target.name, url !== req.url);
  const ctx = createContext(req, reply, registry, hit.target, hit.params, url);
  req.pageContext = ctx;
  return { ctx, outcome: await runPage(ctx, registry, req.server.pageStages) };
}

const isPending = (ctx: PageContext) => Boolean(ctx.deferred?.some((d) => (d as DeferredPromise<unknown>).status !== 'fulfilled'));

/**
 * Render `state` into HTML and send it: streamed to people, whole to crawlers and cache fills. `errorScreen`: the 404
 * screen or the error page of handleError.
 */
async function sendDocument(ctx: PageContext, state: AppState, opts: { fillCache: boolean; errorScreen?: boolean }): Promise<void> {
  const { req, reply } = ctx;
  const status = state.route.status;
  const Page = await loadPageComponent(state.route.module);
  reply.code(status).type(HTML);
  // What the answer may be kept as (issue 36 part 4, src/http-cache.ts), decided now, except for a visitor's 200 of a
  // page with a TTL: public once its document turns out complete (it gets an ETag then), otherwise no-store.
  const httpCache = req.server.registry.current.file.site.httpCache;
  const member = ctx.user !== null || isMember(req);
  const fixed = documentCacheControl({ member, cache: ctx.page.cache, status, errorScreen: Boolean(opts.errorScreen) }, httpCache);
  if (fixed) setCaching(reply, fixed);
  const publicDocument = () => !fixed && cacheable(ctx, status);
  const setPublic = () => setPublicCaching(reply, publicPageCacheControl(ctx.page.cache as number, httpCache));
  const thisAnswerOnly = () => {
    if (!fixed) reply.header('cache-control', NO_STORE);
  };
  if (req.method === 'HEAD') {
    if (publicDocument()) setPublic();
    else thisAnswerOnly();
    reply.send();
    return;
  }
  const assets = req.server.assets;
  const { path } = splitUrl(req.url);
  // The query the page was handed (a cached page's own keys only), so a cached document never depends on other keys.
  const search = new URLSearchParams(ctx.query).toString();
  // A page with secondary blocks streams them to people even when the render fills the page cache (issue 20); the
  // cache then keeps the complete document, rendered again once every block is in (no Suspense is pending any more,
  // so it is the document a crawler gets). Crawlers get the whole document at once.
  const bot = isbot(req.headers['user-agent'] ?? '');
  // Secondary calls that are in within the registry's grace (they usually are: they go to the gateway with the shell's)
  // need no streaming: the page is then one whole document, as a crawler gets it, with nothing to complete by script.
  const grace = req.server.registry.current.file.site.streamGraceMs;
  const unsettled = bot ? isPending(ctx) : !(await settleWithin(ctx, grace));
  // Only a page the cache may keep says MISS (a free-text search never is, issue 33).
  const streamsFill = opts.fillCache && Boolean(ctx.cacheFill) && cacheable(ctx, status) && !bot && unsettled;
  const markup = req.server.markupMemo(req.server.registry.current);
  const tree = <App state={state} Page={Page} ssrPath={path} ssrSearch={search} markup={markup} />;
  const head = documentHead(state.route.head, assets, state.route.module);
  const timeoutMs = req.server.renderTimeoutMs ?? req.server.registry.current.file.site.renderTimeoutMs;
  const waitForAll = (opts.fillCache && !streamsFill) || bot;
  // A whole document has every block in place: once the deferred calls are in, nothing suspends (a boundary that
  // suspended would be written as a streamed segment even when piped after onAllReady).
  if (waitForAll) await settleDeferred(ctx);
  const pending = !waitForAll && unsettled;
  // React completes a boundary that suspended with small inline scripts: allowed for this response by a nonce.
  const nonce = pending ? randomBytes(16).toString('base64') : undefined;
  const fillLater = () =>
    void traceStage(ctx, 'page-cache', 'fill', () => fillAfterStream(ctx, tree, head, documentTail(state, assets), timeoutMs));
  const renderStarted = performance.now();
  const rendered = await traceReact(ctx, () =>
    renderDocument(tree, {
      head,
      nonce,
      // Written after the last boundary: by then every deferred call has its value, and the state carries it (a whole
      // document waited for them above).
      tail: pending ? () => settleDeferred(ctx).then(() => documentTail(state, assets)) : documentTail(state, assets),
      waitForAll,
      settled: !pending,
      timeoutMs,
      log: req.log,
      onStreamed: streamsFill ? fillLater : undefined,
    }),
  );
  req.server.metrics.render(ctx.page.name, (performance.now() - renderStarted) / 1000);
  // A render whose boundaries suspended carries React's inline scripts, even when it ended before the first byte
  // was due (one Buffer): such a document is this response's alone, never cached or given an ETag.
  const scripted = nonce !== undefined && (rendered.kind === 'stream' || rendered.body.includes(`nonce="${nonce}"`));
  if (scripted) {
    thisAnswerOnly();
    reply.header('content-security-policy', policyWithScriptNonce(nonce));
    if (streamsFill) reply.header('x-cache', 'MISS');
    if (rendered.kind === 'stream') reply.send(rendered.stream);
    else {
      reply.send(rendered.body);
      if (streamsFill) fillLater();
    }
    return;
  }
  if (rendered.kind === 'stream') {
    thisAnswerOnly();
    reply.send(rendered.stream);
    return;
  }
  if (publicDocument()) {
    const etag = etagOf(rendered.body);
    if (opts.fillCache && ctx.cacheFill) {
      const fill = ctx.cacheFill;
      const page = traceStage(ctx, 'page-cache', 'fill', () =>
        req.server.pageCache.fill(
          fill.key,
          { body: rendered.body, etag, contentType: HTML, registry: req.server.registry.current },
          fill.ttlMs,
        ),
      );
      sendCachedPage(req, reply, page, 'MISS', { ttlSeconds: ctx.page.cache as number, ageSeconds: 0 });
      return;
    }
    setPublic().header('etag', etag);
    if (isFresh(req.headers, etag)) {
      reply.code(304).send();
      return;
    }
  } else thisAnswerOnly();
  reply.send(rendered.body);
}

/** The complete document of a page that streamed to a person, for the page cache (nothing is pending any more). */
async function fillAfterStream(ctx: PageContext, tree: ReactElement, head: Buffer, tail: string, timeoutMs: number): Promise<void> {
  const fill = ctx.cacheFill;
  if (!fill || !cacheable(ctx, ctx.reply.statusCode)) return;
  try {
    const whole = await renderDocument(tree, { head, tail, waitForAll: true, timeoutMs, log: ctx.log });
    if (whole.kind !== 'buffer') return;
    const { req } = ctx;
    req.server.pageCache.fill(
      fill.key,
      { body: whole.body, etag: etagOf(whole.body), contentType: HTML, registry: req.server.registry.current },
      fill.ttlMs,
    );
  } catch (err) {
    ctx.log.warn({ err }, 'page-cache fill after streaming failed');
  }
}

/** `/-/data`, `/-/data/…` and `/-/data?…`: the client-navigation endpoint, answered as JSON even when it fails. */
const isDataUrl = (url: string) =>
  url.startsWith(DATA_PREFIX) && (url.length === DATA_PREFIX.length || '/?'.includes(url[DATA_PREFIX.length]));

/** GET/HEAD of any page path (SPEC 2): pipeline, then streaming SSR. */
export async function handleDocumentRequest(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const { ctx, outcome } = await resolvePage(req, reply, req.url);
  if (outcome.kind === 'redirect') return reply.redirect(outcome.location, outcome.status);
  const status = outcome.result.status ?? 200;
  const state = buildAppState(ctx, status, outcome.result.data, outcome.head, ctx.page.module);
  await traceStage(ctx, 'render', ctx.page.module, () => sendDocument(ctx, state, { fillCache: Boolean(ctx.cacheFill) && status === 200 }));
  // An async handler that has sent must return the reply: returning undefined after send(stream) makes Fastify send
  // again, and a streamed page went out empty.
  return reply;
}

export interface DataResponse {
  status: number;
  redirect?: string;
  route?: AppState['route'];
  user?: AppState['user'];
  message?: string;
}

/**
 * GET /-/data/<path>?<query>: the same middleware, validate and loader as a full request, answered as JSON
 * for client navigation. A redirect or an error is described in the body so the browser can do the same.
 */
export async function handleDataRequest(req: FastifyRequest, reply: FastifyReply): Promise<DataResponse> {
  const url = req.url.slice(DATA_PREFIX.length) || '/';
  reply.header('cache-control', 'no-store');
  // A registry redirect answers as the full load does (SPEC 2.5): the client follows it.
  const redirect = registryRedirect(req.server.registry.current, url.startsWith('/') ? url : `/${url}`);
  if (redirect) return { status: redirect.status, redirect: redirect.location };
  const { ctx, outcome } = await resolvePage(req, reply, url.startsWith('/') ? url : `/${url}`);
  if (outcome.kind === 'redirect') return { status: outcome.status, redirect: outcome.location };
  // Client navigation gets the secondary blocks' data in the same answer (the JSON carries their values).
  await settleDeferred(ctx);
  return dataOf(ctx, outcome);
}

function dataOf(ctx: PageContext, outcome: Extract<PageOutcome, { kind: 'page' }>): DataResponse {
  const status = outcome.result.status ?? 200;
  const state = buildAppState(ctx, status, outcome.result.data, outcome.head, ctx.page.module);
  return { status, route: state.route, user: state.user };
}

/** What a visitor may read of an error: our own messages (SPEC 8's table), never a gateway path, code or stack. */
function visitorMessage(err: unknown, status: number): string {
  if (err instanceof PortalError) return err.message;
  if (status === 404) return errors.pageNotFound().message;
  return status >= 500 ? '服务繁忙，请稍后再试' : '请求有误';
}

/** Error screen (SPEC 2.6, 8): 404 → the aliens screen; other statuses → the error page; its failure → plain fallback. */
export async function handleError(err: unknown, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const status = statusOf(err, reply.statusCode);
  if (status >= 500) req.log.error({ err }, 'request failed');
  else req.log.info({ status, reason: (err as Error)?.message }, 'request ended with an error page');
  if (isDataUrl(req.url)) {
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .send({ status, message: visitorMessage(err, status) });
    return reply;
  }
  try {
    const registry = req.server.registry.current;
    const page = syntheticPage(status === 404 ? 'notFound' : 'error', registry);
    const ctx = createContext(req, reply, registry, page, {}, req.url);
    ctx.page = { ...page, cache: 'no-cache' };
    // Our own errors carry a message meant for the screen (util:城市ID不存在); others never leak theirs.
    const message = err instanceof PortalError || status === 404 ? visitorMessage(err, status) : '';
    const head: PageHead = {
      ...buildHead(ctx, { title: `${status === 404 ? '页面不存在' : '出错了'}_${ctx.site.brand}` }),
      robots: 'noindex',
    };
    const state = buildAppState(ctx, status, { message, status }, head, page.module);
    await traceStage(ctx, 'render', page.module, () => sendDocument(ctx, state, { fillCache: false, errorScreen: true }));
    return reply;
  } catch (renderErr) {
    req.log.error({ err: renderErr }, 'error page failed; sending fallback');
    return reply.code(status).type(HTML).header('cache-control', NO_STORE).send(fallbackErrorDocument(status));
  }
}
