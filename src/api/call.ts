import type { Got } from 'got';
import { type CallContext, type CallOptions, callGateway } from './http.ts';

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
