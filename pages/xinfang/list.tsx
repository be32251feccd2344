import type { XinfangListData } from '../../src/contracts/page-data/xinfang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { CompareAddButton, CompareForm } from '../../src/ui/compare/CompareAddButton.tsx';
import { CloseIcon, SearchIcon } from '../../src/ui/icons.tsx';
import { lazyPart } from '../../src/ui/lazy-part.tsx';
import { Pagination } from '../../src/ui/list/Pagination.tsx';
import { SaveSearchPart } from '../../src/ui/list/SaveSearchPart.tsx';
import { SmsSubscribePart } from '../../src/ui/list/SmsSubscribePart.tsx';
import { EstateItem } from '../../src/ui/xinfang/EstateItem.tsx';
import { Moved } from '../../src/ui/xinfang/Moved.tsx';

/**
 * Estate rows are shorter than listing cards: a phone's first screen (Lighthouse's 412×823) shows four below the
 * entries and the filter bar, and the fourth was the page's LCP element, waiting for the script as an observed image.
 * Their images load at once (issue 20: LCP on /xinfang/).
 */
const FIRST_SCREEN_ESTATES = 4;

/**
 * The filter bar loads at its first touch (issue 35 part 4): until then it is the server's `<details>` panels of plain
 * links, which work without JavaScript.
 */
const XfFilterBar = lazyPart(() => import('../../src/ui/xinfang/XfFilterBar.tsx').then((m) => m.XfFilterBar), {
  when: 'tap',
  fallback: () => <div className="xf-fbar xf-fbar--wait" />,
});

const ENTRIES = [
  { href: '/xinfang/salesRanking', label: '热销排行', tone: 'red', glyph: '榜' },
  { href: '/xinfangTabPages/newest', label: '最新开盘', tone: 'orange', glyph: '新' },
  { href: '/xinfang/houseClassifyData', label: '楼盘分类', tone: 'blue', glyph: '类' },
  { href: '/xinfang/hangqing', label: '新房行情', tone: 'green', glyph: '市' },
  { href: '/xinfang/starAgent', label: '明星顾问', tone: 'violet', glyph: '星' },
  { href: '/xinfang/findHouse', label: '帮我找房', tone: 'teal', glyph: '找' },
] as const;

export default function XinfangListPage({ data }: PageProps<XinfangListData | { movedTo: string }>) {
  const { city } = useAppState();
  if ('movedTo' in data) return <Moved to={data.movedTo} />;
  const { filter, slugs, view } = data;
  const active = view.chips;
  return (
    <div className="xf-list">
      <section className="xf-list__top">
        <form className="xf-search" action="/xinfang/" method="get" role="search">
          <SearchIcon size={16} className="xf-search__icon" />
          <input
            className="xf-search__input"
            type="search"
            name="keyword"
            defaultValue={data.keyword}
            placeholder="请输入楼盘名称或地址"
            enterKeyHint="search"
            aria-label="搜索楼盘"
          />
        </form>
        {!active.length && !data.keyword && data.page === 1 ? (
          <ul className="xf-entries">
            {ENTRIES.map((e) => (
              <li key={e.href}>
                <AppLink href={e.href} className="xf-entry">
                  <span className={`xf-entry__icon xf-entry__icon--${e.tone}`} aria-hidden="true">
                    {e.glyph}
                  </span>
                  <span className="xf-entry__label">{e.label}</span>
                </AppLink>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <XfFilterBar filter={filter} regions={data.regions} slugs={slugs} />
      <div className="xf-list__summary">
        <h1 className="xf-list__h1">{data.keyword ? `“${data.keyword}”相关楼盘` : view.heading}</h1>
        <span className="xf-list__count">
          共
          <strong className="xf-list__total" data-testid="xf-total">
            {data.total}
          </strong>
          个楼盘
        </span>
        {/* Issue 37: the filtered list saved as a search that notifies (a keyword search is no filtered list) */}
        {data.keyword ? null : <SaveSearchPart suggestedName={view.heading} />}
      </div>
      {active.length ? (
        <div className="xf-chips">
          {active.map((c) => (
            <AppLink key={c.label} href={c.href} className="xf-chip" aria-label={`取消${c.label}`}>
              {c.label}
              <CloseIcon size={12} />
            </AppLink>
          ))}
          <AppLink href="/xinfang/" className="xf-chip xf-chip--reset">
            清空
          </AppLink>
        </div>
      ) : null}
      {/* the estates' 对比 buttons post with this form when there is no JavaScript (issue 37 part 4) */}
      <CompareForm />
      {/* the estates' names are h3: this keeps the outline h1 → h2 → h3 for screen readers */}
      <h2 className="vh">楼盘列表</h2>
      {data.list.length ? (
        <ul className="xf-list__items card" data-testid="xf-items">
          {data.list.map((e, i) => (
            <li key={e.houseId}>
              <EstateItem estate={e} eager={i < FIRST_SCREEN_ESTATES} />
              <CompareAddButton item={`xinfang:${e.houseId}`} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="xf-empty card">
          <p className="xf-empty__title">暂无符合条件的楼盘</p>
          <p className="xf-empty__text">换个条件试试，或者让置业顾问帮您找房</p>
          <div className="xf-empty__actions">
            <AppLink href="/xinfang/" className="btn btn--ghost btn--sm">
              清空筛选
            </AppLink>
            <AppLink href="/xinfang/findHouse" className="btn btn--primary btn--sm">
              帮我找房
            </AppLink>
          </div>
        </div>
      )}
      <Pagination page={data.page} totalPages={data.totalPages} hrefOf={(n) => view.pageHrefs[n] ?? ''} />
      <SmsSubscribePart what="新房" />
      {data.hot.length ? (
        <section className="card xf-sec">
          <h2 className="xf-sec__title">热门楼盘推荐</h2>
          <ul>
            {data.hot.map((e) => (
              <li key={e.houseId}>
                <EstateItem estate={e} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {view.regionLinks.length ? (
        <section className="card xf-sec xf-seo">
          <h2 className="xf-sec__title">{city.selectCityName}各区域新房</h2>
          <p className="xf-seo__links">
            {view.regionLinks.map((r) => (
              <AppLink key={r.href} href={r.href}>
                {r.label}
              </AppLink>
            ))}
          </p>
        </section>
      ) : null}
    </div>
  );
}
