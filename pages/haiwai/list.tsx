import type { HaiwaiListData } from '../../src/contracts/page-data/haiwai.ts';
import { overseasListHref } from '../../src/lib/overseas-filters.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { OverseasCard } from '../../src/ui/haiwai/OverseasCard.tsx';
import { OverseasFilters } from '../../src/ui/haiwai/OverseasFilters.tsx';
import { Pagination } from '../../src/ui/list/Pagination.tsx';

/** /haiwaihome/list/{country}/{codes}/: overseas listings by country, price, layout; newest or by total price. */
export default function HaiwaiListPage({ data }: PageProps<HaiwaiListData>) {
  const q = data.query;
  return (
    <div className="lst hw-list">
      <OverseasFilters query={q} countries={data.countries} />
      {data.labels.length ? (
        <div className="lst__chips">
          {data.labels.map((l) => (
            <span key={l} className="lst__chip">
              {l}
            </span>
          ))}
          <AppLink className="lst__clear" href={overseasListHref({ country: q.country })}>
            清空筛选
          </AppLink>
        </div>
      ) : null}
      <div className="lst__count">
        <h1 className="lst__h1">{data.heading}</h1> 共找到<b data-testid="total">{data.total}</b>套海外房源
      </div>
      {data.items.length ? (
        <ul className="lst__list" data-testid="overseas-list">
          {data.items.map((o) => (
            <li key={o.houseId}>
              <OverseasCard item={o} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="lst__empty">
          <p>没有找到符合条件的海外房源，换个条件试试吧</p>
          <p>
            <AppLink className="btn btn--ghost btn--sm" href={overseasListHref({})}>
              查看全部海外房源
            </AppLink>
          </p>
        </div>
      )}
      <Pagination page={data.page} totalPages={data.totalPages} hrefOf={(n) => overseasListHref({ ...q, page: n > 1 ? n : undefined })} />
    </div>
  );
}
