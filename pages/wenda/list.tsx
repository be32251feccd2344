import type { WendaListPageData } from '../../src/contracts/page-data/wenda.ts';
import { WENDA_CATEGORIES, WENDA_SORTS, wendaListHref } from '../../src/lib/wenda.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { Pagination } from '../../src/ui/list/Pagination.tsx';
import { QuestionItem } from '../../src/ui/wenda/QuestionItem.tsx';

/** /wenda/[category/][sort/][pg{n}/]: the city's questions by category, newest, hot or still unanswered. */
export default function WendaListPage({ data }: PageProps<WendaListPageData>) {
  const { city } = useAppState();
  const category = data.category ?? undefined;
  return (
    <div className="wd-page">
      <header className="bk-hero wd-hero">
        <h1>{data.category ? `${data.category}问答` : `${city.selectCityName}房产问答`}</h1>
        <p>
          共{data.total}个问题 · <AppLink href="/baike/">房产百科</AppLink>
        </p>
        <AppLink href="/wenda/tiwen" className="btn btn--sm wd-hero__ask">
          我要提问
        </AppLink>
      </header>
      <nav className="wd-chips" aria-label="分类">
        <AppLink
          href={wendaListHref({ sort: data.sort, page: 1 })}
          className={`wd-chip${category ? '' : ' is-on'}`}
          aria-current={category ? undefined : 'page'}
        >
          全部
        </AppLink>
        {WENDA_CATEGORIES.map((c) => (
          <AppLink
            key={c.slug}
            href={wendaListHref({ category: c.name, sort: data.sort, page: 1 })}
            className={`wd-chip${category === c.name ? ' is-on' : ''}`}
            aria-current={category === c.name ? 'page' : undefined}
          >
            {c.name}
          </AppLink>
        ))}
      </nav>
      <section className="card">
        <nav className="wd-sorts" aria-label="排序">
          {WENDA_SORTS.map((s) => (
            <AppLink
              key={s.sort}
              href={wendaListHref({ category, sort: s.sort, page: 1 })}
              className={`wd-sort${data.sort === s.sort ? ' is-on' : ''}`}
              aria-current={data.sort === s.sort ? 'page' : undefined}
            >
              {s.label}
            </AppLink>
          ))}
        </nav>
        <ul className="wd-list">
          {data.list.map((q) => (
            <QuestionItem key={q.id} q={q} />
          ))}
        </ul>
        {data.list.length ? null : <p className="dt-empty">暂时没有这样的问题</p>}
      </section>
      <Pagination page={data.page} totalPages={data.totalPages} hrefOf={(n) => wendaListHref({ category, sort: data.sort, page: n })} />
    </div>
  );
}
