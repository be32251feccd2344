import { PassThrough } from 'node:stream';
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

/** The media type of a streamed batch answer: one line per call, written as each call is answered. */
export const BATCH_STREAM_TYPE = 'application/x-ndjson';

type Injected = { statusCode: number; headers: Record<string, unknown>; body: string };

/**
 * POST api/batch (issue 35 part 1): several of SPEC 7's calls in one round trip. Each call is answered by this
 * gateway exactly as if it had come alone (same route, validation, log line with the caller's request id). A detail
 * page makes about ten calls at once; sent one by one they cost the portal more CPU in HTTP and socket work than
 * rendering the page does.
 *
 * Two answers: by default the HTTP statuses and bodies in order in `obj.answers`, once all are in; to a caller that
 * accepts `application/x-ndjson`, one line `{"i":n,"statusCode":…,"body":…}` per call as soon as it is answered, so a
 * page's first-screen calls and its slower secondary ones can share the round trip without the first waiting for the
 * second (issue 20). Lines answered in the same turn of the event loop leave in one write.
 */
export function registerBatchRoutes(app: FastifyInstance): void {
  app.post<{ Body: { calls: BatchCall[] } }>('/api/batch', { schema: batchSchema }, async (req, reply) => {
    const requestId = (req.headers['x-request-id'] as string | undefined) ?? req.id;
    const answer = (c: BatchCall): Promise<Injected> =>
      app
        .inject({
          method: c.method,
          url: c.path.startsWith('/') ? c.path : `/${c.path}`,
          headers: { 'x-request-id': c.requestId ?? requestId, ...(c.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
          ...(c.method === 'POST' ? { payload: JSON.stringify(c.json ?? {}) } : {}),
        })
        .then(
          (a) => ({ statusCode: a.statusCode, headers: a.headers, body: a.body }),
          (err: Error) => {
            req.log.error({ err, path: c.path }, 'batch call failed');
            return { statusCode: 500, headers: {}, body: '' };
          },
        );
    const calls = req.body.calls;
    if (!String(req.headers.accept ?? '').includes(BATCH_STREAM_TYPE)) {
      const answers = await Promise.all(calls.map(answer));
      req.log.info({ batchCalls: answers.length }, 'batch answered');
      const parts = answers.map((a) => answerPart(a.statusCode, a.headers['content-type'], a.body));
      return reply
        .type('application/json; charset=utf-8')
        .send(`{"status":200,"message":"success","obj":{"answers":[${parts.join(',')}]}}`);
    }
    const out = new PassThrough();
    let waiting: string[] = [];
    let left = calls.length;
    const flush = () => {
      const lines = waiting.join('');
      waiting = [];
      if (left === 0) {
        req.log.info({ batchCalls: calls.length, streamed: true }, 'batch answered');
        out.end(lines);
      } else out.write(lines);
    };
    calls.forEach((c, i) => {
      void answer(c).then((a) => {
        left--;
        if (waiting.length === 0) setImmediate(flush);
        waiting.push(`{"i":${i},${answerPart(a.statusCode, a.headers['content-type'], a.body).slice(1)}\n`);
      });
    });
    return reply.type(`${BATCH_STREAM_TYPE}; charset=utf-8`).send(out);
  });
}
