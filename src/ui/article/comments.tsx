import { type FormEvent, useEffect, useState } from 'react';
import type { InfoComment } from '../../contracts/gateway/info.ts';
import type { CommentDraft } from '../../contracts/page-data/zixun.ts';
import { COMMENT_MAX, COMMENT_MIN } from '../../lib/article-sections.ts';
import { isMember } from '../../stores/app-state.ts';
import { useAppState } from '../../stores/context.tsx';
import { loginHref, useBackPath } from '../detail/links.ts';
import { showToast } from '../detail/toast.ts';
import { LazyImage } from '../LazyImage.tsx';
import { postInfoAction } from './actions.tsx';
import { ThumbIcon } from './icons.tsx';

/** Where a visitor's unsent comment waits while they log in (this tab only), per article. */
const draftKey = (infoDocId: number) => `zixun-comment:${infoDocId}`;

/** A comment's text, checked as the server checks it: trimmed, 2 to 500 characters. */
export function commentLengthProblem(text: string): string | null {
  const n = [...text.trim()].length;
  if (n < COMMENT_MIN) return `评论至少${COMMENT_MIN}个字`;
  if (n > COMMENT_MAX) return `评论最多${COMMENT_MAX}个字`;
  return null;
}

/**
 * The comment form: a plain form post to /-/info/comment (a visitor is sent to log in); with JavaScript a visitor's
 * text is kept in sessionStorage and put back after login, and a member's comment is posted by fetch and shown at once.
 */
export function CommentForm({
  infoDocId,
  onPosted,
  draft = null,
}: {
  infoDocId: number;
  onPosted: (c: InfoComment) => void;
  /** What a refused plain form post left: its message and the text as typed. */
  draft?: CommentDraft | null;
}) {
  const { user } = useAppState();
  const back = useBackPath();
  const [text, setText] = useState(draft?.text ?? '');
  const [error, setError] = useState(draft?.message ?? null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const draft = window.sessionStorage.getItem(draftKey(infoDocId));
    if (draft && isMember(user)) {
      setText(draft);
      window.sessionStorage.removeItem(draftKey(infoDocId));
    }
  }, [infoDocId, user]);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    if (!isMember(user)) {
      window.sessionStorage.setItem(draftKey(infoDocId), text);
      window.location.assign(loginHref(back));
      return;
    }
    const problem = commentLengthProblem(text);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const saved = await postInfoAction<InfoComment>('/-/info/comment', { infoDocId, content: text }, back);
    setBusy(false);
    if (!saved) return;
    setText('');
    onPosted(saved);
    showToast('评论成功');
  };
  return (
    <form method="post" action="/-/info/comment" className="art-cform" id="comment-form" onSubmit={onSubmit}>
      <input type="hidden" name="infoDocId" value={infoDocId} />
      <input type="hidden" name="back" value={back} />
      <textarea
        name="content"
        className="art-cform__text"
        placeholder="说说你的看法（2-500字）"
        aria-label="评论内容"
        maxLength={COMMENT_MAX}
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="comment-text"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'comment-error' : undefined}
      />
      {error ? (
        <p className="art-cform__err" id="comment-error" role="alert" data-testid="comment-error">
          {error}
        </p>
      ) : null}
      <div className="art-cform__bar">
        <span className="art-cform__n">
          {[...text].length}/{COMMENT_MAX}
        </span>
        <button type="submit" className="art-cform__send" disabled={busy} data-testid="comment-send">
          发表评论
        </button>
      </div>
    </form>
  );
}

/** One comment: who, when, the text (as text), its likes; the member's own comment has a delete button. */
export function CommentItem({
  comment: c,
  mine,
  liked: initialLiked,
  onDeleted,
}: {
  comment: InfoComment;
  mine: boolean;
  liked: boolean;
  onDeleted?: (id: number) => void;
}) {
  const back = useBackPath();
  const [like, setLike] = useState({ liked: initialLiked, count: c.fabulousNum });
  const op = like.liked ? 'remove' : 'add';
  const onLike = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const res = await postInfoAction<{ liked: boolean; fabulousNum: number }>(
      '/-/info/comment/like',
      { infoCommentId: c.infoCommentId, op },
      back,
    );
    if (res) setLike({ liked: res.liked, count: res.fabulousNum });
  };
  const onDelete = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!window.confirm('确定删除这条评论吗？')) return;
    const res = await postInfoAction<{ deleted: boolean }>('/-/info/comment/delete', { infoCommentId: c.infoCommentId }, back);
    if (res) {
      onDeleted?.(c.infoCommentId);
      showToast('已删除');
    }
  };
  return (
    <li className="art-cmt" id={`c${c.infoCommentId}`} data-testid="comment">
      <LazyImage className="art-cmt__avatar" src={c.headUrl || undefined} alt="" width={32} height={32} />
      <div className="art-cmt__main">
        <p className="art-cmt__who">
          <span className="art-cmt__nick">{c.nickName}</span>
          <time>{c.createdAt.slice(0, 16)}</time>
        </p>
        <p className="art-cmt__text">{c.content}</p>
        <div className="art-cmt__acts">
          <form method="post" action="/-/info/comment/like" onSubmit={onLike}>
            <input type="hidden" name="infoCommentId" value={c.infoCommentId} />
            <input type="hidden" name="op" value={op} />
            <input type="hidden" name="back" value={back} />
            <button type="submit" className={`art-cmt__like${like.liked ? ' is-on' : ''}`} aria-pressed={like.liked}>
              <ThumbIcon size={15} />
              <span data-testid="comment-likes">{like.count}</span>
            </button>
          </form>
          {mine ? (
            <form method="post" action="/-/info/comment/delete" onSubmit={onDelete}>
              <input type="hidden" name="infoCommentId" value={c.infoCommentId} />
              <input type="hidden" name="back" value={back} />
              <button type="submit" className="art-cmt__del" data-testid="comment-delete">
                删除
              </button>
            </form>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** The member's id as the comments carry it (uid, else userId), '' for a visitor. */
export function useMemberId(): string {
  const { user } = useAppState();
  return user.uid || user.userId || '';
}
