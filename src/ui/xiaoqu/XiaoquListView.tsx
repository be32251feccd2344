import type { XiaoquListData } from '../../contracts/page-data/xiaoqu.ts';
import { XIAOQU_LIST_BASE, xiaoquListHref } from '../../lib/xiaoqu-filters.ts';
import { AppLink } from '../AppLink.tsx';
import { SearchIcon } from '../icons.tsx';
import { FIRST_SCREEN_CARDS } from '../LazyImage.tsx';
import { lazyPart } from '../lazy-part.tsx';
import { Pagination } from '../list/Pagination.tsx';
import { XiaoquCard } from './XiaoquCard.tsx';

/**
 * The filter bar loads at its first touch (issue 35 part 4): until then it is the server's `<details>` panels of plain
 * links, which work without JavaScript.
 */
const XiaoquFilterBar = lazyPart(() => import('./XiaoquFilterBar.tsx').then((m) => m.XiaoquFilterBar), {
  when: 'tap',
  fallback: () => <div className="fbar fbar--wait" />,
});

/** The community list screen: search, the filter bar, the active filters, the count, the cards and the page links. */
export function XiaoquListView({ data }: { data: XiaoquListData }) {
  const { query: q, places } = data;
  const sorted = q.sort !== undefined;
  return (
    <div className="lst xq-list">
      <div className="lst__top">
        <form className="lst__search" action={XIAOQU_LIST_BASE} method="get" role="search">
          <SearchIcon size={18} />
          <input
            type="search"
            name="keyword"
            defaultValue={q.keyword ?? ''}
            placeholder="请输入小区名或商圈"
            aria-label="搜索小区"
            maxLength={64}
          />
          <button type="submit">搜索</button>
        </form>
      </div>
      <XiaoquFilterBar query={q} places={places} />
      {data.labels.length || q.keyword ? (
        <div className="lst__chips">
          {q.keyword ? <span className="lst__chip">“{q.keyword}”</span> : null}
          {data.labels.map((l) => (
            <span key={l} className="lst__chip">
              {l}
            </span>
          ))}
          <AppLink className="lst__clear" href={xiaoquListHref({ regionId: q.regionId, shopMapId: q.shopMapId, sort: q.sort }, places)}>
            清空筛选
          </AppLink>
        </div>
      ) : null}
      <div className="lst__count">
        <h1 className="lst__h1">{data.heading}</h1> 共找到<b data-testid="total">{data.total}</b>个小区
      </div>
      <h2 className="vh">小区列表{sorted ? '（已排序）' : ''}</h2>
      {data.items.length ? (
        <ul className="lst__list" data-testid="xiaoqu-list">
          {data.items.map((x, i) => (
            <li key={x.stressId}>
              <XiaoquCard xiaoqu={x} eager={i < FIRST_SCREEN_CARDS} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="lst__empty">
          <p>没有找到符合条件的小区，换个条件试试吧</p>
          <p>
            <AppLink className="btn btn--ghost btn--sm" href={XIAOQU_LIST_BASE}>
              查看全部小区
            </AppLink>
          </p>
        </div>
      )}
      <Pagination
        page={data.page}
        totalPages={data.totalPages}
        hrefOf={(n) => xiaoquListHref({ ...q, page: n > 1 ? n : undefined }, places)}
      />
    </div>
  );
}
