import { errors } from '../errors.ts';
import type { Registry } from '../registry/load.ts';
import type { PageEntry } from '../registry/types.ts';
import { traceStage } from '../tracing/stages.ts';
import { buildHead } from './head.ts';
import { recordView } from './record-view.ts';
import type { LoadResult, Middleware, MiddlewareOutcome, PageContext, PageHead, PageLoader, Validator } from './types.ts';

export interface PipelineParts {
  middleware: Readonly<Record<string, Middleware>>;
  validators: Readonly<Record<string, Validator>>;
  // biome-ignore lint/suspicious/noExplicitAny: each loader's data type is its own; load and meta agree per entry.
  loaders: Readonly<Record<string, PageLoader<any>>>;
}

export type PageOutcome = Exclude<MiddlewareOutcome, undefined> | { kind: 'page'; result: LoadResult; head: PageHead };

const DEFAULT_MIDDLEWARE = ['authenticated'];

/** The layout's middleware, then the page's (none declared → authenticated), each name once, in order. */
export function middlewareChain(registry: Registry, page: PageEntry): string[] {
  const layout = registry.file.layouts[page.layout];
  return [...new Set([...(layout?.middleware ?? []), ...(page.middleware ?? DEFAULT_MIDDLEWARE)])];
}

/** Run one page: middleware → validate → load → meta (DESIGN "One request, end to end"). Throws PortalError/GatewayError. */
export async function runPage(ctx: PageContext, registry: Registry, parts: PipelineParts): Promise<PageOutcome> {
  for (const name of middlewareChain(registry, ctx.page)) {
    const mw = parts.middleware[name];
    if (!mw) {
      ctx.log.error({ page: ctx.page.name, middleware: name }, 'unknown middleware');
      throw errors.unknownMiddleware(name);
    }
    const outcome = await traceStage(ctx, 'middleware', name, () => mw(ctx));
    if (outcome) return outcome;
  }
  if (ctx.page.validate) {
    const validate = parts.validators[ctx.page.validate];
    if (!validate) throw errors.unknownValidator(ctx.page.validate);
    if (!(await traceStage(ctx, 'validate', ctx.page.validate, () => validate(ctx)))) throw errors.pageNotFound();
  }
  let result: LoadResult = { data: null };
  let fromMeta: Partial<PageHead> | undefined;
  if (ctx.page.loader) {
    const loader = parts.loaders[ctx.page.loader];
    if (!loader) throw errors.unknownLoader(ctx.page.loader);
    result = await traceStage(ctx, 'load', ctx.page.loader, () => loader.load(ctx));
    fromMeta = traceStage(ctx, 'meta', ctx.page.loader, () => loader.meta?.(ctx, result.data));
    if (result.view) recordView(ctx, result.view);
  }
  const head = buildHead(ctx, fromMeta, registry.file.layouts[ctx.page.layout]);
  if (UNPRINTABLE.test(head.title) || UNPRINTABLE.test(head.description) || UNPRINTABLE.test(head.keywords)) {
    ctx.log.error({ page: ctx.page.name, title: head.title }, 'page head built from incomplete data');
    throw errors.incompleteData(ctx.page.name);
  }
  return { kind: 'page', result, head };
}

/** What a head built from missing or mistyped fields shows; no real title or description contains it. */
const UNPRINTABLE = /\bundefined\b|\bNaN\b|\bnull\b|\[object Object\]/;
