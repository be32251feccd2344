import type { FastifyInstance } from 'fastify';

/** At most this many calls in one batch (a detail page sends about ten at once). */
export const MAX_BATCH_CALLS = 32;

export interface BatchCall {
  method: 'GET' | 'POST';
  /** A gateway path with its query string, as a single call would request it. */
  path: string;
  json?: unknown;
  /** The portal request the call belongs to, when a batch carries calls of several (its background batch). */
  requestId?: string;
}

const batchSchema = {
  body: {
    type: 'object',
    required: ['calls'],
    properties: {
      calls: {
        type: 'array',
        minItems: 1,
        maxItems: MAX_BATCH_CALLS,
        items: {
          type: 'object',
          required: ['method', 'path'],
          properties: {
            method: { type: 'string', enum: ['GET', 'POST'] },
            // A path of this gateway, never the batch itself.
            path: { type: 'string', maxLength: 2000, pattern: '^/?(?!api/batch(?:[/?]|$))[A-Za-z]' },
            json: {},
            requestId: { type: 'string', maxLength: 128 },
          },
        },
      },
    },
  },
} as const;

/** Whether `text` is one JSON value (so it can go into the batch answer as it is). */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A sub-answer goes into the batch answer as it is when it is JSON (checked: a broken body must not break the answers
 * of the other calls), as a string otherwise.
 */
function answerPart(statusCode: number, contentType: unknown, body: string): string {
  const json = typeof contentType === 'string' && contentType.startsWith('application/json') && body.length > 0 && isJson(body);
  return json ? `{"statusCode":${statusCode},"body":${body}}` : `{"statusCode":${statusCode},"text":${JSON.stringify(body)}}`;
}

/**
 * POST api/batch (issue 35 part 1): several of SPEC 7's calls in one round trip. Each call is answered by this
 * gateway exactly as if it had come alone (same route, validation, log line with the caller's request id), and
 * its HTTP status and body come back in order in `obj.answers`. A detail page makes about ten calls at once; sent
 * one by one they cost the portal more CPU in HTTP and socket work than rendering the page does.
 */
export function registerBatchRoutes(app: FastifyInstance): void {
  app.post<{ Body: { calls: BatchCall[] } }>('/api/batch', { schema: batchSchema }, async (req, reply) => {
    const requestId = (req.headers['x-request-id'] as string | undefined) ?? req.id;
    const answers = await Promise.all(
      req.body.calls.map((c) =>
        app.inject({
          method: c.method,
          url: c.path.startsWith('/') ? c.path : `/${c.path}`,
          headers: { 'x-request-id': c.requestId ?? requestId, ...(c.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
          ...(c.method === 'POST' ? { payload: JSON.stringify(c.json ?? {}) } : {}),
        }),
      ),
    );
    req.log.info({ batchCalls: answers.length }, 'batch answered');
    const parts = answers.map((a) => answerPart(a.statusCode, a.headers['content-type'], a.body));
    return reply.type('application/json; charset=utf-8').send(`{"status":200,"message":"success","obj":{"answers":[${parts.join(',')}]}}`);
  });
}
