import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { ActivityDetail, Banner } from '../../contracts/gateway/index.ts';
import type { SignupNotice } from '../../contracts/page-data/campaign.ts';
import { countdownText, deadlineText, MAINLAND_PHONE, parseBeijing, SIGNUP_NAME_MAX, SIGNUP_NOTICES } from '../../lib/activity.ts';
import { useAppState } from '../../stores/context.tsx';
import { showToast } from '../detail/toast.ts';
import { PhoneInput } from '../PhoneInput.tsx';

export const noticeIsError = (n: SignupNotice | null) => n !== null && n !== 'ok' && n !== 'dup';

/** The current time, ticking each second in the browser; the server's render time on the first render (no mismatch). */
export function useTicker(renderedAt: number): number {
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** Whether the activity is over now (its state, or its end passed while the page is open). */
export function useEnded(a: ActivityDetail, now: number): boolean {
  return a.state === 'ended' || now >= parseBeijing(a.endsAt);
}

/** The remaining time to the activity's end, split for blocks: days, hours, minutes, seconds. */
export function Countdown({
  activity,
  now,
  className = 'cp-count',
  label = '距活动结束',
}: {
  activity: ActivityDetail;
  now: number;
  className?: string;
  label?: string;
}) {
  const end = parseBeijing(activity.endsAt);
  if (activity.state === 'ended' || now >= end) {
    return (
      <div className={`${className} ${className}--ended`} data-testid="countdown">
        <strong>活动已结束</strong>
        <span>结束于{deadlineText(activity.endsAt)}</span>
      </div>
    );
  }
  if (activity.state === 'upcoming') {
    return (
      <div className={className} data-testid="countdown">
        <strong>活动未开始</strong>
        <span>{deadlineText(activity.startsAt)}开始</span>
      </div>
    );
  }
  const text = countdownText(end, now);
  const [days, hms] = text.includes('天') ? text.split(' ') : ['0天', text];
  const [h, m, s] = (hms ?? '').split(':');
  return (
    <div className={className}>
      <span className={`${className}__label`}>{label}</span>
      <span className={`${className}__clock`} data-testid="countdown" role="timer" aria-label={`剩余${text}`}>
        <b>{(days ?? '0天').replace('天', '')}</b>天<b>{h}</b>时<b>{m}</b>分<b>{s}</b>秒
      </span>
      <span className={`${className}__deadline`}>截止 {deadlineText(activity.endsAt)}</span>
    </div>
  );
}

/** The banner: the activity's picture (its banner row, else its own) with its name and subtitle set over it. */
export function HeroBanner({
  activity,
  banners,
  className = 'cp-hero',
  children,
}: {
  activity: ActivityDetail;
  banners: Banner[];
  className?: string;
  children?: ReactNode;
}) {
  const img = banners[0]?.img ?? activity.banner;
  return (
    <header className={className}>
      <img className={`${className}__img`} src={img} alt={banners[0]?.title ?? activity.name} width={750} height={360} />
      <div className={`${className}__text`}>
        <h1 className={`${className}__title`} data-testid="activity-name">
          {activity.name}
        </h1>
        <p className={`${className}__sub`}>{activity.subtitle}</p>
        {children}
      </div>
    </header>
  );
}

export function Rules({
  activity,
  title = '活动规则',
  variant,
}: {
  activity: ActivityDetail;
  title?: string;
  /** A template's look: `cp-rules--{variant}`. */
  variant?: string;
}) {
  const className = 'cp-rules';
  return (
    <section className={variant ? `${className} ${className}--${variant}` : className} data-testid="activity-rules">
      <h2 className={`${className}__title`}>{title}</h2>
      <ol>
        {activity.rules.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ol>
      <p className={`${className}__meta`}>
        活动时间：{deadlineText(activity.startsAt)} 至 {deadlineText(activity.endsAt)}
        <br />
        活动地点：{activity.place}
        <br />
        咨询电话：<a href={`tel:${activity.hotline.replace(/-/g, '')}`}>{activity.hotline}</a>
      </p>
    </section>
  );
}

/**
 * The sign-up (or coupon) form: name and mainland phone, posted to /-/huodong/signup (a plain post without JavaScript,
 * fetch with it). An ended activity shows 活动已结束 instead of the form.
 */
export function SignupForm({
  activity,
  path,
  notice,
  ended,
  variant,
  title = '立即报名',
  button = '立即报名',
  hint = '提交后顾问将在24小时内与您联系，信息仅用于本次活动。',
}: {
  activity: ActivityDetail;
  path: string;
  notice: SignupNotice | null;
  ended: boolean;
  /** A template's look: `cp-form--{variant}`. */
  variant?: string;
  title?: string;
  button?: string;
  hint?: string;
}) {
  const { user } = useAppState();
  const className = 'cp-form';
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(
    notice ? { text: SIGNUP_NOTICES[notice], error: noticeIsError(notice) } : null,
  );
  const [done, setDone] = useState(notice === 'ok' || notice === 'dup');
  const [count, setCount] = useState(activity.signupCount);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const phone = String(form.get('phone') ?? '').trim();
    const name = String(form.get('name') ?? '').trim();
    if (!name) return setMessage({ text: SIGNUP_NOTICES.name, error: true });
    if (!MAINLAND_PHONE.test(phone)) return setMessage({ text: SIGNUP_NOTICES.phone, error: true });
    try {
      const res = await fetch('/-/huodong/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ activityId: activity.id, name, phone }),
        credentials: 'same-origin',
      });
      const body = (await res.json().catch(() => null)) as { message?: string; obj?: { signupCount?: number } } | null;
      const text = body?.message ?? SIGNUP_NOTICES.busy;
      setMessage({ text, error: !res.ok });
      if (res.ok) {
        setDone(true);
        if (body?.obj?.signupCount) setCount(body.obj.signupCount);
        showToast(text);
      }
    } catch {
      setMessage({ text: SIGNUP_NOTICES.busy, error: true });
    }
  };
  return (
    <section className={variant ? `${className} ${className}--${variant}` : className} id="signup" data-testid="signup">
      <h2 className={`${className}__title`}>{ended ? '活动已结束' : title}</h2>
      <p className={`${className}__count`}>
        已有<b data-testid="signup-count">{count}</b>人报名
      </p>
      {ended ? (
        <p className={`${className}__ended`} data-testid="activity-ended">
          活动已结束，感谢关注。更多活动请看<a href="/newActivity/jinxing/">进行中的活动</a>。
        </p>
      ) : done ? (
        <p className={`${className}__ok`} data-testid="signup-msg" role="status">
          {message?.text ?? SIGNUP_NOTICES.ok}
        </p>
      ) : (
        <form className={`${className}__form`} method="post" action="/-/huodong/signup" onSubmit={onSubmit} noValidate>
          <input type="hidden" name="activityId" value={activity.id} />
          <input type="hidden" name="back" value={path} />
          <input
            className={`${className}__input`}
            name="name"
            required
            maxLength={SIGNUP_NAME_MAX}
            placeholder="您的姓名"
            aria-label="姓名"
            defaultValue={user?.nickName ?? ''}
            autoComplete="name"
          />
          <PhoneInput
            className={`${className}__input`}
            required
            pattern="1[3-9][0-9]{9}"
            placeholder="11位手机号"
            aria-label="手机号"
            defaultValue={user?.phone ?? ''}
          />
          {message?.error ? (
            <p className={`${className}__err`} data-testid="signup-msg" role="alert">
              {message.text}
            </p>
          ) : null}
          <button type="submit" className={`${className}__btn`} data-testid="signup-submit">
            {button}
          </button>
          <p className={`${className}__hint`}>{hint}</p>
        </form>
      )}
    </section>
  );
}

