import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { actionRefusal, requestErrorAnswer } from '../src/lib/action-messages.ts';
import {
  chatSettingsOf,
  EVALUATION_LABELS,
  EVALUATION_SAVED,
  EVALUATION_TEXT_MAX,
  evaluationDraft,
  isClockTime,
  NOT_LOGGED_IN,
  SETTINGS_DRAFT,
  SETTINGS_SAVED,
} from '../src/lib/chat-query.ts';
import { unreadTotal } from '../src/lib/chat-view.ts';
import { cleanText, FormRefusal } from '../src/lib/form-refusal.ts';
import { UPLOAD_MAX_BYTES } from '../src/lib/member-forms.ts';
import { isSameOriginPost } from '../src/lib/same-origin.ts';
import { memberOf, sendToLogin, wantsJson } from './member-actions.ts';

/**
 * The chat screens' own calls (issue 18) under /-/im/*, beside chat-core's /-/chat/* transport endpoints:
 * - POST /-/im/evaluate: rate an agent's service after a chat (1–5 stars, optional words), saved as a review of the
 *   agent through the gateway (api/yhdianping/adddianping), so it counts in the agent's rating;
 * - POST /-/im/settings: the member's chat notification and do-not-disturb settings, kept with their person
 *   information (console Personinformation/find and /save, SPEC 7.8);
 * - POST /-/im/upload: a photo for a chat message (already shrunk in the browser), stored by the gateway
 *   (POST /api/file/uploadImg, re-encoded);
 * - GET /-/im/unread: the member's unread total, for the header badge.
 * The two forms work as plain posts (303 back to their page with ?ok=1, or with the message and what was typed) and
 * answer JSON to fetch(). Cross-site posts are refused; a visitor is sent to log in.
 */

const PREFIX = '/-/im';
const id = { type: 'string', pattern: '^[1-9][0-9]{0,15}$' } as const;
const flag = { type: 'string', maxLength: 2 } as const;
const clock = { type: 'string', maxLength: 8 } as const;

const schemas = {
  evaluate: {
    type: 'object',
    additionalProperties: false,
    required: ['belongerId'],
    properties: {
      belongerId: id,
      score: { type: 'string', maxLength: 2 },
      content: { type: 'string', maxLength: EVALUATION_TEXT_MAX * 2 + 40 },
    },
  },
  settings: {
    type: 'object',
    additionalProperties: false,
    properties: {
      notify: flag,
      preview: flag,
      sound: flag,
      dnd: flag,
      dndFrom: clock,
      dndTo: clock,
      back: { type: 'string', maxLength: 200 },
    },
  },
} as const;
type FormName = keyof typeof schemas;

type Member = NonNullable<Awaited<ReturnType<typeof memberOf>>>;

const pageOf = (name: FormName, body: Record<string, unknown>) =>
  name === 'evaluate'
    ? `/im/session/serveEvaluation?belongerId=${typeof body.belongerId === 'string' && /^\d{1,16}$/.test(body.belongerId) ? body.belongerId : ''}`
    : '/city/ChatSettings';
const draftOf = (name: FormName, body: Record<string, unknown>) =>
  name === 'evaluate' ? evaluationDraft(Number(body.belongerId)) : SETTINGS_DRAFT;

function typedValues(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!body || typeof body !== 'object') return out;
  for (const [k, v] of Object.entries(body)) if (k !== 'back' && typeof v === 'string') out[k] = v.slice(0, 1000);
  return out;
}

function gatewayRefusal(err: unknown): FormRefusal {
  const status = (err as { statusCode?: number }).statusCode ?? 502;
  if (status === 404) return new FormRefusal(null, '经纪人不存在', 404);
  if (status === 409) return new FormRefusal(null, err instanceof Error && err.message ? err.message : '您已评价过该经纪人', 409);
  if (status === 400) return new FormRefusal(null, '提交内容有误，请检查后重试', 400);
  return new FormRefusal(null, '服务繁忙，请稍后再试', 502);
}

