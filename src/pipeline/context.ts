import type { FastifyReply, FastifyRequest } from 'fastify';
import { defaultCity } from '../lib/default-city.ts';
import type { Registry } from '../registry/load.ts';
import type { PageEntry } from '../registry/types.ts';
import { isMember } from '../session.ts';
import { callTraceOf } from '../tracing/stages.ts';
import { pickQuery } from './query-keys.ts';
import type { PageContext } from './types.ts';

/** Query as flat strings: repeated keys keep their first value; pages never see arrays or prototypes. */
export function flatQuery(raw: unknown): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  if (!raw || typeof raw !== 'object') return out;
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    const first = Array.isArray(v) ? v[0] : v;
    if (first !== undefined && first !== null) out[k] = String(first);
  }
  return { ...out };
}

/** Builds the per-request page context; every field is fresh, nothing is shared between requests. */
export function createContext(
  req: FastifyRequest,
  reply: FastifyReply,
  registry: Registry,
  page: PageEntry,
  params: Record<string, string>,
  url: string,
): PageContext {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  return {
    req,
    reply,
    log: req.log,
    call: {
      reqId: req.id,
      log: req.log,
      deadline: req.deadline ?? undefined,
      batch: req.server.api.batches.forRequest(),
      trace: callTraceOf(req),
    },
    api: req.server.api,
    site: registry.file.site,
    siteKind: req.siteKind,
    city: req.city ?? defaultCity(registry.file.site),
    page,
    params: { ...params, ...(page.params ?? {}) },
    // A visitor's cacheable page sees only the query keys that change it; a member's page is never cached and sees all
    // (the notice after a favourite, say).
    query: pickQuery(flatQuery(req.query), isMember(req) ? null : req.server.queryKeysOf(registry, page)),
    path,
    url,
    user: null,
    now: req.server.clock(),
  };
}

/** The screen used for errors when no page entry applies (unknown route, unknown city). */
export function syntheticPage(name: 'notFound' | 'error', registry: Registry): PageEntry {
  const declared = name === 'notFound' ? registry.byName.get('notFound') : undefined;
  if (declared) return declared;
  return {
    name,
    paths: ['/404'],
    module: name === 'notFound' ? 'not-found' : 'error',
    layout: 'default',
    cache: 'no-cache',
    meta: { title: name === 'notFound' ? '页面不存在' : '出错了' },
  };
}
