import type { ComponentType } from 'react';
import type { Listing } from '../../contracts/page-data/cards.ts';
import type { ListPageData } from '../../contracts/page-data/list.ts';
import { isCommercialKind, type ListingKind } from '../../lib/listing-kinds.ts';
import { beijingDayOf } from '../../lib/time-label.ts';
import { useAppState } from '../../stores/context.tsx';
import { AppLink } from '../AppLink.tsx';
import { CompareForm } from '../compare/CompareAddButton.tsx';
import { SearchIcon } from '../icons.tsx';
import { FIRST_SCREEN_CARDS } from '../LazyImage.tsx';
import { ListingCard, ListingCardAt } from '../ListingCard.tsx';
import { lazyPart } from '../lazy-part.tsx';
import { useMemoChildren } from '../markup-memo.tsx';
import type { FilterBarProps } from './filter-parts.tsx';
import { SaveSearchPart } from './SaveSearchPart.tsx';

/** The page links under the cards: they need the filter tables, which come with them when they come into view. */
const ListingPagination = lazyPart(() => import('./ListingPagination.tsx').then((m) => m.ListingPagination), {
  when: 'view',
  fallback: ({ data }) => (data.totalPages > 1 ? <nav className="pager pager--wait" /> : null),
});

export interface ListingListViewProps {
  data: ListPageData;
  /**
   * The filter bar of the page's kinds (FilterBar; CommercialFilterBar for shops and offices) and, for the commercial
   * lists, their kind tabs (CommercialTabs). The page module hands them in, so a page's JavaScript carries only its
   * own bar (issue 20: the second-hand and rental lists load no commercial filter code).
   */
  Bar: ComponentType<FilterBarProps>;
  Tabs?: ComponentType<{ kind: ListingKind; deal?: number }>;
}

/**
 * The second-hand / rental / short-term / shop and office list screen: keyword search (a GET form: the server redirects it to the
 * canonical path), kind tabs, the filter bar, the active filters, the count, the cards and the page links.
 */
export function ListingListView({ data, Bar, Tabs }: ListingListViewProps) {
  const { kind, base, query: q, dict } = data;
  const rent = kind === 'zufang';
  const commercial = isCommercialKind(kind);
  const noun = data.noun ?? (data.shortTerm ? '短租房' : rent ? '租房' : '二手房');
  return (
    <div className="lst">
      <div className="lst__top">
        <form className="lst__search" action={base} method="get" role="search">
          <SearchIcon size={18} />
          <input
            type="search"
            name="keyword"
            defaultValue={q.keyword ?? ''}
            placeholder={commercial ? '请输入商圈、街道或业态' : rent ? '请输入小区或商圈名' : '请输入小区、商圈或地铁站'}
            aria-label={`搜索${noun}`}
            maxLength={64}
          />
          <button type="submit">搜索</button>
        </form>
        {rent ? (
          <nav className="lst__kinds" aria-label="租房类型">
            <AppLink href="/zufang/" className={!data.shortTerm && !q.rentType ? 'is-on' : ''}>
              全部
            </AppLink>
            <AppLink href="/zufang/rt1/" className={!data.shortTerm && q.rentType === 1 ? 'is-on' : ''}>
              整租
            </AppLink>
            <AppLink href="/zufang/rt2/" className={!data.shortTerm && q.rentType === 2 ? 'is-on' : ''}>
              合租
            </AppLink>
            <AppLink href="/zufang/zuyj">品牌公寓</AppLink>
            <AppLink href="/duanzu/" className={data.shortTerm ? 'is-on' : ''}>
              短租
            </AppLink>
          </nav>
        ) : null}
        {Tabs ? <Tabs kind={kind} deal={q.deal} /> : null}
      </div>
      <Bar kind={kind} base={base} query={q} dict={dict} />
      {data.labels.length || q.keyword ? (
        <div className="lst__chips">
          {q.keyword ? <span className="lst__chip">“{q.keyword}”</span> : null}
          {data.labels.map((l) => (
            <span key={l} className="lst__chip">
              {l}
            </span>
          ))}
          <AppLink className="lst__clear" href={data.clearHref}>
            清空筛选
          </AppLink>
        </div>
      ) : null}
      <div className="lst__count">
        <span className="lst__count-text">
          <h1 className="lst__h1">{data.heading}</h1> 共找到<b data-testid="total">{data.total}</b>
          {commercial ? '条' : '套'}
          {noun}
        </span>
        {/* Issue 37: the filtered list saved as a search that notifies (not 找铺, which lists two kinds at once). */}
        {kind !== 'zhaopu' ? <SaveSearchPart suggestedName={[data.heading, ...data.labels].join(' ').slice(0, 30)} /> : null}
      </div>
      {/* the cards' 对比 buttons post with this form when there is no JavaScript (issue 37 part 4) */}
      {commercial ? null : <CompareForm />}
      {/* the cards' titles are h3: this keeps the outline h1 → h2 → h3 for screen readers */}
      <h2 className="vh">{noun}列表</h2>
      {data.items.length ? (
        <ul className="lst__list" data-testid="listing-list">
          {data.items.map((l, i) => (
            <ListingItem key={l.houseId} listing={l} kind={kind} eager={i < FIRST_SCREEN_CARDS} />
          ))}
        </ul>
      ) : (
        <div className="lst__empty">
          <p>没有找到符合条件的{noun}，换个条件试试吧</p>
          <p>
            <AppLink className="btn btn--ghost btn--sm" href={base}>
              查看全部{noun}
            </AppLink>
          </p>
        </div>
      )}
      <ListingPagination data={data} />
    </div>
  );
}

/** Listing cards' markup depends on nothing but the card's own props and the day: one scope for all of them. */
const CARDS = {};

/**
 * A list's card. The same listing is the same card on every list, page and filter it appears in, so the server
 * renders it once and reuses the markup (issue 20; the key is the listing itself, so a changed price is a new card).
 * A first-screen card is rendered in place: its image's preload is hoisted into the document by the page's own render.
 */
function ListingItem({ listing, kind, eager }: { listing: Listing; kind: ListingKind; eager: boolean }) {
  if (eager)
    return (
      <li>
        <ListingCard listing={listing} kind={kind} eager compare />
      </li>
    );
  return <MemoisedListingItem listing={listing} kind={kind} />;
}

function MemoisedListingItem({ listing, kind }: { listing: Listing; kind: ListingKind }) {
  // 今天上架 becomes 昨天上架 at midnight: the Beijing day is part of the key.
  const now = useAppState().route.renderedAt;
  const card = useMemoChildren(
    CARDS,
    () => `${kind}\u0001${beijingDayOf(now)}\u0001${JSON.stringify(listing)}`,
    <ListingCardAt listing={listing} kind={kind} now={now} compare />,
  );
  return <li {...card} />;
}