const imActions: FastifyPluginAsync = async (app) => {
  await app.register(async function imRoutes(scope) {
    await scope.register(formbody, { bodyLimit: 16_384 });
    await scope.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
    scope.removeContentTypeParser('text/plain');
    scope.addHook('onSend', async function neverStoreImAnswers(_req, reply) {
      reply.header('cache-control', 'no-store');
    });
    scope.setErrorHandler(async function answerImError(err: FastifyError, req, reply) {
      const tooLarge = err.statusCode === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE';
      const answer = tooLarge
        ? { status: 413, message: `图片不能超过${UPLOAD_MAX_BYTES / 1024 / 1024}MB` }
        : requestErrorAnswer(err.statusCode);
      if (answer.status >= 500) req.log.error({ err }, 'chat screen action error');
      else req.log.info({ err: err.message }, 'chat screen action refused');
      return reply.code(answer.status).send({ status: answer.status, message: answer.message });
    });
    const call = (req: FastifyRequest) => ({ reqId: req.id, log: req.log });

    const refuse = (req: FastifyRequest, reply: FastifyReply, name: FormName, member: Member, r: FormRefusal) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (wantsJson(req)) return reply.code(r.status).send({ status: r.status, message: r.message, field: r.field });
      app.formDrafts.keep(req, reply, {
        form: draftOf(name, body),
        memberId: member.memberId,
        message: r.message,
        field: r.field,
        values: typedValues(body),
      });
      return reply.redirect(pageOf(name, body), 303);
    };

    const form = (
      name: FormName,
      run: (req: FastifyRequest, m: Member, b: Record<string, unknown>) => Promise<{ message: string; location: string }>,
    ) =>
      scope.post(`${PREFIX}/${name}`, { schema: { body: schemas[name] }, attachValidation: true }, async (req, reply) => {
        if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body)) req.body = {};
        if (!isSameOriginPost(req.headers, req.host)) {
          const refusal = actionRefusal('ACTION_FOREIGN_ORIGIN');
          return reply.code(refusal.status).send(refusal);
        }
        const body = req.body as Record<string, unknown>;
        const member = await memberOf(req, reply);
        if (!member) return sendToLogin(req, reply, pageOf(name, body));
        if (req.validationError) {
          req.log.info({ action: name, validation: req.validationError.message }, 'chat screen action refused');
          return refuse(req, reply, name, member, new FormRefusal(null, '提交内容有误，请检查后重试'));
        }
        let done: { message: string; location: string };
        try {
          done = await run(req, member, body);
        } catch (err) {
          const refusal = err instanceof FormRefusal ? err : gatewayRefusal(err);
          if (refusal.status >= 500) req.log.error({ err, action: name }, 'chat screen action failed');
          else req.log.info({ action: name, reason: refusal.message }, 'chat screen action refused');
          return refuse(req, reply, name, member, refusal);
        }
        if (wantsJson(req)) return { status: 200, message: done.message, obj: { location: done.location } };
        return reply.redirect(done.location, 303);
      });

    form('evaluate', async (req, m, b) => {
      const score = typeof b.score === 'string' && /^[1-5]$/.test(b.score) ? Number(b.score) : 0;
      if (!score) throw new FormRefusal('score', '请为经纪人的服务打分（1-5星）');
      const words = cleanText(b.content, 'content', '评价内容', 0, EVALUATION_TEXT_MAX, true);
      const belongerId = Number(b.belongerId);
      const agent = await app.api.belonger.find(call(req), belongerId);
      if (!agent) throw new FormRefusal(null, '经纪人不存在', 404);
      await app.api.belonger.addDianping(call(req), {
        belongerId,
        cityId: agent.cityId,
        memberId: m.memberId,
        nickName: m.user.nickName || undefined,
        headUrl: m.user.headUrl || undefined,
        score,
        // Without words, the review says what the stars say (the gateway requires content).
        content: words || `在线咨询服务${EVALUATION_LABELS[score - 1]}`,
      });
      return { message: EVALUATION_SAVED, location: `/im/session/serveEvaluation?belongerId=${belongerId}&ok=1` };
    });

    form('settings', async (req, m, b) => {
      const on = (k: string) => b[k] === '1' || b[k] === 'on';
      const from = typeof b.dndFrom === 'string' ? b.dndFrom.slice(0, 5) : '';
      const to = typeof b.dndTo === 'string' ? b.dndTo.slice(0, 5) : '';
      if (!isClockTime(from)) throw new FormRefusal('dndFrom', '请填写正确的免打扰开始时间');
      if (!isClockTime(to)) throw new FormRefusal('dndTo', '请填写正确的免打扰结束时间');
      const settings = chatSettingsOf({
        notify: on('notify'),
        preview: on('preview'),
        sound: on('sound'),
        dnd: on('dnd'),
        dndFrom: from,
        dndTo: to,
      });
      // Person information is saved whole: keep what else the member has there.
      const info = ((await app.api.user.personFind(call(req), m.memberId)) ?? {}) as Record<string, unknown>;
      const { updatedAt: _updated, ...rest } = info;
      await app.api.user.personSave(call(req), { ...rest, memberId: m.memberId, chatSettings: settings });
      return { message: SETTINGS_SAVED, location: '/city/ChatSettings?ok=1' };
    });

    scope.post(`${PREFIX}/upload`, async (req, reply) => {
      if (!isSameOriginPost(req.headers, req.host)) {
        const refusal = actionRefusal('ACTION_FOREIGN_ORIGIN');
        return reply.code(refusal.status).send(refusal);
      }
      const member = await memberOf(req, reply);
      if (!member) return reply.code(401).send({ status: 401, message: NOT_LOGGED_IN });
      if (!req.isMultipart()) return reply.code(400).send({ status: 400, message: '请选择图片' });
      const part = await req.file();
      if (!part) return reply.code(400).send({ status: 400, message: '请选择图片' });
      const data = await part.toBuffer();
      if (data.length === 0) return reply.code(400).send({ status: 400, message: '请选择图片' });
      try {
        const up = await app.api.user.uploadImg(
          call(req),
          { data, filename: 'chat', mime: part.mimetype || 'application/octet-stream' },
          'screenshot',
        );
        if (!up?.url) return reply.code(502).send({ status: 502, message: '上传失败，请重试' });
        return { status: 200, message: '上传成功', obj: { url: up.url } };
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode === 400 ? 400 : 502;
        req.log.info({ err: (err as Error).message, status }, 'chat upload refused');
        return reply.code(status).send({ status, message: status === 400 ? '只支持 JPG、PNG、WebP 图片' : '上传失败，请重试' });
      }
    });

    scope.get(`${PREFIX}/unread`, async (req, reply) => {
      const member = await memberOf(req, reply);
      if (!member) return reply.code(401).send({ status: 401, message: NOT_LOGGED_IN });
      const sessions = (await app.api.chat.sessions(call(req), member.memberId)) as Array<{ unread?: number }>;
      return { status: 200, message: 'ok', obj: { total: unreadTotal(sessions.map((s) => ({ unread: s.unread ?? 0 }))) } };
    });
  });
};

export default fp(imActions, { name: 'im-actions', fastify: '5.x', dependencies: ['member-forms'] });
