import type { DianpingData } from '../../src/contracts/page-data/broker.ts';
import { REVIEW_ASPECTS, REVIEW_MAX, REVIEW_MIN, REVIEW_SAVED } from '../../src/lib/broker-forms.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { isMember } from '../../src/stores/app-state.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { KefuMark } from '../../src/ui/broker/BrokerCard.tsx';
import { loginHref } from '../../src/ui/detail/links.ts';
import { typed } from '../../src/ui/personal/FormBits.tsx';
import { WendaForm } from '../../src/ui/wenda/WendaForm.tsx';

const stars = (n: number) => '★★★★★'.slice(0, n) + '☆☆☆☆☆'.slice(0, 5 - n);

/** /dianping/{id}: an agent's rating and reviews, and the review form for members (stars per aspect, 5–300 characters). */
export default function DianpingPage({ data }: PageProps<DianpingData>) {
  const { user } = useAppState();
  const { agent, form } = data;
  const page = agent ? `/dianping/${agent.belongerId}` : '/dianping/';
  return (
    <div className="bk-page">
      <section className="card bk-sec">
        {agent ? (
          <>
            <h1 className="bk-sec__title">
              <AppLink href={`/broker/${agent.belongerId}`}>{agent.name}</AppLink>
              <KefuMark agent={agent} />
              {' 的用户评价'}
            </h1>
            <p className="dp-summary" data-testid="dp-summary">
              <b className="dp-summary__avg" data-testid="dp-average">
                {data.average ? data.average.toFixed(1) : '—'}
              </b>
              <span>{data.average ? stars(Math.round(data.average)) : '暂无评分'}</span>
              <span className="dp-summary__count" data-testid="dp-count">{`${data.total}条评价`}</span>
            </p>
          </>
        ) : (
          <h1 className="bk-sec__title">{`经纪人评价（${data.total}条）`}</h1>
        )}
      </section>
      {agent ? (
        <section className="card bk-sec" id="review-form">
          <h2 className="bk-sec__title">评价经纪人</h2>
          {form.ok ? (
            <p className="dp-ok" role="status">
              {REVIEW_SAVED}
            </p>
          ) : null}
          {isMember(user) ? (
            <WendaForm action="/-/broker/review" page={page} form={form} submitLabel="提交评价">
              <input type="hidden" name="belongerId" value={agent.belongerId} />
              {REVIEW_ASPECTS.map((a) => (
                <div key={a.key} className="dp-stars" role="radiogroup" aria-label={a.label}>
                  <span className="dp-stars__label">{a.label}</span>
                  <span className="dp-stars__opts">
                    {[1, 2, 3, 4, 5].map((n) => (
                      <label key={n}>
                        <input type="radio" name={a.key} value={String(n)} defaultChecked={typed(form, a.key) === String(n)} />
                        <span>{`${n}星`}</span>
                      </label>
                    ))}
                  </span>
                </div>
              ))}
              <label className="fm__field">
                <span>评价内容</span>
                <textarea
                  name="content"
                  rows={4}
                  minLength={REVIEW_MIN}
                  maxLength={REVIEW_MAX}
                  placeholder={`说说经纪人的服务吧（${REVIEW_MIN}-${REVIEW_MAX}字）`}
                  defaultValue={typed(form, 'content')}
                />
              </label>
              <p className="fm__hint">每位用户每月可评价同一经纪人一次。</p>
            </WendaForm>
          ) : (
            <AppLink className="bk-more" href={loginHref(page)} data-testid="dp-login">
              登录后评价
            </AppLink>
          )}
        </section>
      ) : null}
      <section className="card bk-sec" data-testid="dp-list">
        <h2 className="bk-sec__title">全部评价</h2>
        {data.reviews.length ? (
          <ul className="bk-list">
            {data.reviews.map((r) => (
              <li key={r.id} data-testid="dp-review">
                <p>
                  <b>{r.nickName || '匿名用户'}</b> <span className="bk-stars">{stars(r.score)}</span>
                </p>
                {r.aspects ? (
                  <p className="dp-aspects">{REVIEW_ASPECTS.map((a) => `${a.label}${r.aspects?.[a.key] ?? '-'}星`).join(' · ')}</p>
                ) : null}
                <p className="bk-list__text">{r.content}</p>
                {!agent && r.belongerId ? <AppLink href={`/broker/${r.belongerId}`}>查看经纪人</AppLink> : null}
                <time>{r.createdAt.slice(0, 10)}</time>
              </li>
            ))}
          </ul>
        ) : (
          <p className="bk-empty">暂无评价</p>
        )}
      </section>
    </div>
  );
}
