import type { PersonalCenterData } from '../../src/contracts/page-data/personal.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { ChevronRight, DefaultAvatar } from '../../src/ui/icons.tsx';
import { ActionNotices, RecordAction, StatusTag } from '../../src/ui/personal/FormBits.tsx';

interface Entry {
  label: string;
  href: string;
  count?: number;
  hint?: string;
}

/** /personalcenter: the member's profile, entries with live counts, latest bookings, settings (issue 13). */
const FLASH: Record<string, string> = { cancelled: '预约已取消' };
const ERRORS: Record<string, string> = { notfound: '预约不存在或已删除', conflict: '该预约已确认，不能取消；如需改期请联系经纪人' };

export default function PersonalCenterPage({ data, query }: PageProps<PersonalCenterData>) {
  const { profile, counts, bookings, subscriptions } = data;
  const flash = FLASH[query?.notice ?? ''];
  const error = ERRORS[query?.error ?? ''];
  const n = (k: keyof NonNullable<typeof counts>) => (counts ? counts[k] : undefined);
  const entries: Entry[] = [
    { label: '我的收藏', href: '/myshoucang', count: n('collect'), hint: '二手房·租房·新房·小区' },
    { label: '浏览记录', href: '/personalcenter/liulan', hint: '最近看过的房源、楼盘和小区' },
    { label: '我的预约', href: '#bookings', count: n('kanfang'), hint: '看房预约及进度' },
    { label: '我的举报', href: '/jubaoRecord', count: counts ? counts.jubao + counts.correction : undefined, hint: '举报与纠错记录' },
    { label: '估价记录', href: '/gujiajilu', count: n('valuation'), hint: '历次房屋估价' },
    { label: '优惠券', href: '/coupon', count: n('coupon'), hint: '可用优惠券' },
    { label: '我的委托', href: '/Index/yijianweituo/list', count: n('entrust'), hint: '委托出售、出租' },
    { label: '意见反馈', href: '/yonghufankui', count: n('feedback'), hint: '告诉我们您的建议' },
    { label: '省心找房', href: '/shengxinzhaofang', hint: '提交需求，顾问帮您找' },
  ];
  return (
    <div className="pc">
      <section className="pc-head">
        <AppLink href="/personalcenter/edituserinfo" className="pc-head__me" data-testid="profile">
          {profile.headUrl ? (
            <img className="pc-head__avatar" src={profile.headUrl} alt="头像" width={64} height={64} />
          ) : (
            <span className="pc-head__avatar">
              <DefaultAvatar size={64} />
            </span>
          )}
          <span className="pc-head__text">
            <strong className="pc-head__nick" data-testid="nickname">
              {profile.nickName}
            </strong>
            <span className="pc-head__phone">{profile.phoneMasked || '未绑定手机号'}</span>
          </span>
          <span className="pc-head__edit">
            编辑资料
            <ChevronRight size={14} />
          </span>
        </AppLink>
        <ul className="pc-stats">
          <li>
            <AppLink href="/myshoucang">
              <strong>{n('collect') ?? '-'}</strong>收藏
            </AppLink>
          </li>
          <li>
            <a href="#bookings">
              <strong>{n('kanfang') ?? '-'}</strong>预约
            </a>
          </li>
          <li>
            <AppLink href="/coupon">
              <strong>{n('coupon') ?? '-'}</strong>优惠券
            </AppLink>
          </li>
        </ul>
      </section>

      {counts ? null : <p className="pc-note">部分数据暂时无法加载，请稍后刷新。</p>}

      <ul className="pc-list card" data-testid="entries">
        {entries.map((e) => (
          <li key={e.label}>
            {e.href.startsWith('#') ? (
              <a href={e.href} className="pc-list__item">
                <EntryBody e={e} />
              </a>
            ) : (
              <AppLink href={e.href} className="pc-list__item">
                <EntryBody e={e} />
              </AppLink>
            )}
          </li>
        ))}
      </ul>

      <section id="bookings" className="pc-block card" aria-labelledby="bookings-title">
        <h2 id="bookings-title" className="pc-block__title">
          我的预约
        </h2>
        <ActionNotices notice={flash} error={error} testId="bookings-notice" />
        {bookings.length ? (
          <ul className="pc-records" data-testid="bookings">
            {bookings.map((b) => (
              <li key={b.id} className="pc-record">
                <div className="pc-record__main">
                  <span className="pc-record__title">{b.title ?? '预约看房'}</span>
                  <span className="pc-record__meta">
                    看房时间：{b.visitDate ?? '待经纪人联系确认'} · 提交于{b.createdAt.slice(0, 10)}
                  </span>
                </div>
                <div className="pc-record__side">
                  <StatusTag status={b.status} />
                  {b.status === '待确认' ? (
                    <RecordAction
                      action="/-/action/kanfang-cancel"
                      id={b.id}
                      back="/personalcenter"
                      label="取消预约"
                      testId="kanfang-cancel"
                    />
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <div className="pc-empty">
            <p>还没有预约看房。在房源详情页点“预约看房”，经纪人会尽快联系您。</p>
            <p>
              <AppLink className="btn btn--ghost btn--sm" href="/ershoufang/">
                去看看二手房
              </AppLink>
            </p>
          </div>
        )}
      </section>

      {subscriptions.length ? (
        <section className="pc-block card" aria-labelledby="subs-title">
          <h2 id="subs-title" className="pc-block__title">
            我的短信订阅
          </h2>
          <ul className="pc-records" data-testid="subscriptions">
            {subscriptions.map((s) => (
              <li key={s.id} className="pc-record">
                <div className="pc-record__main">
                  {s.filter ? (
                    <AppLink href={s.filter} className="pc-record__title">
                      {s.kind}
                    </AppLink>
                  ) : (
                    <span className="pc-record__title">{s.kind}</span>
                  )}
                  <span className="pc-record__meta">
                    {channelOf(s.filter)} · 订阅于{s.createdAt.slice(0, 10)}
                  </span>
                </div>
                <StatusTag status="已订阅" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="pc-block card" aria-labelledby="settings-title">
        <h2 id="settings-title" className="pc-block__title">
          设置
        </h2>
        <ul className="pc-list">
          <li>
            <AppLink href="/personalcenter/edituserinfo" className="pc-list__item">
              <span className="pc-list__label">个人资料</span>
              <ChevronRight size={16} />
            </AppLink>
          </li>
          <li>
            <AppLink href="/resetpassword" className="pc-list__item">
              <span className="pc-list__label">修改密码</span>
              <ChevronRight size={16} />
            </AppLink>
          </li>
          <li>
            <AppLink href="/personalcenter/disanfang" className="pc-list__item">
              <span className="pc-list__label">第三方账号</span>
              <ChevronRight size={16} />
            </AppLink>
          </li>
          <li>
            <AppLink href="/personalcenter/agreement" className="pc-list__item">
              <span className="pc-list__label">用户服务协议</span>
              <ChevronRight size={16} />
            </AppLink>
          </li>
          <li>
            <AppLink href="/personalcenter/yinsi" className="pc-list__item">
              <span className="pc-list__label">隐私政策</span>
              <ChevronRight size={16} />
            </AppLink>
          </li>
        </ul>
        <form method="post" action="/-/account/logout" className="pc-logout">
          <button type="submit" className="btn btn--ghost btn--block">
            退出登录
          </button>
        </form>
        {/* Issue 33: every session of the member ends, on this phone and on every other device. */}
        <form method="post" action="/-/account/logout-all" className="pc-logout pc-logout--all">
          <button type="submit" className="pc-logout__all">
            退出所有设备
          </button>
          <p className="pc-logout__hint">在其他手机或电脑上的登录也将一并退出</p>
        </form>
      </section>
    </div>
  );
}

const CHANNELS: Record<string, string> = { ershoufang: '二手房', zufang: '租房', duanzu: '短租', xinfang: '新房' };

/** What a subscription watches, in words: the list it was made on and whether a filter was set. */
function channelOf(filter: string | null): string {
  if (!filter) return '房源';
  const [first = '', ...rest] = filter.split('?')[0]?.split('/').filter(Boolean) ?? [];
  const name = CHANNELS[first] ?? '房源';
  return rest.length || filter.includes('?') ? `${name}（按筛选条件）` : `全部${name}`;
}

function EntryBody({ e }: { e: Entry }) {
  return (
    <>
      <span className="pc-list__label">{e.label}</span>
      {e.hint ? <span className="pc-list__hint">{e.hint}</span> : null}
      {e.count !== undefined ? (
        <span className="pc-list__count" data-testid={`count-${e.label}`}>
          {e.count}
        </span>
      ) : null}
      <ChevronRight size={16} />
    </>
  );
}
