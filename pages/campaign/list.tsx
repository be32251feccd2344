import type { ActivitySummary } from '../../src/contracts/gateway/index.ts';
import type { NewActivityData, NewActivityDetailData, NewActivityListData } from '../../src/contracts/page-data/campaign.ts';
import {
  ACTIVITY_KIND_NAMES,
  ACTIVITY_KINDS,
  ACTIVITY_STATE_NAMES,
  type ActivityKind,
  type ActivityState,
  deadlineText,
  huodongPath,
  newActivityPath,
  shortDate,
} from '../../src/lib/activity.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { Countdown, Rules, useTicker } from '../../src/ui/campaign/parts.tsx';
import { LazyImage } from '../../src/ui/LazyImage.tsx';

const kindName = (k: string) => ACTIVITY_KIND_NAMES[k as ActivityKind] ?? '活动';

function ActivityRow({ a }: { a: ActivitySummary }) {
  const ended = a.state === 'ended';
  return (
    <li className={`cp-li${ended ? ' cp-li--ended' : ''}`} data-testid="activity-item">
      <AppLink href={huodongPath(a.kind as ActivityKind, a.id)} className="cp-li__link">
        <div className="cp-li__media">
          <LazyImage src={a.banner} alt={a.name} width={343} height={165} className="cp-li__img" />
          <span className={`cp-li__state cp-li__state--${a.state}`}>{ACTIVITY_STATE_NAMES[a.state as ActivityState] ?? ''}</span>
          <span className="cp-li__kind">{kindName(a.kind)}</span>
        </div>
        <h2 className="cp-li__name">{a.name}</h2>
        <p className="cp-li__benefit">{a.benefit}</p>
        <p className="cp-li__meta">
          <span>
            {shortDate(a.startsAt)} - {shortDate(a.endsAt)}
          </span>
          <span>{a.signupCount}人已报名</span>
        </p>
      </AppLink>
    </li>
  );
}

function ListView({ d }: { d: NewActivityListData }) {
  const tabs: Array<{ label: string; href: string; on: boolean }> = [
    { label: '全部', href: newActivityPath({}), on: !d.state && !d.template },
    { label: '进行中', href: newActivityPath({ state: 'running' }), on: d.state === 'running' },
    { label: '已结束', href: newActivityPath({ state: 'ended' }), on: d.state === 'ended' },
  ];
  const base = { state: d.state as ActivityState | null, template: d.template as ActivityKind | null };
  return (
    <div className="cp-list">
      <header className="cp-list__head">
        <h1>最新活动</h1>
        <p>购房节、特价房、看房团、优惠券，一站报名</p>
      </header>
      {d.banners.length ? (
        <div className="cp-list__banners">
          {d.banners.slice(0, 3).map((b) => (
            <AppLink key={b.id} href={b.link} className="cp-list__banner">
              <img src={b.img} alt={b.title} width={750} height={360} />
              <span>{b.title}</span>
            </AppLink>
          ))}
        </div>
      ) : null}
      <nav className="cp-tabs" aria-label="活动状态">
        {tabs.map((t) => (
          <AppLink key={t.label} href={t.href} className={`cp-tabs__tab${t.on ? ' is-on' : ''}`} aria-current={t.on ? 'page' : undefined}>
            {t.label}
          </AppLink>
        ))}
      </nav>
      <nav className="cp-kinds" aria-label="活动类型">
        {ACTIVITY_KINDS.map((k) => (
          <AppLink key={k} href={newActivityPath({ template: k })} className={`cp-kinds__kind${d.template === k ? ' is-on' : ''}`}>
            {ACTIVITY_KIND_NAMES[k]}
          </AppLink>
        ))}
      </nav>
      <p className="cp-list__total">
        共<b data-testid="total">{d.total}</b>场活动
      </p>
      {d.items.length ? (
        <ul className="cp-list__items">
          {d.items.map((a) => (
            <ActivityRow key={a.id} a={a} />
          ))}
        </ul>
      ) : (
        <p className="cp-list__empty">暂无活动，敬请期待</p>
      )}
      {d.totalPages > 1 ? (
        <nav className="cp-pager" aria-label="分页">
          {d.page > 1 ? (
            <AppLink href={newActivityPath({ ...base, page: d.page - 1 })} rel="prev">
              上一页
            </AppLink>
          ) : (
            <span className="is-off">上一页</span>
          )}
          <span data-testid="page">
            {d.page}/{d.totalPages}
          </span>
          {d.page < d.totalPages ? (
            <AppLink href={newActivityPath({ ...base, page: d.page + 1 })} rel="next">
              下一页
            </AppLink>
          ) : (
            <span className="is-off">下一页</span>
          )}
        </nav>
      ) : null}
    </div>
  );
}

function DetailView({ d }: { d: NewActivityDetailData }) {
  const now = useTicker(d.renderedAt);
  const a = d.activity;
  const href = huodongPath(a.kind as ActivityKind, a.id);
  return (
    <div className="cp-list cp-detail">
      <img className="cp-detail__img" src={a.banner} alt={a.name} width={750} height={360} />
      <section className="cp-sec">
        <span className="cp-li__kind cp-li__kind--inline">{kindName(a.kind)}</span>
        <h1 className="cp-detail__name" data-testid="activity-name">
          {a.name}
        </h1>
        <p className="cp-detail__benefit">{a.benefit}</p>
        <Countdown activity={a} now={now} className="cp-line" />
        <p className="cp-detail__meta">
          {deadlineText(a.startsAt)} 至 {deadlineText(a.endsAt)} · {a.signupCount}人已报名
        </p>
        <AppLink href={href} className="cp-detail__go" data-testid="activity-go">
          {a.state === 'ended' ? '查看活动详情' : '进入活动页报名'}
        </AppLink>
      </section>
      <Rules activity={a} />
      <p className="cp-detail__back">
        <AppLink href="/newActivity/">← 返回活动列表</AppLink>
      </p>
    </div>
  );
}

/** /newActivity/*: the city's activities by state or kind with pages; `{id}.html` is one activity's summary. */
export default function NewActivityPage({ data }: PageProps<NewActivityData>) {
  return data.view === 'detail' ? <DetailView d={data} /> : <ListView d={data} />;
}
