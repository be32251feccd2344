import type { XinfangListData } from '../../src/contracts/page-data/xinfang.ts';
import { loupanTypeName } from '../../src/lib/loupan-types.ts';
import { saleStatusLabel } from '../../src/lib/sale-status.ts';
import {
  filterWords,
  ROOM_OPTIONS,
  TOTAL_PRICE_BANDS,
  toggleRoom,
  UNIT_PRICE_BANDS,
  withFilter,
  type XinfangFilter,
  xinfangPath,
} from '../../src/lib/xinfang-filters.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { CompareAddButton, CompareForm } from '../../src/ui/compare/CompareAddButton.tsx';
import { CloseIcon, SearchIcon } from '../../src/ui/icons.tsx';
import { lazyPart } from '../../src/ui/lazy-part.tsx';
import { Pagination } from '../../src/ui/list/Pagination.tsx';
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

/** The active filters as removable chips. */
function chips(f: XinfangFilter, regionName: string): Array<{ label: string; without: XinfangFilter }> {
  const out: Array<{ label: string; without: XinfangFilter }> = [];
  if (f.regionId) out.push({ label: regionName || '区域', without: withFilter(f, { regionId: undefined }) });
  if (f.typeCode) out.push({ label: loupanTypeName(f.typeCode), without: withFilter(f, { typeCode: undefined }) });
  if (f.saleStatus) out.push({ label: saleStatusLabel(f.saleStatus), without: withFilter(f, { saleStatus: undefined }) });
  const up = UNIT_PRICE_BANDS.find((b) => b.code === f.price);
  if (up) out.push({ label: `均价${up.label}`, without: withFilter(f, { price: undefined }) });
  const tp = TOTAL_PRICE_BANDS.find((b) => b.code === f.total);
  if (tp) out.push({ label: `总价${tp.label}`, without: withFilter(f, { total: undefined }) });
  for (const r of f.rooms ?? []) out.push({ label: ROOM_OPTIONS.find((o) => o.code === r)?.label ?? '', without: toggleRoom(f, r) });
  return out;
}

export default function XinfangListPage({ data }: PageProps<XinfangListData | { movedTo: string }>) {
  const { city } = useAppState();
  if ('movedTo' in data) return <Moved to={data.movedTo} />;
  const { filter, slugs } = data;
  const heading = `${city.selectCityName}${data.regionName}${filterWords(filter).join('')}新房`;
  const active = chips(filter, data.regionName);
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
        <h1 className="xf-list__h1">{data.keyword ? `“${data.keyword}”相关楼盘` : heading}</h1>
        <span className="xf-list__count">
          共
          <strong className="xf-list__total" data-testid="xf-total">
            {data.total}
          </strong>
          个楼盘
        </span>
      </div>
      {active.length ? (
        <div className="xf-chips">
          {active.map((c) => (
            <AppLink key={c.label} href={xinfangPath(c.without, slugs)} className="xf-chip" aria-label={`取消${c.label}`}>
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
      <Pagination
        page={data.page}
        totalPages={data.totalPages}
        hrefOf={(n) => xinfangPath({ ...filter, page: n }, slugs) + (data.keyword ? `?keyword=${encodeURIComponent(data.keyword)}` : '')}
      />
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
      {data.regions.length ? (
        <section className="card xf-sec xf-seo">
          <h2 className="xf-sec__title">{city.selectCityName}各区域新房</h2>
          <p className="xf-seo__links">
            {data.regions.map((r) => (
              <AppLink key={r.regionId} href={xinfangPath({ regionId: r.regionId }, slugs)}>
                {r.regionName}新房
              </AppLink>
            ))}
          </p>
        </section>
      ) : null}
    </div>
  );
}
