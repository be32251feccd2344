import { cleanText } from '../lib/form-refusal.ts';
import {
  huidaHref,
  WENDA_ANSWER_MAX,
  WENDA_ANSWER_MIN,
  WENDA_CATEGORY_NAMES,
  WENDA_DETAIL_MAX,
  WENDA_TITLE_MAX,
  WENDA_TITLE_MIN,
  wendaHref,
} from '../lib/wenda.ts';
import { back, safeId as id, typedText } from './fields.ts';
import { BUSY } from './gates.ts';
import { type ActionContext, ActionRefusal, actionHandler } from './types.ts';

/**
 * The Q&A member actions (issue 15 part B; issue 33): ask a question, answer one, like an answer, under /-/wenda/*.
 * A plain form post goes to the question after a success, back to its form with the message and what was typed after
 * a refusal (the ask form: draft `ask`; the answer form of question N: draft `answer:N`, src/loaders/wenda.ts takes
 * them). Text is trimmed and checked here (what a person can fix) and again, strictly, by the gateway. Questions and
 * answers together count towards `site.rateLimits['wenda-post']` (5 a minute per member).
 */

const LABELS: Readonly<Record<string, string>> = {
  title: '问题标题',
  content: '内容',
  category: '问题分类',
  houseId: '楼盘',
  wendaId: '问题',
  answerId: '回答',
};

export const wendaBodies = {
  wendaAsk: {
    type: 'object',
    required: ['title'],
    additionalProperties: false,
    properties: {
      title: typedText(WENDA_TITLE_MAX, LABELS.title as string),
      content: typedText(WENDA_DETAIL_MAX, LABELS.content as string),
      category: { type: 'string', enum: WENDA_CATEGORY_NAMES, title: LABELS.category },
      houseId: { ...id, title: LABELS.houseId },
      back,
    },
  },
  wendaAnswer: {
    type: 'object',
    required: ['wendaId', 'content'],
    additionalProperties: false,
    properties: {
      wendaId: { ...id, title: LABELS.wendaId },
      content: typedText(WENDA_ANSWER_MAX, LABELS.content as string),
      back,
    },
  },
  wendaLike: {
    type: 'object',
    required: ['answerId'],
    additionalProperties: false,
    properties: { answerId: { ...id, title: LABELS.answerId }, wendaId: { ...id, title: LABELS.wendaId }, back },
  },
} as const;

const text = (value: unknown, field: string, min: number, max: number, multiline = true) =>
  cleanText(value, field, LABELS[field] ?? field, min, max, multiline);

/** A question id as posted (the form's hidden field), or null. */
const postedId = (value: unknown): string | null => {
  const s = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  return /^[1-9][0-9]{0,15}$/.test(s) ? s : null;
};

/** Where the form post returns: the page it names (or its referrer), else the question's page when it says which. */
function pageBack(ctx: ActionContext<unknown>, wendaId: unknown): string {
  const q = postedId(wendaId);
  return ctx.back === ctx.entry.back && q ? wendaHref(Number(q)) : ctx.back;
}

/** A gateway 400 names the field it refused when it can (`body/content must …`); other failures pass to the stage. */
async function gateway<T>(ctx: ActionContext<unknown>, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode !== 400) throw err;
    ctx.log.info({ err, action: ctx.entry.name }, 'action refused by the gateway');
    const m = /(?:body\/)?([A-Za-z]+)/.exec(err instanceof Error ? err.message : '');
    const field = m && LABELS[m[1] as string] ? (m[1] as string) : null;
    throw new ActionRefusal(field, field ? `${LABELS[field]}不正确` : '提交内容有误，请检查后重试', 400);
  }
}

/** The gateway saved nothing it can name: busy (logged, it is not the visitor's doing). */
function busy(ctx: ActionContext<unknown>): never {
  ctx.log.error({ action: ctx.entry.name }, 'wenda action: the gateway answered no record');
  throw new ActionRefusal(null, BUSY, 502);
}

const nickOf = (ctx: ActionContext<unknown>) => ctx.user?.nickName || '网友';

