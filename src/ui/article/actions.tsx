import { type FormEvent, type ReactNode, useState } from 'react';
import { postMemberAction } from '../../client/actions.ts';
import { useBackPath } from '../detail/links.ts';
import { showToast } from '../detail/toast.ts';
import { StarIcon, ThumbIcon } from './icons.tsx';

/**
 * The article action buttons (issue 15): each is a form posting to /-/info/*, so it works as a plain HTML form
 * (303 back, or /login?bUrl=<this page> for a visitor); with JavaScript the post is a fetch and the count changes at
 * once. The server's answer is the truth: the gateway keys likes, collects and follows by member.
 */

type Fields = Record<string, string | number>;

/** Post one action; the answer's `obj`, or null (visitor sent to log in, or a refusal shown as a toast). */
export async function postInfoAction<T>(path: string, fields: Fields, back: string): Promise<T | null> {
  try {
    const res = await postMemberAction(path, fields, back);
    if (!res) return null;
    const body = (await res.json().catch(() => null)) as { obj?: T; message?: string } | null;
    if (!res.ok) {
      showToast(body?.message || '操作失败，请稍后再试');
      return null;
    }
    return (body?.obj ?? null) as T | null;
  } catch {
    showToast('网络不给力，请稍后再试');
    return null;
  }
}

function ActionForm({
  path,
  fields,
  onSubmit,
  className,
  children,
}: {
  path: string;
  fields: Fields;
  onSubmit: () => void;
  className?: string;
  children: ReactNode;
}) {
  const back = useBackPath();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form method="post" action={path} className={className ?? 'art-act'} onSubmit={submit}>
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <input type="hidden" name="back" value={back} />
      {children}
    </form>
  );
}

/** 点赞: the article's likes, once per member. */
export function LikeButton({ infoDocId, liked: initialLiked, count: initialCount }: { infoDocId: number; liked: boolean; count: number }) {
  const back = useBackPath();
  const [state, setState] = useState({ liked: initialLiked, count: initialCount, busy: false });
  const op = state.liked ? 'remove' : 'add';
  const onSubmit = async () => {
    if (state.busy) return;
    setState((s) => ({ ...s, busy: true }));
    const res = await postInfoAction<{ liked: boolean; fabulousNum: number }>('/-/info/like', { infoDocId, op }, back);
    setState((s) => (res ? { liked: res.liked, count: res.fabulousNum, busy: false } : { ...s, busy: false }));
  };
  return (
    <ActionForm path="/-/info/like" fields={{ infoDocId, op }} onSubmit={onSubmit}>
      <button type="submit" className={`art-act__btn${state.liked ? ' is-on' : ''}`} aria-pressed={state.liked} data-testid="like">
        <ThumbIcon />
        <span>{state.liked ? '已赞' : '点赞'}</span>
        <span className="art-act__n" data-testid="like-count">
          {state.count}
        </span>
      </button>
    </ActionForm>
  );
}

/** 收藏: collect the article (the member's collection). */
export function CollectButton({
  infoDocId,
  collected: initialCollected,
  count: initialCount,
}: {
  infoDocId: number;
  collected: boolean;
  count: number;
}) {
  const back = useBackPath();
  const [state, setState] = useState({ collected: initialCollected, count: initialCount, busy: false });
  const op = state.collected ? 'remove' : 'add';
  const onSubmit = async () => {
    if (state.busy) return;
    setState((s) => ({ ...s, busy: true }));
    const res = await postInfoAction<{ collected: boolean }>('/-/info/collect', { infoDocId, op }, back);
    setState((s) => {
      if (!res) return { ...s, busy: false };
      const delta = res.collected === s.collected ? 0 : res.collected ? 1 : -1;
      return { collected: res.collected, count: Math.max(0, s.count + delta), busy: false };
    });
    if (res) showToast(res.collected ? '收藏成功' : '已取消收藏');
  };
  return (
    <ActionForm path="/-/info/collect" fields={{ infoDocId, op }} onSubmit={onSubmit}>
      <button
        type="submit"
        className={`art-act__btn${state.collected ? ' is-on' : ''}`}
        aria-pressed={state.collected}
        data-testid="collect"
      >
        <StarIcon />
        <span>{state.collected ? '已收藏' : '收藏'}</span>
        <span className="art-act__n" data-testid="collect-count">
          {state.count}
        </span>
      </button>
    </ActionForm>
  );
}

/** 关注: follow the article's source account; `fans` shows the follower count beside it when given. */
export function FollowButton({ accountId, following: initialFollowing, fans }: { accountId: number; following: boolean; fans?: number }) {
  const back = useBackPath();
  const [state, setState] = useState({ following: initialFollowing, fans: fans ?? 0, busy: false });
  const op = state.following ? 'remove' : 'add';
  const onSubmit = async () => {
    if (state.busy) return;
    setState((s) => ({ ...s, busy: true }));
    const res = await postInfoAction<{ following: boolean }>('/-/info/follow', { accountId, op }, back);
    setState((s) => {
      if (!res) return { ...s, busy: false };
      const delta = res.following === s.following ? 0 : res.following ? 1 : -1;
      return { following: res.following, fans: Math.max(0, s.fans + delta), busy: false };
    });
  };
  return (
    <>
      {fans !== undefined ? (
        <span className="art-acc__fans" data-testid="fans">
          <strong>{state.fans}</strong> 粉丝
        </span>
      ) : null}
      <ActionForm path="/-/info/follow" fields={{ accountId, op }} onSubmit={onSubmit} className="art-follow">
        <button
          type="submit"
          className={`art-follow__btn${state.following ? ' is-on' : ''}`}
          aria-pressed={state.following}
          data-testid="follow"
        >
          {state.following ? '已关注' : '+ 关注'}
        </button>
      </ActionForm>
    </>
  );
}
