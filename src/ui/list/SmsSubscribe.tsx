import { type FormEvent, useState } from 'react';
import { submitMemberForm } from '../../client/member-forms.ts';
import { SMS_KINDS } from '../../lib/member-forms.ts';
import { useAppState } from '../../stores/context.tsx';
import { PhoneInput } from '../PhoneInput.tsx';
import { currentReturnPath } from '../paths.ts';

/**
 * The list pages' SMS subscription (SPEC 7.8 api/duanxindingyue/adddxdy, issue 13): 降价通知 or 新房源通知 for the filter
 * being looked at (the list's path and query). A member's phone is filled in; a visitor is asked to log in first. Works
 * as a plain form post; with JavaScript the answer shows in place.
 */
export function SmsSubscribe({ what = '房源' }: { what?: string }) {
  const { route, user } = useAppState();
  // The list and its filters; `ok` is only the notice after a plain post.
  const { ok, ...filters } = route.query;
  const filter = currentReturnPath(route.path, filters);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(
    route.query.ok === '1' ? { text: '订阅成功', error: false } : null,
  );
  const [pending, setPending] = useState(false);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setPending(true);
    const answer = await submitMemberForm(e.currentTarget, filter);
    setPending(false);
    setMessage({ text: answer.message, error: !answer.ok });
  };
  return (
    <form className="dxdy" method="post" action="/-/member/dxdy" onSubmit={onSubmit} data-testid="sms-subscribe">
      <p className="dxdy__title">订阅{what}短信通知</p>
      <p className="dxdy__lead">按当前筛选条件，有降价或新上{what}时第一时间短信告诉您。</p>
      <input type="hidden" name="filter" value={filter} />
      <input type="hidden" name="back" value={filter} />
      <div className="dxdy__kinds">
        {SMS_KINDS.map((k, i) => (
          <label key={k}>
            <input type="radio" name="kind" value={k} defaultChecked={i === 0} />
            {k}
          </label>
        ))}
      </div>
      <div className="dxdy__row">
        <PhoneInput aria-label="手机号" placeholder="请输入手机号" required pattern="1[3-9][0-9]{9}" defaultValue={user.phone} />
        <button type="submit" className="btn btn--primary btn--sm" disabled={pending}>
          订阅
        </button>
      </div>
      {message ? (
        <p className={`dxdy__msg${message.error ? ' dxdy__msg--error' : ''}`} role="status">
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
