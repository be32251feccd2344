import { COMMENT_DRAFT_FORM, COMMENT_MAX, COMMENT_MIN } from '../lib/article-sections.ts';
import { charCount, hasControlChars } from '../lib/member-forms.ts';
import { back, rowId as id } from './fields.ts';
import { withQuery } from './run-action.ts';
import { type ActionContext, ActionRefusal, actionHandler } from './types.ts';

/**
 * The article actions (issue 15; SPEC 7.10): like an article, collect it, follow its source account, comment, like a
 * comment, delete one's own comment. Comments: 2 to 500 characters once trimmed, and at most `site.rateLimits.comment`.
 */

const op = { type: 'string', enum: ['add', 'remove'], default: 'add', title: '操作' } as const;

export const infoBodies = {
  infoDoc: {
    type: 'object',
    required: ['infoDocId'],
    additionalProperties: false,
    properties: { infoDocId: { ...id, title: '文章' }, op, back },
  },
  infoFollow: {
    type: 'object',
    required: ['accountId'],
    additionalProperties: false,
    properties: { accountId: { ...id, title: '账号' }, op, back },
  },
  infoComment: {
    type: 'object',
    required: ['infoCommentId'],
    additionalProperties: false,
    properties: { infoCommentId: { ...id, title: '评论' }, op, back },
  },
  /** The length rule is checked on the trimmed text by the handler; the schema only bounds the raw body. */
  infoCommentNew: {
    type: 'object',
    required: ['infoDocId', 'content'],
    additionalProperties: false,
    properties: {
      infoDocId: { ...id, title: '文章' },
      content: { type: 'string', maxLength: COMMENT_MAX * 2, title: '评论内容', errorMessage: { maxLength: `评论最多${COMMENT_MAX}个字` } },
      back,
    },
    errorMessage: { required: { content: `评论至少${COMMENT_MIN}个字` } },
  },
} as const;

export const COMMENT_TOO_SHORT = `评论至少${COMMENT_MIN}个字`;
export const COMMENT_TOO_LONG = `评论最多${COMMENT_MAX}个字`;
export const COMMENT_BAD_CHARS = '评论含有不支持的字符';

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

/**
 * An article's counts changed (a like, a comment): visitors see the change at once instead of the cached copy. The
 * article is a news or a guide page, by its id or its details twin, and has its comments page.
 */
function forgetArticle(ctx: ActionContext<unknown>, infoDocId: number) {
  const id = String(infoDocId);
  for (const entry of ['zixun.detail', 'daogou.detail', 'zixunpinglun']) ctx.invalidate(entry, { id });
}

type DocOp = { infoDocId: number; op: 'add' | 'remove' };
type CommentOp = { infoCommentId: number; op: 'add' | 'remove' };

/** POST /-/info/like {infoDocId, op}: like (or unlike) an article; the gateway keys likes by member. */
const like = actionHandler<DocOp>({
  notFound: '文章不存在',
  async run(ctx) {
    const { api, call, body: b, memberId, back } = ctx;
    const res = await api.info.likeDoc(call, b.infoDocId, memberId, b.op === 'remove' ? -1 : 1);
    if (!res) throw new ActionRefusal(null, '文章不存在', 404);
    forgetArticle(ctx, b.infoDocId);
    return {
      message: b.op === 'remove' ? '已取消点赞' : '点赞成功',
      obj: { liked: b.op !== 'remove', fabulousNum: res.fabulousNum },
      location: withQuery(back, 'notice', b.op === 'remove' ? 'unliked' : 'liked'),
    };
  },
});

/** POST /-/info/collect {infoDocId, op}: collect an article (insertInfoDocCollect) or remove it (removeInfoDocCollect). */
const collect = actionHandler<DocOp>({
  notFound: '文章不存在',
  async run({ api, call, body: b, memberId, back }) {
    if (b.op === 'remove') await api.info.uncollectDoc(call, b.infoDocId, memberId);
    else await api.info.collectDoc(call, b.infoDocId, memberId);
    return {
      message: b.op === 'remove' ? '已取消收藏' : '已收藏',
      obj: { collected: b.op !== 'remove' },
      location: withQuery(back, 'notice', b.op === 'remove' ? 'uncollected' : 'collected'),
    };
  },
});

/** POST /-/info/follow {accountId, op}: follow a source account (xhaccount/follow) or stop (follow/cancel). */
const follow = actionHandler<{ accountId: number; op: 'add' | 'remove' }>({
  notFound: '账号不存在',
  async run({ api, call, body: b, memberId, back }) {
    if (b.op === 'remove') await api.info.unfollow(call, b.accountId, memberId);
    else await api.info.follow(call, b.accountId, memberId);
    const following = await api.info.isFollow(call, b.accountId, memberId);
    return {
      message: following ? '已关注' : '已取消关注',
      obj: { following },
      location: withQuery(back, 'notice', following ? 'followed' : 'unfollowed'),
    };
  },
});

/** POST /-/info/comment {infoDocId, content}: a member's comment; a refused plain post keeps the text for the form. */
const comment = actionHandler<{ infoDocId: number; content: string }>({
  notFound: '文章不存在',
  draft: () => COMMENT_DRAFT_FORM,
  refusedTo: ({ back }) => `${back}#comment-form`,
  check(b) {
    const problem = commentProblem(b.content);
    if (problem) throw new ActionRefusal('content', problem);
  },
  async run(ctx) {
    const { api, call, body: b, memberId, user, back } = ctx;
    const saved = await api.info.insertComment(call, {
      infoDocId: b.infoDocId,
      userId: memberId,
      nickName: user?.nickName ? user.nickName.slice(0, 30) : undefined,
      headUrl: user?.headUrl && user.headUrl.length <= 300 ? user.headUrl : undefined,
      content: b.content.trim(),
    });
    forgetArticle(ctx, b.infoDocId);
    return { message: '评论已发表', obj: saved, location: `${withQuery(back, 'notice', 'commented')}#comments` };
  },
});

/** POST /-/info/comment/like {infoCommentId, op}: like (or unlike) a comment, once per member. */
const commentLike = actionHandler<CommentOp>({
  notFound: '评论不存在',
  async run({ api, call, body: b, memberId, back }) {
    const res = await api.info.likeComment(call, b.infoCommentId, memberId, b.op === 'remove' ? -1 : 1);
    if (!res) throw new ActionRefusal(null, '评论不存在', 404);
    return {
      message: b.op === 'remove' ? '已取消点赞' : '点赞成功',
      obj: { liked: b.op !== 'remove', fabulousNum: res.fabulousNum },
      location: `${withQuery(back, 'notice', 'liked')}#c${b.infoCommentId}`,
    };
  },
});

/** POST /-/info/comment/delete {infoCommentId}: the member's own comment only (the gateway checks the owner: 403). */
const commentDelete = actionHandler<CommentOp>({
  notFound: '评论不存在',
  async run({ api, call, body: b, memberId, back }) {
    try {
      await api.info.deleteComment(call, b.infoCommentId, memberId);
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 403) throw new ActionRefusal(null, '只能删除自己的评论', 403);
      throw err;
    }
    return { message: '评论已删除', obj: { deleted: true }, location: `${withQuery(back, 'notice', 'deleted')}#comments` };
  },
});

export const infoHandlers = {
  infoLike: like,
  infoCollect: collect,
  infoFollow: follow,
  infoComment: comment,
  infoCommentLike: commentLike,
  infoCommentDelete: commentDelete,
};
