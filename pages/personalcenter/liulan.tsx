import type { ViewHistoryData } from '../../src/contracts/page-data/personal.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { ActionNotices } from '../../src/ui/personal/FormBits.tsx';
import { SavedItemCard, savedKeyOf } from '../../src/ui/personal/SavedItemCard.tsx';

const SELF = '/personalcenter/liulan';
const NOTICES: Record<string, string> = { removed: '已删除该浏览记录', cleared: '浏览记录已清空' };
const ERRORS: Record<string, string> = { notfound: '该浏览记录已删除' };

type Entry = ViewHistoryData['entries'][number];

/** Consecutive entries of one day (the list is newest first, so each day is one run). */
function byDay(entries: Entry[]): Array<{ day: string; entries: Entry[] }> {
  const days: Array<{ day: string; entries: Entry[] }> = [];
  for (const e of entries) {
    const last = days.at(-1);
    if (last && last.day === e.day) last.entries.push(e);
    else days.push({ day: e.day, entries: [e] });
  }
  return days;
}

/**
 * /personalcenter/liulan: 浏览记录 (issue 34), the things the member opened, newest first by day. Each has 删除 (a
 * plain form post to /-/action/history-remove); 清空 opens a confirmation in a <details>, so clearing takes two taps
 * and works without JavaScript.
 */
export default function ViewHistoryPage({ data, query }: PageProps<ViewHistoryData>) {
  const notice = NOTICES[query?.notice ?? ''];
  const error = ERRORS[query?.error ?? ''];
  return (
    <div className="fav vhist">
      <div className="fav__head">
        <h1 className="fav__title">浏览记录</h1>
        {data.entries.length ? (
          <details className="vhist__clear">
            <summary data-testid="history-clear">清空</summary>
            <form method="post" action="/-/action/history-clear" className="vhist__confirm">
              <input type="hidden" name="back" value={SELF} />
              <span>{`清空全部${data.entries.length}条浏览记录？`}</span>
              <button type="submit" className="btn btn--primary btn--sm" data-testid="history-clear-confirm">
                确定清空
              </button>
            </form>
          </details>
        ) : null}
      </div>
      <ActionNotices notice={notice} error={error} testId="history-notice" />
      {data.entries.length ? (
        byDay(data.entries).map((d) => (
          <section key={d.day} className="vhist__day" aria-label={d.day}>
            <h2 className="vhist__day-title">{d.day}</h2>
            <ul className="lst__list fav__list" data-testid="history">
              {d.entries.map((e) => {
                const k = savedKeyOf(e);
                return (
                  <li key={`${k.kind}:${k.id}`} className="fav__item">
                    <div className="fav__card">
                      <SavedItemCard e={e} />
                    </div>
                    <form method="post" action="/-/action/history-remove" className="vhist__remove">
                      <input type="hidden" name="item" value={`${k.kind}:${k.id}`} />
                      <input type="hidden" name="back" value={SELF} />
                      <button type="submit" className="fav__remove" data-testid="history-remove">
                        删除
                      </button>
                    </form>
                  </li>
                );
              })}
            </ul>
          </section>
        ))
      ) : (
        <div className="lst__empty" data-testid="history-empty">
          <p>还没有浏览记录。登录后看过的房源、楼盘和小区会按日期保存在这里，方便您回头再看。</p>
          <p>
            <AppLink className="btn btn--primary btn--sm" href="/ershoufang/">
              去看看二手房
            </AppLink>{' '}
            <AppLink className="btn btn--ghost btn--sm" href="/xinfang/">
              去看看新房
            </AppLink>
          </p>
        </div>
      )}
    </div>
  );
}
