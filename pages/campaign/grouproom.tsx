import { type FormEvent, useState } from 'react';
import type { GroupSession } from '../../src/contracts/gateway/index.ts';
import type { GrouproomData } from '../../src/contracts/page-data/campaign.ts';
import { MAINLAND_PHONE, SIGNUP_NAME_MAX, SIGNUP_NOTICES } from '../../src/lib/activity.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { noticeIsError } from '../../src/ui/campaign/parts.tsx';
import { showToast } from '../../src/ui/detail/toast.ts';
import { LazyImage } from '../../src/ui/LazyImage.tsx';
import { PhoneInput } from '../../src/ui/PhoneInput.tsx';
import { groupDigits } from '../../src/ui/paths.ts';

const WEEK = '日一二三四五六';
/** `11月29日 周日 09:00` from Beijing `YYYY-MM-DD HH:MM:SS`. */
function when(s: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2})/.exec(s);
  if (!m) return s;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).getUTCDay();
  return `${Number(m[2])}月${Number(m[3])}日 周${WEEK[day]} ${m[4]}`;
}

function SessionCard({ s, notice }: { s: GroupSession; notice: GrouproomData['notice'] }) {
  const { user } = useAppState();
  const [left, setLeft] = useState(s.seatsLeft);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(
    notice ? { text: SIGNUP_NOTICES[notice], error: noticeIsError(notice) } : null,
  );
  const [done, setDone] = useState(notice === 'ok' || notice === 'dup');
  const full = left <= 0 && !done;
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const name = String(f.get('name') ?? '').trim();
    const phone = String(f.get('phone') ?? '').trim();
    if (!name) return setMessage({ text: SIGNUP_NOTICES.name, error: true });
    if (!MAINLAND_PHONE.test(phone)) return setMessage({ text: SIGNUP_NOTICES.phone, error: true });
    try {
      const res = await fetch('/-/grouproom/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ sessionId: s.id, name, phone }),
        credentials: 'same-origin',
      });
      const body = (await res.json().catch(() => null)) as { message?: string; obj?: { seatsLeft?: number } } | null;
      const text = body?.message ?? SIGNUP_NOTICES.busy;
      setMessage({ text, error: !res.ok });
      if (res.ok) {
        setDone(true);
        if (typeof body?.obj?.seatsLeft === 'number') setLeft(body.obj.seatsLeft);
        showToast(text);
      } else if (res.status === 409) setLeft(0);
    } catch {
      setMessage({ text: SIGNUP_NOTICES.busy, error: true });
    }
  };
  const pct = Math.round(((s.seats - left) / s.seats) * 100);
  return (
    <li className={`gr-s${full ? ' gr-s--full' : ''}`} id={`session-${s.id}`} data-testid="group-session">
      <div className="gr-s__head">
        <b className="gr-s__when">{when(s.startsAt)}</b>
        <span className={`gr-s__seats${full ? ' is-full' : ''}`} data-testid="seats-left">
          {full ? '已满员' : `剩余${left}座`}
        </span>
      </div>
      <div className="gr-s__bar" aria-hidden="true">
        <i style={{ width: `${pct}%` }} />
      </div>
      <p className="gr-s__row">
        <span>集合</span>
        {s.meetingPoint}
      </p>
      <p className="gr-s__row">
        <span>路线</span>
        {s.route.join(' → ')}
      </p>
      <p className="gr-s__row">
        <span>福利</span>
        {s.benefit}
      </p>
      <p className="gr-s__row">
        <span>领队</span>
        {s.leader} · 共{s.seats}座
      </p>
      {done ? (
        <p className="gr-s__ok" role="status" data-testid="group-msg">
          {message?.text ?? SIGNUP_NOTICES.ok}
        </p>
      ) : full ? (
        <p className="gr-s__closed" data-testid="group-closed">
          本场已报满，报名已关闭，请选择其他场次
        </p>
      ) : (
        <form className="gr-s__form" method="post" action="/-/grouproom/signup" onSubmit={onSubmit} noValidate>
          <input type="hidden" name="sessionId" value={s.id} />
          <input type="hidden" name="back" value="/grouproom" />
          <input
            name="name"
            required
            maxLength={SIGNUP_NAME_MAX}
            placeholder="姓名"
            aria-label="姓名"
            defaultValue={user?.nickName ?? ''}
          />
          <PhoneInput required placeholder="11位手机号" aria-label="手机号" defaultValue={user?.phone ?? ''} />
          <button type="submit" data-testid="group-submit">
            报名
          </button>
          {message?.error ? (
            <p className="gr-s__err" role="alert" data-testid="group-msg">
              {message.text}
            </p>
          ) : null}
        </form>
      )}
    </li>
  );
}

/** /grouproom: the city's upcoming group viewings by estate, with seats left; sign up with a phone; full ones closed. */
export default function GrouproomPage({ data }: PageProps<GrouproomData>) {
  const byEstate = new Map<number, GroupSession[]>();
  for (const s of data.sessions) byEstate.set(s.loupan.houseId, [...(byEstate.get(s.loupan.houseId) ?? []), s]);
  return (
    <div className="gr">
      <header className="gr__hero">
        <h1>看房团</h1>
        <p>专车接送 · 专业讲解 · 团购优惠 · 全程免费</p>
        <ul className="gr__steps">
          <li>选择场次</li>
          <li>填写手机号</li>
          <li>电话确认</li>
          <li>准时出发</li>
        </ul>
      </header>
      {data.sessions.length === 0 ? <p className="gr__empty">近期暂无看房团，敬请期待</p> : null}
      {[...byEstate.values()].map((sessions) => {
        const lp = (sessions[0] as GroupSession).loupan;
        return (
          <section key={lp.houseId} className="gr-e" data-testid="group-estate">
            <AppLink href={`/xinfang/${lp.houseId}.html`} className="gr-e__head">
              <LazyImage src={lp.img} alt={lp.name} width={96} height={72} className="gr-e__img" />
              <div>
                <h2 className="gr-e__name">{lp.name}</h2>
                <p className="gr-e__facts">
                  {lp.regionName ?? ''} · {lp.saleStatusLabel} · {lp.price ? `${groupDigits(lp.price)}元/㎡` : '价格待定'}
                </p>
              </div>
            </AppLink>
            <ul className="gr-e__sessions">
              {sessions.map((s) => (
                <SessionCard key={s.id} s={s} notice={data.sessionId === s.id ? data.notice : null} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
