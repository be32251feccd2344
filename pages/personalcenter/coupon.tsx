import { useState } from 'react';
import type { Coupon, CouponPageData } from '../../src/contracts/page-data/personal.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { FormError, typed, useMemberForm } from '../../src/ui/personal/FormBits.tsx';

const SELF = '/coupon';
const TONE: Record<string, string> = { 未使用: 'on', 已使用: 'used', 已过期: 'expired' };

/** /coupon: the member's coupons (未使用 / 已使用 / 已过期) and claiming one by its number. */
export default function CouponPage({ data }: PageProps<CouponPageData>) {
  const [coupons, setCoupons] = useState<Coupon[]>(data.coupons);
  const { error, pending, onSubmit } = useMemberForm(data.form, SELF, (answer, form) => {
    const got = answer.obj as Coupon | undefined;
    if (got) setCoupons((list) => [got, ...list.filter((c) => c.couponNo !== got.couponNo)]);
    form.reset();
  });
  return (
    <div className="pc">
      <form className="fm pc-form" method="post" action="/-/member/coupon" onSubmit={onSubmit} noValidate>
        <h1 className="fm__title">我的优惠券</h1>
        {data.form.ok ? (
          <p className="pc-form__ok" role="status">
            领取成功
          </p>
        ) : null}
        <FormError message={error} />
        <input type="hidden" name="back" value={SELF} />
        <div className="pc-claim">
          <input
            name="couponNo"
            aria-label="券码"
            placeholder="输入券码领取"
            required
            maxLength={20}
            autoCapitalize="characters"
            defaultValue={typed(data.form, 'couponNo')}
          />
          <button type="submit" className="btn btn--primary btn--sm" disabled={pending}>
            领取
          </button>
        </div>
        {data.batches.length ? (
          <div className="pc-batches">
            <p className="fm__hint">正在进行的活动（输入券码即可领取）：</p>
            <ul>
              {data.batches.map((b) => (
                <li key={b.couponNo}>
                  <code>{b.couponNo}</code> {b.title}（{b.rule}，领取后{b.validDays}天内有效）
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </form>
      {coupons.length ? (
        <ul className="pc-coupons" data-testid="coupons">
          {coupons.map((c) => (
            <li key={c.couponNo} className={`pc-coupon pc-coupon--${TONE[c.status] ?? 'on'}`}>
              <div className="pc-coupon__amount">
                <strong>{c.amount}</strong>元
              </div>
              <div className="pc-coupon__body">
                <span className="pc-coupon__title">{c.title}</span>
                <span className="pc-coupon__meta">
                  券码 {c.couponNo} · 有效期至{c.expiresAt.slice(0, 10)}
                </span>
              </div>
              <span className="pc-coupon__status">{c.status}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="pc-empty card">还没有优惠券。参加看房、租房活动领取的券会出现在这里。</p>
      )}
    </div>
  );
}
