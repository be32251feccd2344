import type { ZixunListData } from '../../src/contracts/page-data/zixun.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { ArticleList } from '../../src/ui/article/ArticleCard.tsx';
import { FIRST_SCREEN_CARDS } from '../../src/ui/LazyImage.tsx';
import { Pagination } from '../../src/ui/list/Pagination.tsx';

/** /zixun/{ids?}, /daogou/{ids?}: the section's type tabs and one tab's articles, newest first (issue 15). */
export default function ZixunListPage({ data }: PageProps<ZixunListData>) {
  const heading = data.section === 'daogou' ? '购房导购' : '房产资讯';
  return (
    <div className="art-page">
      <h1 className="art-page__h">{data.typeName ? `${heading} · ${data.typeName}` : heading}</h1>
      <nav className="art-tabs" aria-label="分类">
        {data.tabs.map((t) => (
          <AppLink
            key={t.href}
            href={t.href}
            className={`art-tabs__tab${t.id === data.typeId ? ' is-on' : ''}`}
            aria-current={t.id === data.typeId ? 'page' : undefined}
          >
            {t.name}
          </AppLink>
        ))}
      </nav>
      {data.list.length ? (
        <ArticleList cards={data.list} eagerFirst={FIRST_SCREEN_CARDS} />
      ) : (
        <p className="art-empty">暂无文章，去看看其他分类吧</p>
      )}
      <Pagination page={data.page} totalPages={data.totalPages} hrefOf={(n) => (n === 1 ? data.base : `${data.base}?page=${n}`)} />
    </div>
  );
}
