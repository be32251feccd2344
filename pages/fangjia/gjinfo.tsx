import type { GjinfoData, GujiaFields } from '../../src/contracts/page-data/gujia.ts';
import { detailPathOf } from '../../src/lib/listing-kinds.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { GUJIA_FORM } from '../../src/ui/gujia/XiaoquPicker.tsx';
import { groupDigits } from '../../src/ui/paths.ts';

const pct = (r: number) => `${r > 0 ? '+' : r < 0 ? '−' : ''}${Math.round(Math.abs(r) * 1000) / 10}%`;
const queryOf = (f: GujiaFields) => new URLSearchParams(Object.entries(f).filter(([, v]) => v !== '')).toString();

/**
 * Keeps the estimate in the member's 估价记录: a plain form post (works without JavaScript), never a side effect of
 * opening the page. A visitor's post goes to login and back here.
 */
function SaveValuation({ fields, back, loggedIn }: { fields: GujiaFields; back: string; loggedIn: boolean }) {
  return (
    <form method="post" action="/-/action/gujia" className="gj-save" data-testid="gj-save">
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <input type="hidden" name="back" value={back} />
      估价未保存，
      <button type="submit" className="gj-save__btn">
        {loggedIn ? '保存到估价记录' : '登录后保存到估价记录'}
      </button>
    </form>
  );
}

/** /fangjia/gjinfo: the estimate with its range, unit price and how it was derived; comparables, recent prices, entrust. */
export default function GjinfoPage({ data }: PageProps<GjinfoData>) {
  const r = data.result;
  const again = `${GUJIA_FORM}?${queryOf(data.fields)}`;
  if (!r) {
    return (
      <div className="gj">
        <section className="fm gj-card" data-testid="gj-error">
          <h1 className="fm__title">无法估价</h1>
          <p className="gj-error">{data.error}</p>
          <AppLink className="fm__submit gj-btn" href={data.fields.stressId && /^\d+$/.test(data.fields.stressId) ? again : GUJIA_FORM}>
            返回修改
          </AppLink>
        </section>
      </div>
    );
  }
  const i = r.input;
  const self = `/fangjia/gjinfo?${queryOf(data.fields)}`;
  const maxPrice = Math.max(...r.recentPrices.map((p) => p.price), 1);
  return (
    <div className="gj">
      <section className="gj-result" data-testid="gj-result">
        <p className="gj-result__home">
          {r.xiaoquName} · {i.rooms}室 · {i.area}㎡ · {i.floor}/{i.totalFloors}层 · {i.orientation} · {i.decoration}
        </p>
        <p className="gj-result__label">估价参考</p>
        <p className="gj-result__total">
          <strong data-testid="gj-total">{r.totalPrice}</strong>万
        </p>
        <p className="gj-result__range" data-testid="gj-range">
          参考区间 {r.low}万 - {r.high}万
        </p>
        <p className="gj-result__unit" data-testid="gj-unit">
          单价 {groupDigits(r.unitPrice)} 元/㎡
        </p>
        <div className="gj-result__saved" data-testid="gj-saved">
          {data.saved ? (
            <>
              已保存到<AppLink href="/gujiajilu">估价记录</AppLink>
            </>
          ) : (
            <SaveValuation fields={data.fields} back={self} loggedIn={data.loggedIn} />
          )}
        </div>
      </section>

      <section className="gj-card fm" data-testid="gj-derivation">
        <h2 className="gj-card__title">估价是怎么算出来的</h2>
        <table className="gj-table">
          <tbody>
            <tr>
              <th>小区均价{r.month ? `（${r.month}）` : ''}</th>
              <td>{groupDigits(r.xiaoquAvgPrice)} 元/㎡</td>
            </tr>
            {r.blended && (
              <tr>
                <th>相似在售房源均价（{r.comparables}套）</th>
                <td>{groupDigits(r.comparableUnitPrice ?? 0)} 元/㎡</td>
              </tr>
            )}
            <tr>
              <th>基准单价{r.blended ? '（小区均价70% + 在售30%）' : ''}</th>
              <td>{groupDigits(r.baseUnitPrice)} 元/㎡</td>
            </tr>
            {r.adjustments.map((a) => (
              <tr key={a.kind}>
                <th>
                  {a.kind}：{a.name}
                </th>
                <td className={a.ratio > 0 ? 'gj-up' : a.ratio < 0 ? 'gj-down' : ''}>{pct(a.ratio)}</td>
              </tr>
            ))}
            <tr className="gj-table__sum">
              <th>估价单价</th>
              <td>{groupDigits(r.unitPrice)} 元/㎡</td>
            </tr>
            <tr className="gj-table__sum">
              <th>估价总价（× {i.area}㎡）</th>
              <td>{r.totalPrice} 万</td>
            </tr>
          </tbody>
        </table>
        <p className="fm__hint">
          区间为总价上下浮动{r.blended ? '5%' : '8%'}（相似房源{r.blended ? '充足' : '不足3套'}）。
          <AppLink href="/gjabout">估价方法说明</AppLink>
        </p>
      </section>

      <section className="gj-card fm" data-testid="gj-comparables">
        <h2 className="gj-card__title">同小区相似房源</h2>
        {r.comparableListings.length ? (
          <ul className="gj-comps">
            {r.comparableListings.map((c) => (
              <li key={c.id}>
                <AppLink href={detailPathOf('ershoufang', c.id)}>
                  <span className="gj-comps__title">{c.title}</span>
                  <span className="gj-comps__meta">
                    {c.rooms}室{c.halls}厅 · {c.area}㎡ · {c.floor}/{c.totalFloors}层 · {c.orientation}
                  </span>
                  <span className="gj-comps__price">
                    <strong>{c.price}万</strong> {groupDigits(c.unitPrice)}元/㎡
                  </span>
                </AppLink>
              </li>
            ))}
          </ul>
        ) : (
          <p className="gj-empty">该小区暂无面积相近的在售房源，估价以小区均价为准。</p>
        )}
      </section>

      {r.recentPrices.length > 0 && (
        <section className="gj-card fm" data-testid="gj-prices">
          <h2 className="gj-card__title">{r.xiaoquName}近期均价</h2>
          <ul className="gj-bars">
            {r.recentPrices.map((p) => (
              <li key={p.month}>
                <span className="gj-bars__month">{p.month}</span>
                <span className="gj-bars__bar">
                  <span style={{ width: `${Math.round((p.price / maxPrice) * 100)}%` }} />
                </span>
                <span className="gj-bars__price">{groupDigits(p.price)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="gj-cta" data-testid="gj-entrust">
        <p>
          <strong>想按这个价卖？</strong>
          <span>委托我们出售，专业经纪人免费上门评估</span>
        </p>
        <AppLink href="/Index/yijianweituo" className="btn btn--primary">
          委托卖房
        </AppLink>
      </section>
      <p className="gj-again">
        <AppLink href={again} className="btn btn--ghost btn--block">
          修改信息重新估价
        </AppLink>
      </p>
    </div>
  );
}
