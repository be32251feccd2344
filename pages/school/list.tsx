import type { SchoolListData } from '../../src/contracts/page-data/school.ts';
import { schoolListHref } from '../../src/lib/school-filters.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { FIRST_SCREEN_CARDS } from '../../src/ui/LazyImage.tsx';
import { Pagination } from '../../src/ui/list/Pagination.tsx';
import { SchoolCard, SchoolRankList } from '../../src/ui/school/SchoolCard.tsx';
import { SchoolFilters } from '../../src/ui/school/SchoolFilters.tsx';

/** /school/{district}/{level}/{codes}/: schools by level, district, 公办/民办 and key schools, in the gateway's ranking order. */
export default function SchoolListPage({ data }: PageProps<SchoolListData>) {
  const q = data.query;
  return (
    <div className="lst sch-list-page">
      <SchoolFilters query={q} regions={data.regions} counts={data.counts} />
      {data.labels.length ? (
        <div className="lst__chips">
          {data.labels.map((l) => (
            <span key={l} className="lst__chip">
              {l}
            </span>
          ))}
          <AppLink className="lst__clear" href={schoolListHref({ regionId: q.regionId, level: q.level }, data.regions)}>
            清空筛选
          </AppLink>
        </div>
      ) : null}
      <div className="lst__count">
        <h1 className="lst__h1">{data.heading}</h1> 共找到<b data-testid="total">{data.total}</b>所学校
      </div>
      {data.items.length ? (
        <ul className="lst__list" data-testid="school-list">
          {data.items.map((s, i) => (
            <li key={s.schoolId}>
              <SchoolCard school={s} eager={i < FIRST_SCREEN_CARDS} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="lst__empty">
          <p>没有找到符合条件的学校，换个条件试试吧</p>
          <p>
            <AppLink className="btn btn--ghost btn--sm" href={schoolListHref({}, data.regions)}>
              查看全部学校
            </AppLink>
          </p>
        </div>
      )}
      <Pagination
        page={data.page}
        totalPages={data.totalPages}
        hrefOf={(n) => schoolListHref({ ...q, page: n > 1 ? n : undefined }, data.regions)}
      />
      {data.hot.length ? (
        <section className="dt-block sch-hot">
          <h2 className="dt-block__title">热门学校</h2>
          <SchoolRankList schools={data.hot} showRank={false} />
        </section>
      ) : null}
    </div>
  );
}
