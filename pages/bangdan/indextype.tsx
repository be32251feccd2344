import type { IndextypeData } from '../../src/contracts/page-data/ranking.ts';
import { INDEXTYPE_INDEX_HREF, indextypeHref, indextypePageHref } from '../../src/lib/rankings.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { Pagination } from '../../src/ui/list/Pagination.tsx';
import { Chips, RkHero } from '../../src/ui/ranking/parts.tsx';
import { EstateItem } from '../../src/ui/xinfang/EstateItem.tsx';

/** /indextype/{code}: new-home estates of one SPEC 9 type, most viewed first, and the new-home list filtered by it. */
export default function IndextypePage({ data }: PageProps<IndextypeData>) {
  const { city } = useAppState();
  const name = data.type.name;
  return (
    <div className="rk-page">
      <RkHero title={`${city.selectCityName}${name}楼盘`} sub={`共${data.total}个${name}类新楼盘，按关注度排序`} />
      <Chips
        items={[
          { href: INDEXTYPE_INDEX_HREF, label: '全部类型' },
          ...data.types.map((t) => ({ href: indextypeHref(t.code), label: t.name })),
        ]}
        current={indextypeHref(data.type.code)}
      />
      <section className="card rk-sec">
        {data.estates.length ? (
          <ol className="rk-estates" data-testid="type-estates">
            {data.estates.map((e) => (
              <li key={e.houseId}>
                <EstateItem estate={e} rank={e.rank} note={`${e.viewNum}人关注`} />
              </li>
            ))}
          </ol>
        ) : (
          <p className="rk-empty">暂无{name}类楼盘</p>
        )}
        <Pagination page={data.page} totalPages={data.totalPages} hrefOf={(n) => indextypePageHref(data.type.code, n)} />
        <AppLink href={data.listHref} className="block__all" data-testid="type-list-link">
          查看全部{name}新房 ›
        </AppLink>
      </section>
    </div>
  );
}