/** A question's page changed (an answer, a like): visitors see it at once, not after the cached copy expires. */
const forgetQuestion = (ctx: ActionContext<unknown>, wendaId: number) => ctx.invalidate('wenda.detail', { id: String(wendaId) });

const NOT_FOUND = '问题或回答不存在';

/** POST /-/wenda/ask {title, content?, category?, houseId?}: a member's question; goes to its page. */
const ask = actionHandler<{ title: string; content?: string; category?: string; houseId?: number }>({
  notFound: NOT_FOUND,
  draft: () => 'ask',
  // The ask page (with its `?houseId=` when the form named one); never another page.
  refusedTo: ({ back }) => (back.startsWith('/wenda/tiwen') ? back : '/wenda/tiwen'),
  check(b) {
    text(b.title, 'title', WENDA_TITLE_MIN, WENDA_TITLE_MAX, false);
    text(b.content, 'content', 0, WENDA_DETAIL_MAX);
  },
  async run(ctx) {
    const { api, call, body: b, city, memberId } = ctx;
    const content = text(b.content, 'content', 0, WENDA_DETAIL_MAX);
    const got = await gateway(
      ctx,
      api.info.ask(call, {
        cityId: city.cityId,
        userId: memberId,
        nickName: nickOf(ctx),
        title: text(b.title, 'title', WENDA_TITLE_MIN, WENDA_TITLE_MAX, false),
        content: content || undefined,
        category: b.category || '其他',
        houseId: b.houseId,
      }),
    );
    if (!got?.id) busy(ctx);
    const location = wendaHref(got.id);
    return { message: '问题已发布，等待专业经纪人和网友解答', obj: { ...got, location }, location };
  },
});

/** POST /-/wenda/answer {wendaId, content}: a member's answer to a question of this city; goes to it on the page. */
const answer = actionHandler<{ wendaId: number; content: string }>({
  notFound: NOT_FOUND,
  draft: (posted) => `answer:${postedId(posted.wendaId) ?? ''}`,
  refusedTo: (ctx) => {
    const q = postedId(ctx.posted.wendaId);
    return q ? huidaHref(Number(q)) : ctx.back;
  },
  check(b) {
    text(b.content, 'content', WENDA_ANSWER_MIN, WENDA_ANSWER_MAX);
  },
  async run(ctx) {
    const { api, call, body: b, memberId } = ctx;
    const question = await api.info.wenda(call, b.wendaId);
    if (!question || question.cityId !== ctx.city.cityId) throw new ActionRefusal('wendaId', '问题不存在', 404);
    const got = await gateway(
      ctx,
      api.info.answer(call, {
        wendaId: b.wendaId,
        userId: memberId,
        nickName: nickOf(ctx),
        content: text(b.content, 'content', WENDA_ANSWER_MIN, WENDA_ANSWER_MAX),
      }),
    );
    if (!got?.id) busy(ctx);
    forgetQuestion(ctx, b.wendaId);
    const location = `${wendaHref(b.wendaId)}#a${got.id}`;
    return { message: '回答已发布', obj: { ...got, location }, location };
  },
});

/** POST /-/wenda/like {answerId, wendaId?}: like an answer, once per member (a second like says so). */
const like = actionHandler<{ answerId: number; wendaId?: number }>({
  notFound: NOT_FOUND,
  // A button on the question's page: a refused plain post goes back to it.
  refusedTo: (ctx) => pageBack(ctx, ctx.posted.wendaId),
  async run(ctx) {
    const { api, call, body: b, memberId } = ctx;
    const got = await gateway(ctx, api.info.likeAnswer(call, b.answerId, memberId));
    if (!got) throw new ActionRefusal('answerId', '回答不存在', 404);
    if (got.added && b.wendaId) forgetQuestion(ctx, b.wendaId);
    const location = `${pageBack(ctx, b.wendaId)}#a${b.answerId}`;
    return { message: got.added ? '点赞成功' : '您已经赞过这个回答了', obj: { ...got, location }, location };
  },
});

export const wendaHandlers = { wendaAsk: ask, wendaAnswer: answer, wendaLike: like };
