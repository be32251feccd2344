import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestErrorAnswer } from '../src/lib/action-messages.ts';

/**
 * What every form-action scope under /-/… starts with (SPEC 8): urlencoded bodies (text/plain is refused, so a
 * cross-site "simple" post cannot pass as a form), answers never stored, and a request its route never ran for (a
 * body too large or malformed, no such route) answered as JSON with its status and message and logged — an error
 * at 5xx, a refusal below. `what` names the scope in the log lines.
 */
export async function formScope(scope: FastifyInstance, opts: { what: string; bodyLimit?: number }): Promise<void> {
  await scope.register(formbody, { bodyLimit: opts.bodyLimit ?? 16_384 });
  scope.removeContentTypeParser('text/plain');
  scope.addHook('onSend', async function neverStoreFormAnswers(_req, reply) {
    reply.header('cache-control', 'no-store');
  });
  scope.setErrorHandler(async function answerFormScopeError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
    const answer = requestErrorAnswer(err.statusCode);
    if (answer.status >= 500) req.log.error({ err }, `${opts.what} error`);
    else req.log.info({ err: err.message }, `${opts.what} request refused`);
    return reply.code(answer.status).send({ status: answer.status, message: answer.message });
  });
}
