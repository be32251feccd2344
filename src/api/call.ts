import type { Got } from 'got';
import { type CallContext, type CallOptions, callGateway } from './http.ts';
import type { Page } from './types.ts';

/** One gateway call returning `obj` (null when absent). All SPEC 7.1/7.12 failure rules apply (see callGateway). */
export async function getObj<T>(client: Got, call: CallContext, path: string, opts: CallOptions = {}): Promise<T | null> {
  const body = await callGateway<T>(client, call, path, opts);
  return (body.obj ?? null) as T | null;
}

/** Same as getObj for calls that always answer a list: an absent obj becomes []. */
export async function getList<T>(client: Got, call: CallContext, path: string, opts: CallOptions = {}): Promise<T[]> {
  const obj = await getObj<T[]>(client, call, path, opts);
  return Array.isArray(obj) ? obj : [];
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
