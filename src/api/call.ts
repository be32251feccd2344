import type { Got } from 'got';
import { observeCheck } from './call-metrics.ts';
import { type CallContext, type CallOptions, callGateway, GatewayError } from './http.ts';
import { ensureItems, ensureRecord, type RecordCheck } from './records.ts';
import type { Page } from './types.ts';

/**
 * One gateway call returning `obj` (null when absent). All SPEC 7.1/7.12 failure rules apply (see callGateway).
 * With a `check`, an obj that lacks what pages need is a 502 (src/api/records.ts).
 */
export async function getObj<T>(
  client: Got,
  call: CallContext,
  path: string,
  opts: CallOptions = {},
  check?: RecordCheck,
): Promise<T | null> {
  const body = await callGateway<T>(client, call, path, opts);
  const obj = (body.obj ?? null) as T | null;
  return check ? observeCheck(client, path, () => ensureRecord(call, path, check, obj)) : obj;
}

/** Same as getObj for calls that always answer a list: an absent obj becomes []; with a `check`, so does nothing else. */
export async function getList<T>(client: Got, call: CallContext, path: string, opts: CallOptions = {}, check?: RecordCheck): Promise<T[]> {
  const obj = await getObj<T[]>(client, call, path, opts);
  if (!check) return Array.isArray(obj) ? obj : [];
  if (obj === null) return [];
  return observeCheck(client, path, () => {
    if (!Array.isArray(obj)) throw malformed(call, path, 'list');
    return ensureItems(call, path, check, obj);
  });
}

/** A page of records (SPEC 3: `content`), checked as asPage does and, with a `check`, item by item. */
export async function getPage<P extends Page<unknown>>(
  client: Got,
  call: CallContext,
  path: string,
  opts: CallOptions,
  size: number,
  check?: RecordCheck,
): Promise<P> {
  const obj = await getObj<P>(client, call, path, opts);
  if (!check) return asPage(call, obj, size);
  return observeCheck(client, path, () => {
    if (obj !== null && (typeof obj !== 'object' || !Array.isArray(obj.content) || typeof obj.totalElements !== 'number')) {
      throw malformed(call, path, 'page');
    }
    const page = asPage(call, obj, size);
    ensureItems(call, path, check, page.content);
    return page;
  });
}

function malformed(call: CallContext, path: string, what: string): GatewayError {
  call.log.error({ gateway: path, expected: what }, 'gateway answered a malformed obj');
  return new GatewayError(502, path, `Gateway ${path} answered a malformed ${what}`);
}

export const post = (json: unknown): CallOptions => ({ method: 'POST', json: json ?? {} });

/** Path segments are encoded: ids come from URLs typed by users. */
export const seg = (v: string | number) => encodeURIComponent(String(v));

/**
 * A page from the gateway, checked where pages depend on it (DESIGN: gateway bodies validated at the edge): a missing
 * or malformed page (no content array, non-numeric totals) is logged and becomes an empty page, never a crash.
 */
export function asPage<P extends Page<unknown>>(call: CallContext, obj: P | null, size = 20): P {
  const empty = { content: [], totalElements: 0, totalPages: 0, number: 1, size, first: true, last: true } as unknown as P;
  if (obj === null || obj === undefined) return empty;
  if (typeof obj !== 'object' || !Array.isArray(obj.content) || typeof obj.totalElements !== 'number') {
    call.log.warn({ got: typeof obj }, 'gateway answered a malformed page');
    return empty;
  }
  const s = typeof obj.size === 'number' && obj.size > 0 ? obj.size : size;
  obj.size = s;
  if (typeof obj.totalPages !== 'number') obj.totalPages = Math.ceil(obj.totalElements / s);
  if (typeof obj.number !== 'number') obj.number = 1;
  return obj;
}
