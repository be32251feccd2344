import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { actionRefusal } from '../src/lib/action-messages.ts';
import {
  chatSettingsOf,
  EVALUATION_LABELS,
  EVALUATION_SAVED,
  EVALUATION_TEXT_MAX,
  evaluationDraft,
  isClockTime,
  SETTINGS_DRAFT,
  SETTINGS_SAVED,
} from '../src/lib/chat-query.ts';
import { cleanText, FormRefusal } from '../src/lib/form-refusal.ts';
import { isSameOriginPost } from '../src/lib/same-origin.ts';
import { formScope } from './form-scope.ts';
import { memberOf, sendToLogin, wantsJson } from './member-actions.ts';

/**
 * The chat screens' two forms (issue 18) under /-/im/*, beside the chat endpoints of plugins/chat.ts (/-/chat/*):
 * - POST /-/im/evaluate: rate an agent's service after a chat (1–5 stars, optional words), saved as a review of the
 *   agent through the gateway (api/yhdianping/adddianping), so it counts in the agent's rating;
 * - POST /-/im/settings: the member's chat notification and do-not-disturb settings, kept with their person
 *   information (console Personinformation/find and /save, SPEC 7.8);
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
    await formScope(scope, { what: 'chat screen action' });
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
  });
};

export default fp(imActions, { name: 'im-actions', fastify: '5.x', dependencies: ['member-forms'] });
