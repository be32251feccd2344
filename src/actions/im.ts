import {
  chatSettingsOf,
  EVALUATION_LABELS,
  EVALUATION_SAVED,
  EVALUATION_TEXT_MAX,
  evaluationDraft,
  isClockTime,
  SETTINGS_DRAFT,
  SETTINGS_SAVED,
} from '../lib/chat-query.ts';
import { cleanText } from '../lib/form-refusal.ts';
import { RETURN_PATH_MAX } from '../lib/return-url.ts';
import { ActionRefusal, actionHandler } from './types.ts';

/**
 * The chat screens' two forms (issue 18), beside the chat endpoints of plugins/chat.ts (/-/chat/*):
 * - POST /-/im/evaluate: rate an agent's service after a chat (1–5 stars, optional words), saved as a review of the
 *   agent through the gateway (api/yhdianping/adddianping), so it counts in the agent's rating (and in the member's
 *   `review` limit, with the other reviews);
 * - POST /-/im/settings: the member's chat notification and do-not-disturb settings, kept with their person
 *   information (console Personinformation/find and /save, SPEC 7.8).
 * A refused plain post goes back to the form's page with the message and what was typed (the drafts the loaders of
 * src/loaders/im.ts take: `im-evaluate:<belongerId>`, `im-settings`).
 */

const ID = /^[1-9][0-9]{0,15}$/;
const flag = { type: 'string', maxLength: 2 } as const;
const clock = { type: 'string', maxLength: 8 } as const;
const SCORE_MISSING = '请为经纪人的服务打分（1-5星）';
const NO_AGENT = '经纪人不存在';

export const imBodies = {
  imEvaluate: {
    type: 'object',
    additionalProperties: false,
    required: ['belongerId', 'score'],
    properties: {
      belongerId: { type: 'string', pattern: ID.source, title: '经纪人', errorMessage: NO_AGENT },
      score: { type: 'string', pattern: '^[1-5]$', title: '评分', errorMessage: SCORE_MISSING },
      content: {
        type: 'string',
        maxLength: EVALUATION_TEXT_MAX * 2 + 40,
        title: '评价内容',
        errorMessage: { maxLength: `评价内容不能超过${EVALUATION_TEXT_MAX}个字` },
      },
      back: { type: 'string', maxLength: RETURN_PATH_MAX, title: '返回地址' },
    },
    errorMessage: { required: { belongerId: NO_AGENT, score: SCORE_MISSING } },
  },
  imSettings: {
    type: 'object',
    additionalProperties: false,
    properties: {
      notify: { ...flag, title: '新消息通知' },
      preview: { ...flag, title: '消息预览' },
      sound: { ...flag, title: '提示音' },
      dnd: { ...flag, title: '免打扰' },
      dndFrom: { ...clock, title: '免打扰开始时间' },
      dndTo: { ...clock, title: '免打扰结束时间' },
      back: { type: 'string', maxLength: RETURN_PATH_MAX, title: '返回地址' },
    },
  },
} as const;

type Evaluation = { belongerId: string; score: string; content?: string };
type Settings = Partial<Record<'notify' | 'preview' | 'sound' | 'dnd' | 'dndFrom' | 'dndTo', string>>;

/** The agent id as posted, when it is one ('' otherwise). */
function postedAgent(posted: Readonly<Record<string, unknown>>): string {
  const raw = posted.belongerId;
  const s = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  return ID.test(s) ? s : '';
}

/** The rating page of the agent as posted (without an agent id, that page is the 404 screen). */
const evaluationPage = (posted: Readonly<Record<string, unknown>>) => `/im/session/serveEvaluation?belongerId=${postedAgent(posted)}`;

const evaluationWords = (b: Evaluation) => cleanText(b.content, 'content', '评价内容', 0, EVALUATION_TEXT_MAX, true);

/** POST /-/im/evaluate {belongerId, score, content?}: the member's rating of an agent after a chat. */
const imEvaluate = actionHandler<Evaluation>({
  notFound: NO_AGENT,
  draft: (posted) => evaluationDraft(Number(postedAgent(posted))),
  refusedTo: (ctx) => evaluationPage(ctx.posted),
  check(b) {
    evaluationWords(b);
  },
  async run({ api, call, body: b, memberId, user, log }) {
    const score = Number(b.score);
    const belongerId = Number(b.belongerId);
    const agent = await api.belonger.find(call, belongerId);
    if (!agent) throw new ActionRefusal(null, NO_AGENT, 404);
    try {
      await api.belonger.addDianping(call, {
        belongerId,
        cityId: agent.cityId,
        memberId,
        nickName: user?.nickName || undefined,
        headUrl: user?.headUrl || undefined,
        score,
        // Without words, the review says what the stars say (the gateway requires content).
        content: evaluationWords(b) || `在线咨询服务${EVALUATION_LABELS[score - 1]}`,
      });
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 409 && !/[\u4e00-\u9fff]/.test((err as Error).message ?? '')) {
        log.info({ err }, 'action refused by the gateway');
        throw new ActionRefusal(null, '您已评价过该经纪人', 409);
      }
      throw err;
    }
    const location = `/im/session/serveEvaluation?belongerId=${belongerId}&ok=1`;
    return { message: EVALUATION_SAVED, obj: { location }, location };
  },
});

const clockOf = (v: string | undefined) => (v ?? '').slice(0, 5);

/** POST /-/im/settings: the member's chat notification and quiet-hours settings (kept whole with their person info). */
const imSettings = actionHandler<Settings>({
  draft: () => SETTINGS_DRAFT,
  refusedTo: () => '/city/ChatSettings',
  check(b) {
    if (!isClockTime(clockOf(b.dndFrom))) throw new ActionRefusal('dndFrom', '请填写正确的免打扰开始时间');
    if (!isClockTime(clockOf(b.dndTo))) throw new ActionRefusal('dndTo', '请填写正确的免打扰结束时间');
  },
  async run({ api, call, body: b, memberId }) {
    const on = (k: keyof Settings) => b[k] === '1' || b[k] === 'on';
    const settings = chatSettingsOf({
      notify: on('notify'),
      preview: on('preview'),
      sound: on('sound'),
      dnd: on('dnd'),
      dndFrom: clockOf(b.dndFrom),
      dndTo: clockOf(b.dndTo),
    });
    // Person information is saved whole: keep what else the member has there.
    const info = ((await api.user.personFind(call, memberId)) ?? {}) as Record<string, unknown>;
    const { updatedAt: _updated, ...rest } = info;
    await api.user.personSave(call, { ...rest, memberId, chatSettings: settings });
    const location = '/city/ChatSettings?ok=1';
    return { message: SETTINGS_SAVED, obj: { location }, location };
  },
});

export const imHandlers = { imEvaluate, imSettings };
