import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { actionErrors, errors } from '../src/errors.ts';
import { gatewayErrorAnswer, invalidBodyMessage, requestErrorAnswer } from '../src/lib/action-messages.ts';
import { COMMENT_DRAFT_FORM, COMMENT_MAX, COMMENT_MIN, COMMENTS_PER_MINUTE } from '../src/lib/article-sections.ts';
import { charCount, hasControlChars } from '../src/lib/member-forms.ts';
import { RETURN_PATH_MAX } from '../src/lib/return-url.ts';
import { pageCacheKey } from '../src/page-cache.ts';
import { handleError } from '../src/pipeline/handle.tsx';
import { beginMemberPost, wantsJson, withQuery } from './member-actions.ts';

/**
 * The article actions (issue 15; SPEC 7.10): like an article, collect it, follow its source account, comment, like a
 * comment, delete one's own comment. Same rules as plugins/member-actions.ts: the member comes ONLY from the signed
 * login cookie (resolveMember), a post from another origin is refused, a visitor goes to /login?bUrl=<the page>
 * (401 with `login` for fetch, 303 for a plain form), a member's plain form post goes back to the page (303), fetch
 * gets JSON. Comments: 2 to 500 characters once trimmed, at most 5 a minute per member (429). Encapsulated: its body
 * parser, rate limiter and error handler apply to these routes only.
 */

const PREFIX = '/-/info';
const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
const back = { type: 'string', maxLength: RETURN_PATH_MAX } as const;
const op = { type: 'string', enum: ['add', 'remove'], default: 'add' } as const;

const docOpSchema = {
  type: 'object',
  required: ['infoDocId'],
  additionalProperties: false,
  properties: { infoDocId: id, op, back },
} as const;
const followSchema = {
  type: 'object',
  required: ['accountId'],
  additionalProperties: false,
  properties: { accountId: id, op, back },
} as const;
const commentOpSchema = {
  type: 'object',
  required: ['infoCommentId'],
  additionalProperties: false,
  properties: { infoCommentId: id, op, back },
} as const;
/** The length rule is checked on the trimmed text below; the schema only bounds the raw body. */
const commentSchema = {
  type: 'object',
  required: ['infoDocId', 'content'],
  additionalProperties: false,
  properties: { infoDocId: id, content: { type: 'string', maxLength: COMMENT_MAX * 2 }, back },
} as const;

export const COMMENT_TOO_SHORT = `评论至少${COMMENT_MIN}个字`;
export const COMMENT_TOO_LONG = `评论最多${COMMENT_MAX}个字`;
export const COMMENT_BAD_CHARS = '评论含有不支持的字符';
export const COMMENT_TOO_MANY = `评论太频繁了，每分钟最多发表${COMMENTS_PER_MINUTE}条，请稍后再试`;
/**
 * Why a comment text is refused, or null: trimmed length 2..500 (by characters, not UTF-16 units), no control or
 * bidi-override characters (the one rule of typed text, src/lib/member-forms.ts).
 */
export function commentProblem(raw: string): string | null {
  const text = raw.trim();
  if (hasControlChars(text)) return COMMENT_BAD_CHARS;
  const n = charCount(text);
  if (n < COMMENT_MIN) return COMMENT_TOO_SHORT;
  if (n > COMMENT_MAX) return COMMENT_TOO_LONG;
  return null;
}

