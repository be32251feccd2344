import { type FormEvent, useState } from 'react';
import { postAction } from '../../src/client/actions.ts';
import type { Dianping } from '../../src/contracts/gateway/index.ts';
import type { PjguwenData } from '../../src/contracts/page-data/xinfang.ts';
import { DIANPING_CONTENT_MAX, DIANPING_ERRORS, DIANPING_SAVED, type DianpingError } from '../../src/lib/dianping.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { showToast } from '../../src/ui/detail/toast.ts';
import { currentReturnPath, withReturnUrl } from '../../src/ui/paths.ts';
import { AgentRow } from '../../src/ui/xinfang/AgentRow.tsx';
import { XfHero } from '../../src/ui/xinfang/PageHead.tsx';

/** /xinfang/pjguwen/{belongerId}: rate an adviser (members), with the reviews others left. */
export default function XinfangPjguwenPage({ data }: PageProps<PjguwenData>) {
  const { user, route } = useAppState();
  const { belonger: b } = data;
  const member = Boolean(user.uid || user.userId);
  // Ratings this member just posted (fetch), shown first until the next load brings them from the gateway.
  const [mine, setMine] = useState<Dianping[]>([]);
  const rest = Object.fromEntries(Object.entries(route.query).filter(([k]) => k !== 'notice' && k !== 'error'));
  const self = currentReturnPath(route.path, rest);
  const notice = route.query.notice === 'rated' ? DIANPING_SAVED : DIANPING_ERRORS[route.query.error as DianpingError];
  const comments = [...mine.filter((c) => c.belongerId === b.belongerId), ...data.comments];
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    if (!(await postAction('/-/action/dianping', form, self))) return;
    const fields = new FormData(form);
    const score = Number(fields.get('score'));
    const content = String(fields.get('content') ?? '').trim();
    setMine((list) => [
      {
        id: -Date.now(),
        houseId: data.estate?.houseId ?? null,
        belongerId: b.belongerId,
        memberId: user.uid,
        nickName: user.nickName || '我',
        headUrl: '',
        score,
        content,
        images: [],
        createdAt: new Date().toISOString(),
      },
      ...list,
    ]);
    form.reset();
    showToast(DIANPING_SAVED);
  };
  return (
    <div className="xf-page">
      <XfHero
        title={`评价置业顾问 ${b.name}`}
        sub={`综合评分 ${b.score} · ${data.total}条评价`}
        back={data.estate ? { href: `/xinfang/${data.estate.houseId}.html`, label: data.estate.name } : undefined}
      />
      <section className="card xf-sec">
        <AgentRow agent={b} houseId={data.estate?.houseId ?? 0} />
      </section>
      <section className="card xf-sec">
        <h2 className="xf-sec__title">我要评价</h2>
        {member ? (
          <form className="xf-form" method="post" action="/-/action/dianping" onSubmit={onSubmit}>
            {notice ? (
              <p className="dt-notice" role="status">
                {notice}
              </p>
            ) : null}
            <input type="hidden" name="back" value={self} />
            <input type="hidden" name="belongerId" value={b.belongerId} />
            {data.estate ? <input type="hidden" name="houseId" value={data.estate.houseId} /> : null}
            <fieldset className="xf-rate">
              <legend>服务评分</legend>
              {[5, 4, 3, 2, 1].map((n) => (
                <label key={n}>
                  <input type="radio" name="score" value={n} defaultChecked={n === 5} />
                  {n}星
                </label>
              ))}
            </fieldset>
            <textarea
              name="content"
              className="xf-form__text"
              rows={4}
              minLength={2}
              maxLength={DIANPING_CONTENT_MAX}
              placeholder="说说顾问的专业程度、服务态度…"
              required
            />
            <button type="submit" className="btn btn--primary btn--block">
              提交评价
            </button>
          </form>
        ) : (
          <p className="xf-login">
            登录后即可评价
            <AppLink href={withReturnUrl('/login', currentReturnPath(route.path, route.query))} className="btn btn--primary btn--sm">
              去登录
            </AppLink>
          </p>
        )}
      </section>
      <section className="card xf-sec">
        <h2 className="xf-sec__title">全部评价</h2>
        {comments.length ? (
          <ul className="xf-comments">
            {comments.map((c) => (
              <li key={c.id} className="xf-comments__item">
                <p className="xf-comments__who">
                  {c.nickName}
                  <span className="xf-stars">{'★'.repeat(Math.max(0, Math.min(5, c.score)))}</span>
                  <time>{c.createdAt.slice(0, 10)}</time>
                </p>
                <p className="xf-comments__text">{c.content}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="dt-empty">暂无评价</p>
        )}
      </section>
    </div>
  );
}
