/**
 * The chat endpoints' JSON calls (reads: plugins/chat.ts; writes: the actions of src/actions/chat.ts): same-origin,
 * credentials included; a non-2xx is an Error with the server's message.
 */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

// No class fields (nor parameter properties): the es2020 build would add define-property helpers to the entry chunk.
export class ChatHttpError extends Error {
  declare readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    (this as { status: number }).status = status;
  }
}

export async function chatJson<T>(fetcher: FetchLike, url: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
  const res = await fetcher(url, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (!res.ok) {
    const message = (body as { message?: unknown } | null)?.message;
    throw new ChatHttpError(res.status, typeof message === 'string' && message ? message : '请求失败，请稍后再试');
  }
  return body as T;
}