const infoActions: FastifyPluginAsync = async (app) => {
  /**
   * An article's counts changed (a like, a comment): visitors see the change at once instead of the cached copy of up to
   * two minutes. The article may be a news or a guide page, by its id or its details twin, and has its comments page.
   */
  const forgetArticle = (req: FastifyRequest, infoDocId: number) => {
    const cityId = req.city?.cityId ?? 1;
    const id = String(infoDocId);
    for (const kind of ['mobile', 'pc'] as const) {
      for (const section of ['zixun', 'daogou']) {
        app.pageCache.forget(pageCacheKey(kind, cityId, `/${section}/${id}.html`, {}));
        app.pageCache.forget(pageCacheKey(kind, cityId, `/${section}/details`, { id }));
      }
      app.pageCache.forget(pageCacheKey(kind, cityId, `/zixunpinglun/${id}`, {}));
    }
  };

  await app.register(formbody, { bodyLimit: 16_384 });
  app.removeContentTypeParser('text/plain');
  await app.register(rateLimit, { global: false });
  const commentLimit = app.createRateLimit({
    max: COMMENTS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (req) => `info-comment|${(req as FastifyRequest & { infoMember?: string }).infoMember ?? req.ip}`,
  });

  app.addHook('onSend', async function neverStoreInfoActions(_req, reply) {
    reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler(function answerInfoActionError(err: FastifyError, req, reply) {
    if (err.validation) {
      req.log.info({ validation: err.message }, 'info action body refused');
      const status = actionErrors.ACTION_INVALID_BODY.statusCode;
      return reply.code(status).send({ status, message: invalidBodyMessage(err.validation[0]) });
    }
    const answer = requestErrorAnswer(err.statusCode);
    if (answer.status === 500) req.log.error({ err }, 'info action error');
    else req.log.info({ err }, 'info action request refused');
    return reply.code(answer.status).send(answer);
  });

  /** Origin, member, return path (member-actions' front half); null when the reply has been sent. */
  async function begin(req: FastifyRequest, reply: FastifyReply) {
    const ctx = await beginMemberPost(req, reply, '/zixun/', (r, rep, err) => failed(r, rep, err));
    return ctx && { ...ctx, call: { reqId: req.id, log: req.log } };
  }

  function failed(req: FastifyRequest, reply: FastifyReply, err: unknown, notFound = '内容不存在或已删除') {
    const answer = gatewayErrorAnswer((err as { statusCode?: number }).statusCode, notFound);
    if (answer.refused) req.log.warn({ err }, 'info action refused by the gateway');
    else req.log.error({ err }, 'info action failed');
    return reply.code(answer.status).send({ status: answer.status, message: answer.message });
  }

  /** The answer of a done action: JSON for fetch, else back to the page (at `anchor`). */
  const done = (req: FastifyRequest, reply: FastifyReply, backPath: string, obj: unknown, notice: string, anchor = '') =>
    wantsJson(req) ? { status: 200, obj } : reply.redirect(`${withQuery(backPath, 'notice', notice)}${anchor}`, 303);

  /** POST /-/info/like {infoDocId, op}: like (or unlike) an article; the gateway keys likes by member. */
  app.post(`${PREFIX}/like`, { schema: { body: docOpSchema } }, async (req, reply) => {
    const b = req.body as { infoDocId: number; op: 'add' | 'remove' };
    const ctx = await begin(req, reply);
    if (!ctx) return reply;
    try {
      const res = await app.api.info.likeDoc(ctx.call, b.infoDocId, ctx.memberId, b.op === 'remove' ? -1 : 1);
      if (!res) return failed(req, reply, { statusCode: 404 }, '文章不存在');
      forgetArticle(req, b.infoDocId);
      return done(
        req,
        reply,
        ctx.backPath,
        { liked: b.op !== 'remove', fabulousNum: res.fabulousNum },
        b.op === 'remove' ? 'unliked' : 'liked',
      );
    } catch (err) {
      return failed(req, reply, err, '文章不存在');
    }
  });

  /** POST /-/info/collect {infoDocId, op}: collect an article (insertInfoDocCollect) or remove it (removeInfoDocCollect). */
  app.post(`${PREFIX}/collect`, { schema: { body: docOpSchema } }, async (req, reply) => {
    const b = req.body as { infoDocId: number; op: 'add' | 'remove' };
    const ctx = await begin(req, reply);
    if (!ctx) return reply;
    try {
      if (b.op === 'remove') await app.api.info.uncollectDoc(ctx.call, b.infoDocId, ctx.memberId);
      else await app.api.info.collectDoc(ctx.call, b.infoDocId, ctx.memberId);
      return done(req, reply, ctx.backPath, { collected: b.op !== 'remove' }, b.op === 'remove' ? 'uncollected' : 'collected');
    } catch (err) {
      return failed(req, reply, err, '文章不存在');
    }
  });

  /** POST /-/info/follow {accountId, op}: follow a source account (xhaccount/follow) or stop (follow/cancel). */
  app.post(`${PREFIX}/follow`, { schema: { body: followSchema } }, async (req, reply) => {
    const b = req.body as { accountId: number; op: 'add' | 'remove' };
    const ctx = await begin(req, reply);
    if (!ctx) return reply;
    try {
      if (b.op === 'remove') await app.api.info.unfollow(ctx.call, b.accountId, ctx.memberId);
      else await app.api.info.follow(ctx.call, b.accountId, ctx.memberId);
      const following = await app.api.info.isFollow(ctx.call, b.accountId, ctx.memberId);
      return done(req, reply, ctx.backPath, { following }, following ? 'followed' : 'unfollowed');
    } catch (err) {
      return failed(req, reply, err, '账号不存在');
    }
  });

  /** POST /-/info/comment {infoDocId, content}: a member's comment, 2..500 characters trimmed, 5 a minute at most. */
  app.post(`${PREFIX}/comment`, { schema: { body: commentSchema } }, async (req, reply) => {
    const b = req.body as { infoDocId: number; content: string };
    const ctx = await begin(req, reply);
    if (!ctx) return reply;
    const problem = commentProblem(b.content);
    if (problem) {
      req.log.info({ infoDocId: b.infoDocId }, 'comment refused');
      if (wantsJson(req)) return reply.code(400).send({ status: 400, message: problem });
      // A plain form post goes back to the page, which shows the message and the text as it was typed.
      app.formDrafts.keep(req, reply, {
        form: COMMENT_DRAFT_FORM,
        memberId: ctx.memberId,
        message: problem,
        field: 'content',
        values: { content: b.content.slice(0, COMMENT_MAX * 2) },
      });
      return reply.redirect(`${ctx.backPath}#comment-form`, 303);
    }
    (req as FastifyRequest & { infoMember?: string }).infoMember = ctx.memberId;
    const limit = await commentLimit(req);
    if (limit.isExceeded) {
      req.log.warn({ infoDocId: b.infoDocId }, 'comments rate-limited');
      reply.header('retry-after', String(Math.max(1, limit.ttlInSeconds)));
      if (wantsJson(req)) return reply.code(429).send({ status: 429, message: COMMENT_TOO_MANY });
      return handleError(errors.tooManyRequests(COMMENT_TOO_MANY), req, reply);
    }
    try {
      const saved = await app.api.info.insertComment(ctx.call, {
        infoDocId: b.infoDocId,
        userId: ctx.memberId,
        nickName: ctx.user.nickName ? ctx.user.nickName.slice(0, 30) : undefined,
        headUrl: ctx.user.headUrl && ctx.user.headUrl.length <= 300 ? ctx.user.headUrl : undefined,
        content: b.content.trim(),
      });
      forgetArticle(req, b.infoDocId);
      return done(req, reply, ctx.backPath, saved, 'commented', '#comments');
    } catch (err) {
      return failed(req, reply, err, '文章不存在');
    }
  });

  /** POST /-/info/comment/like {infoCommentId, op}: like (or unlike) a comment, once per member. */
  app.post(`${PREFIX}/comment/like`, { schema: { body: commentOpSchema } }, async (req, reply) => {
    const b = req.body as { infoCommentId: number; op: 'add' | 'remove' };
    const ctx = await begin(req, reply);
    if (!ctx) return reply;
    try {
      const res = await app.api.info.likeComment(ctx.call, b.infoCommentId, ctx.memberId, b.op === 'remove' ? -1 : 1);
      if (!res) return failed(req, reply, { statusCode: 404 }, '评论不存在');
      return done(req, reply, ctx.backPath, { liked: b.op !== 'remove', fabulousNum: res.fabulousNum }, 'liked', `#c${b.infoCommentId}`);
    } catch (err) {
      return failed(req, reply, err, '评论不存在');
    }
  });

  /** POST /-/info/comment/delete {infoCommentId}: the member's own comment only (the gateway checks the owner: 403). */
  app.post(`${PREFIX}/comment/delete`, { schema: { body: commentOpSchema } }, async (req, reply) => {
    const b = req.body as { infoCommentId: number };
    const ctx = await begin(req, reply);
    if (!ctx) return reply;
    try {
      await app.api.info.deleteComment(ctx.call, b.infoCommentId, ctx.memberId);
      return done(req, reply, ctx.backPath, { deleted: true }, 'deleted', '#comments');
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 403) return reply.code(403).send({ status: 403, message: '只能删除自己的评论' });
      return failed(req, reply, err, '评论不存在');
    }
  });
};

export default infoActions;
