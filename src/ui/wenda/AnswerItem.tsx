import { type FormEvent, useState } from 'react';
import type { WendaAnswer } from '../../contracts/gateway/info.ts';
import { loginHref } from '../detail/links.ts';
import { showToast } from '../detail/toast.ts';

/**
 * One answer: who (an agent's answer carries the 经纪人 badge), what (plain text), when, and its like button. The like
 * is a plain form post (303 back to the answer); with JavaScript it goes through fetch() and the count changes in
 * place. A visitor is sent to log in and comes back to the question.
 */
export function AnswerItem({
  a,
  wendaId,
  back,
  liked,
  best,
}: {
  a: WendaAnswer;
  wendaId: number;
  back: string;
  liked: boolean;
  best: boolean;
}) {
  const [likes, setLikes] = useState(a.likes);
  const [isLiked, setLiked] = useState(liked);
  const [pending, setPending] = useState(false);
  const agent = a.belongerId !== null;
  const name = agent ? (a.belongerName ?? a.nickName) : a.nickName;
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (pending) return;
    setPending(true);
    const form = e.currentTarget;
    try {
      const res = await fetch(form.action, {
        method: 'POST',
        body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
        headers: { accept: 'application/json' },
        credentials: 'same-origin',
      });
      if (res.status === 401) {
        window.location.assign(loginHref(back));
        return;
      }
      const json = (await res.json().catch(() => null)) as { message?: string; obj?: { likes: number } } | null;
      if (res.ok && json?.obj) {
        setLikes(json.obj.likes);
        setLiked(true);
      }
      showToast(json?.message ?? (res.ok ? '点赞成功' : '操作失败，请稍后再试'));
    } catch {
      showToast('网络异常，请稍后再试');
    } finally {
      setPending(false);
    }
  };
  return (
    <li className="wd-ans" id={`a${a.id}`} data-testid="answer">
      <div className="wd-ans__who">
        <span className="wd-ans__avatar" aria-hidden="true">
          {[...name][0]}
        </span>
        <b>{name}</b>
        {agent ? <span className="wd-badge">经纪人</span> : null}
        {best ? <span className="wd-badge wd-badge--best">最佳回答</span> : null}
      </div>
      <p className="wd-ans__text">{a.content}</p>
      <div className="wd-ans__foot">
        <time>{a.createdAt.slice(0, 16)}</time>
        <form method="post" action="/-/wenda/like" onSubmit={onSubmit}>
          <input type="hidden" name="answerId" value={a.id} />
          <input type="hidden" name="wendaId" value={wendaId} />
          <input type="hidden" name="back" value={back} />
          <button type="submit" className={`wd-like${isLiked ? ' is-on' : ''}`} aria-pressed={isLiked} disabled={pending}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path
                d="M7 10v11H3V10h4Zm2 11V10l4.5-7.5c1.4 0 2.3 1.2 2 2.5L14.6 9H20a2 2 0 0 1 2 2.3l-1.3 7.9A2 2 0 0 1 18.7 21H9Z"
                fill="currentColor"
              />
            </svg>
            <span data-testid="likes">{likes}</span>
            <span className="vh">{isLiked ? '已赞' : '赞'}</span>
          </button>
        </form>
      </div>
    </li>
  );
}
