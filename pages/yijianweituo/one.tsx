import type { EntrustOneData } from '../../src/contracts/page-data/entrust.ts';
import { entrustAddress, REMOVE_REASONS } from '../../src/lib/entrust-steps.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { AgentCard, EntrustStatus } from '../../src/ui/entrust/EntrustBits.tsx';
import { FormError, typed } from '../../src/ui/personal/FormBits.tsx';

const OPEN = ['待受理', '已受理', '已上架'];

/**
 * One entrustment of the member (registry `params.view`): its page (/Index/yijianweituo/{id}), its log (/log?id=), the
 * price change (/modifyprice?id=) and the withdrawal with a reason (/removeshelf?id=). Plain posts to /-/entrust/*.
 */
export default function EntrustOnePage({ data }: PageProps<EntrustOneData>) {
  const view = data.view;
  const e = data.entrust;
  const f = data.form;
  const open = OPEN.includes(e.status);
  const base = `/Index/yijianweituo`;
  const listingHref =
    e.houseNumber && e.status === '已上架' ? `/${e.kind === 'sell' ? 'ershoufang' : 'zufang'}/${e.houseNumber}.html` : null;
  const head = (
    <section className="wt-card wt-head">
      <h1 className="fm__title">{`${e.kindName} · ${e.xiaoquName}`}</h1>
      <EntrustStatus status={e.status} />
      <p className="wt-muted">
        {entrustAddress(e)} · {e.area}㎡{e.rooms !== null ? ` · ${e.rooms}室${e.halls ?? 0}厅${e.toilets ?? 0}卫` : ''}
        {e.orientation ? ` · ${e.orientation}` : ''}
        {e.decoration ? ` · ${e.decoration}` : ''}
      </p>
      <p className="wt-price" data-testid="entrust-price">
        {e.kind === 'sell' ? '挂牌价' : '租金'} <strong>{e.price}</strong>
        {e.priceUnit}
      </p>
    </section>
  );
  if (view === 'log') {
    return (
      <div className="wt">
        {head}
        <section className="wt-card">
          <h2>委托记录</h2>
          <ol className="wt-log" data-testid="entrust-log">
            {[...e.logs].reverse().map((l) => (
              <li key={l.id}>
                <strong>{l.action}</strong>
                <span>{l.detail}</span>
                <time>
                  {l.createdAt} · {l.actor}
                </time>
              </li>
            ))}
          </ol>
          <AppLink href={`${base}/${e.id}`}>返回委托</AppLink>
        </section>
      </div>
    );
  }
  if (view === 'modifyprice') {
    return (
      <div className="wt">
        {head}
        {open ? (
          <form className="fm wt-form" method="post" action="/-/entrust/modifyprice" data-testid="modify-form">
            <h2>修改{e.kind === 'sell' ? '挂牌价' : '租金'}</h2>
            <FormError message={f?.error ?? null} />
            <input type="hidden" name="id" value={e.id} />
            <input type="hidden" name="back" value={`${base}/modifyprice?id=${e.id}`} />
            <label className="fm__field">
              <span>新价格（{e.priceUnit}）</span>
              <input name="price" required inputMode="decimal" defaultValue={f ? typed(f, 'price', String(e.price)) : String(e.price)} />
            </label>
            <button className="btn btn--primary btn--block" type="submit">
              确认修改
            </button>
          </form>
        ) : (
          <p className="wt-card wt-muted">委托{e.status}，不能再改价。</p>
        )}
      </div>
    );
  }
  if (view === 'removeshelf') {
    return (
      <div className="wt">
        {head}
        {open ? (
          <form className="fm wt-form" method="post" action="/-/entrust/removeshelf" data-testid="remove-form">
            <h2>下架委托</h2>
            <FormError message={f?.error ?? null} />
            <input type="hidden" name="id" value={e.id} />
            <input type="hidden" name="back" value={`${base}/removeshelf?id=${e.id}`} />
            <fieldset className="fm__field">
              <legend>下架原因</legend>
              <div className="fm__radios">
                {REMOVE_REASONS[e.kind].map((r, i) => (
                  <label key={r}>
                    <input type="radio" name="reason" value={r} defaultChecked={i === 0} />
                    {r}
                  </label>
                ))}
              </div>
            </fieldset>
            <button className="btn btn--ghost btn--block" type="submit">
              确认下架
            </button>
          </form>
        ) : (
          <p className="wt-card wt-muted">委托{e.status}，无需下架。</p>
        )}
      </div>
    );
  }
  return (
    <div className="wt">
      {f?.ok ? (
        <p className="wt-ok" role="status">
          已保存，委托状态与经纪人会在这里更新
        </p>
      ) : null}
      {head}
      {e.agent ? <AgentCard agent={e.agent} /> : <p className="wt-card wt-muted">门店正在受理，受理后会为您分配专属经纪人。</p>}
      {listingHref ? (
        <p className="wt-card">
          房源已上架：<AppLink href={listingHref}>查看房源 {e.houseNumber}</AppLink>
        </p>
      ) : null}
      <nav className="wt-actions">
        <AppLink className="btn btn--ghost" href={`${base}/log?id=${e.id}`}>
          委托记录
        </AppLink>
        {open ? (
          <>
            <AppLink className="btn btn--ghost" href={`${base}/modifyprice?id=${e.id}`}>
              改价
            </AppLink>
            <AppLink className="btn btn--ghost" href={`${base}/removeshelf?id=${e.id}`}>
              下架
            </AppLink>
          </>
        ) : null}
      </nav>
      <p className="wt-muted wt-center">
        提交于 {e.createdAt} · <AppLink href={`${base}/list`}>我的委托</AppLink>
      </p>
    </div>
  );
}
