import type { XiaoxiData } from '../../src/contracts/page-data/personal.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { ClockSelect } from '../../src/ui/ClockSelect.tsx';
import { ActionNotices } from '../../src/ui/personal/FormBits.tsx';

const SELF = '/personalcenter/xiaoxi';
const NOTICES: Record<string, string> = {
  'all-read': '全部消息已读',
  deleted: '已删除该消息',
  'search-on': '已开启该搜索的通知',
  'search-off': '已关闭该搜索的通知',
  'search-deleted': '已删除保存的搜索',
  settings: '设置已保存',
};
const ERRORS: Record<string, string> = { notfound: '该消息或搜索已不存在' };
const KIND_LABELS: Record<string, string> = { new: '新房源', drop: '降价', 'favourite-drop': '收藏降价' };

type Notice = XiaoxiData['notices'][number];
type Search = XiaoxiData['searches'][number];

/** A hidden field of a plain form. */
const Hidden = ({ name, value }: { name: string; value: string | number }) => <input type="hidden" name={name} value={value} />;

/**
 * /personalcenter/xiaoxi (issue 37 part 3): the message centre. Notices newest first, unread in bold; tapping one is a
 * plain form post that marks it read and goes on to its listing or list (303), so it works without JavaScript; 全部已读
 * and 删除 likewise. Below, the settings: each saved search on/off or deleted, SMS on/off, quiet hours (Beijing time).
 */
export default function XiaoxiPage({ data, query }: PageProps<XiaoxiData>) {
  const notice = NOTICES[query?.notice ?? ''];
  const error = ERRORS[query?.error ?? ''];
  return (
    <div className="ntc">
      <div className="fav__head">
        <h1 className="fav__title">消息中心</h1>
        {data.unread > 0 ? (
          <form method="post" action="/-/action/notice-read">
            <Hidden name="back" value={SELF} />
            <button type="submit" className="btn btn--ghost btn--sm" data-testid="notice-read-all">
              全部已读
            </button>
          </form>
        ) : null}
      </div>
      <ActionNotices notice={notice} error={error} testId="xiaoxi-notice" />
      <AppLink href="/im/list" className="ntc__chat">
        <span>聊天消息</span>
        {data.chatUnread > 0 ? <span className="ntc__count">{data.chatUnread > 99 ? '99+' : data.chatUnread}条未读</span> : null}
      </AppLink>
      <h2 className="ntc__h2">通知{data.unread > 0 ? <span className="ntc__count">{data.unread}条未读</span> : null}</h2>
      {data.notices.length ? (
        <ul className="ntc__list" data-testid="notices">
          {data.notices.map((n) => (
            <NoticeItem key={n.id} n={n} />
          ))}
        </ul>
      ) : (
        <div className="lst__empty" data-testid="notices-empty">
          <p>还没有通知。在二手房、租房列表筛选后点“保存搜索”，有新房源或降价时会通知您；收藏的房源降价也会通知您。</p>
          <p>
            <AppLink className="btn btn--primary btn--sm" href="/ershoufang/">
              去找二手房
            </AppLink>
          </p>
        </div>
      )}
      {data.totalPages > 1 ? (
        <nav className="pager" aria-label="分页">
          {data.page > 1 ? <AppLink href={data.page === 2 ? SELF : `${SELF}?page=${data.page - 1}`}>上一页</AppLink> : null}
          <span>
            {data.page}/{data.totalPages}
          </span>
          {data.page < data.totalPages ? <AppLink href={`${SELF}?page=${data.page + 1}`}>下一页</AppLink> : null}
        </nav>
      ) : null}
      <section className="ntc__settings" aria-labelledby="ntc-settings">
        <h2 className="ntc__h2" id="ntc-settings">
          通知设置
        </h2>
        <h3 className="ntc__h3">保存的搜索</h3>
        {data.searches.length ? (
          <ul className="ntc__searches" data-testid="saved-searches">
            {data.searches.map((s) => (
              <SearchItem key={s.id} s={s} />
            ))}
          </ul>
        ) : (
          <p className="ntc__muted">还没有保存的搜索。</p>
        )}
        <form method="post" action="/-/action/notice-settings" className="ntc__form" data-testid="notice-settings">
          <Hidden name="back" value={SELF} />
          <label className="ntc__check">
            <input type="checkbox" name="sms" value="1" defaultChecked={data.settings.sms} />
            短信通知（保存搜索时选了短信的才发）
          </label>
          <label className="ntc__check">
            <input type="checkbox" name="quiet" value="1" defaultChecked={data.settings.quiet} />
            免打扰（北京时间，期间的短信延后发送，站内消息照常）
          </label>
          <div className="ntc__times">
            <ClockSelect name="quietFrom" value={data.settings.quietFrom} label="免打扰开始" />
            <span>至</span>
            <ClockSelect name="quietTo" value={data.settings.quietTo} label="免打扰结束" />
          </div>
          <button type="submit" className="btn btn--primary btn--sm">
            保存设置
          </button>
        </form>
      </section>
    </div>
  );
}

/** One notice: the whole row opens its target and marks it read; 删除 beside it. */
function NoticeItem({ n }: { n: Notice }) {
  return (
    <li className={`ntc__item${n.read ? '' : ' is-unread'}`} data-testid="notice">
      <form method="post" action="/-/action/notice-read" className="ntc__open">
        <Hidden name="id" value={n.id} />
        <Hidden name="back" value={n.url} />
        <button type="submit" className="ntc__btn">
          <span className="ntc__top">
            <span className={`ntc__kind ntc__kind--${n.kind}`}>{KIND_LABELS[n.kind] ?? '通知'}</span>
            {n.read ? <span className="ntc__title">{n.title}</span> : <b className="ntc__title">{n.title}</b>}
            <time className="ntc__when">{n.when}</time>
          </span>
          <span className="ntc__text">{n.text}</span>
        </button>
      </form>
      <form method="post" action="/-/action/notice-delete" className="ntc__del">
        <Hidden name="id" value={n.id} />
        <Hidden name="back" value={SELF} />
        <button type="submit" className="pc-op" aria-label={`删除消息：${n.title}`} data-testid="notice-delete">
          删除
        </button>
      </form>
    </li>
  );
}

/** One saved search: its list, what it notifies, on/off, delete. */
function SearchItem({ s }: { s: Search }) {
  const wants = [s.wantNew ? '新房源' : '', s.wantDrop ? '降价' : '', s.sms ? '短信' : ''].filter(Boolean).join(' · ');
  return (
    <li className={`ntc__search${s.enabled ? '' : ' is-off'}`} data-testid="saved-search">
      <AppLink href={s.url} className="ntc__search-name">
        {s.name}
      </AppLink>
      <span className="ntc__muted">{wants}</span>
      <span className="ntc__ops">
        <form method="post" action="/-/action/saved-search-toggle">
          <Hidden name="id" value={s.id} />
          <Hidden name="enabled" value={s.enabled ? '0' : '1'} />
          <Hidden name="back" value={SELF} />
          <button type="submit" className="btn btn--ghost btn--sm" aria-pressed={s.enabled} data-testid="saved-search-toggle">
            {s.enabled ? '通知已开' : '通知已关'}
          </button>
        </form>
        <form method="post" action="/-/action/saved-search-delete">
          <Hidden name="id" value={s.id} />
          <Hidden name="back" value={SELF} />
          <button type="submit" className="pc-op" aria-label={`删除搜索：${s.name}`}>
            删除
          </button>
        </form>
      </span>
    </li>
  );
}