/** Share: the system share sheet, else the link copied; each share is counted (posterShareUv). */
export function ShareButton({ activity, className = 'cp-share' }: { activity: ActivityDetail; className?: string }) {
  const onClick = async () => {
    const url = window.location.href.split(/[?#]/)[0] as string;
    fetch('/-/huodong/share', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ posterId: activity.posterId }),
      credentials: 'same-origin',
    }).catch(() => undefined);
    const nav = navigator as Navigator & { share?: (d: ShareData) => Promise<void> };
    if (nav.share) {
      await nav.share({ title: activity.name, text: activity.benefit, url }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(`${activity.name} ${url}`);
      showToast('活动链接已复制，快去分享给好友吧');
    } catch {
      showToast(`复制此链接分享：${url}`, 4000);
    }
  };
  return (
    <button type="button" className={className} onClick={onClick} data-testid="share">
      分享给好友
    </button>
  );
}

/** A visitor who came from a poster's QR code (`?from=qrcode`) is counted once (qrcodePutInCount). */
export function useQrcodeVisit(posterId: number): void {
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    if (q.get('from') !== 'qrcode') return;
    fetch('/-/huodong/qrcode', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ posterId, scene: 'poster' }),
      credentials: 'same-origin',
    }).catch(() => undefined);
  }, [posterId]);
}
