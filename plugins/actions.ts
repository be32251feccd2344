import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { createGates } from '../src/actions/gates.ts';
import { actionBodies, actionHandlers } from '../src/actions/index.ts';
import { runAction } from '../src/actions/run-action.ts';
import { type ActionAnswer, type ActionHandler, ActionRefusal } from '../src/actions/types.ts';
import { createFormDrafts } from '../src/form-drafts.ts';
import { requestErrorAnswer } from '../src/lib/action-messages.ts';
import { UPLOAD_MAX_BYTES } from '../src/lib/member-forms.ts';

/**
 * The action stage's door (issue 33): every POST under /-/ that registry.json declares in `actions` is answered by
 * runAction (src/actions/run-action.ts). Declared paths are matched at each request like the pages, so an edit of the
 * registry (a limit, a middleware) applies at the next reload. Bodies: urlencoded forms, JSON and multipart uploads
 * (a file field arrives as a Buffer); text/plain is refused (415), so another site's "simple" post cannot pass.
 */

export interface ActionsPluginOptions {
  /** config.adminToken: the console's actions (`admin-token` middleware) exist only when it is set. */
  adminToken?: string;
}

const NO_ACTION = '请求的操作不存在';

/** The answer to a POST under /-/ that no action declares; a guarded route refusing its caller answers the same. */
export function answerNoAction(reply: FastifyReply): FastifyReply {
  const answer: ActionAnswer = { status: 404, message: NO_ACTION };
  return reply.code(404).header('cache-control', 'no-store').send(answer);
}

const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

/** The part @fastify/multipart was reading when a file went over the limit, with the fields posted before it. */
interface TooLargePart {
  fieldname?: string;
  mimetype?: string;
  fields?: Record<string, unknown>;
}

/** The text fields posted before the file (what a refused form shows again), as `attachFieldsToBody: 'keyValues'` would. */
function fieldsBefore(part: TooLargePart | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(part?.fields ?? {})) {
    const value = (v as { value?: unknown } | null)?.value;
    if (typeof value === 'string') out[k] = value;
  }
  return out;
}

const actionsPlugin: FastifyPluginAsync<ActionsPluginOptions> = async (app, opts) => {
  app.decorate('formDrafts', createFormDrafts(app.sharedStore));
  const tables = { gates: createGates({ adminToken: opts.adminToken }), handlers: actionHandlers, bodies: actionBodies };

  await app.register(async function actionDoor(scope) {
    await scope.register(formbody, { bodyLimit: 16_384 });
    await scope.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 30, fieldSize: 4096, parts: 31 },
    });
    scope.removeContentTypeParser('text/plain');
    // Only an action that takes files (`"uploads": true`) reads a multipart body; the others refuse it unread.
    scope.addHook('onRequest', async function onlyUploadsTakeFiles(req, reply) {
      if (!req.headers['content-type']?.toLowerCase().startsWith('multipart/')) return;
      const found = app.registry.current.actions.match(pathOf(req.url));
      if (!found || found.target.uploads) return;
      const { status, message } = requestErrorAnswer(415);
      req.log.info({ action: found.target.name }, 'action refused: multipart body to an action without uploads');
      return reply
        .code(status)
        .header('cache-control', 'no-store')
        .send({ status, message } satisfies ActionAnswer);
    });
    // A request its action never ran for (a body too large or malformed): the one answer shape, logged.
    scope.setErrorHandler(async function answerUnreadBody(err: FastifyError, req, reply) {
      const registry = app.registry.current;
      const found = err.code === 'FST_REQ_FILE_TOO_LARGE' ? registry.actions.match(pathOf(req.url)) : null;
      const handler = found ? tables.handlers[found.target.handler] : undefined;
      if (found && handler) {
        // A file over the limit is a refusal of the action itself: its gates run (who posts), then it is answered as
        // the action answers its own refusals (JSON, or back to its form with the message and the fields typed).
        req.log.info({ action: found.target.name, code: err.code }, 'action upload too large');
        const part = (err as { part?: TooLargePart }).part;
        const what = part?.mimetype?.startsWith('image/') ? '图片' : '文件';
        const refusal = new ActionRefusal(part?.fieldname ?? null, `${what}不能超过${UPLOAD_MAX_BYTES / 1024 / 1024}MB`, 413);
        const refusing: ActionHandler<never> = {
          ...handler,
          check: () => {
            throw refusal;
          },
          run: async () => {
            throw refusal;
          },
        };
        req.body = fieldsBefore(part);
        const entry = { ...found.target, body: undefined };
        return runAction(app, req, reply, registry, entry, { ...tables, handlers: { [entry.handler]: refusing } }, found.params);
      }
      const { status, message } =
        err.code === 'FST_REQ_FILE_TOO_LARGE'
          ? { status: 413, message: `文件不能超过${UPLOAD_MAX_BYTES / 1024 / 1024}MB` }
          : requestErrorAnswer(err.statusCode);
      if (status >= 500) req.log.error({ err }, 'action error');
      else req.log.info({ err: err.message, code: err.code }, 'action request refused before it ran');
      const answer: ActionAnswer = { status, message };
      return reply.code(status).header('cache-control', 'no-store').send(answer);
    });
    scope.post('/-/*', { bodyLimit: 16_384 }, async function answerAction(req, reply) {
      const registry = app.registry.current;
      const found = registry.actions.match(pathOf(req.url));
      if (!found) {
        req.log.info({ url: req.url }, 'post to no declared action');
        return answerNoAction(reply);
      }
      return runAction(app, req, reply, registry, found.target, tables, found.params);
    });
  });
};

export default fp(actionsPlugin, {
  name: 'actions',
  fastify: '5.x',
  dependencies: ['portal-registry', 'portal-page-cache', 'shared-store'],
});
