import type { PjguwenData } from '../../src/loaders/xinfang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { currentReturnPath, withReturnUrl } from '../../src/ui/paths.ts';
import { AgentRow } from '../../src/ui/xinfang/AgentRow.tsx';
import { XfHero } from '../../src/ui/xinfang/PageHead.tsx';
import { usePageData } from '../../src/ui/xinfang/use-page-data.ts';

/** /xinfang/pjguwen/{belongerId}: rate an adviser (members), with the reviews others left. */
export default function XinfangPjguwenPage(props: PageProps<PjguwenData>) {
  const data = usePageData(props.data);
  const { user, route } = useAppState();
  const { belonger: b } = data;
  const member = Boolean(user.uid || user.userId);
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
          <form className="xf-form" method="post" action="/-/action/dianping">
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
              maxLength={300}
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
        {data.comments.length ? (
          <ul className="xf-comments">
            {data.comments.map((c) => (
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
