import type { SearchPageData } from '../../src/contracts/page-data/search.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { HotSearches } from '../../src/ui/search/HotSearches.tsx';
import { RecentSearches } from '../../src/ui/search/RecentSearches.tsx';
import { RememberSearch } from '../../src/ui/search/RememberSearch.tsx';
import { SearchBox } from '../../src/ui/search/SearchBox.tsx';
import { SearchGroups } from '../../src/ui/search/SearchGroups.tsx';

/**
 * /search (SPEC 7.6, issue 14): one box for every kind. Empty: the recent searches (browser) and the hot searches per
 * kind. With a keyword: counts per kind and the first items of each, 查看全部 into each kind's list; nothing found
 * says so and offers the hot searches.
 */
export default function SearchPage({ data }: PageProps<SearchPageData>) {
  const { keyword, resolved, groups, total, hot } = data;
  return (
    <div className="srch">
      <div className="srch__top">
        <SearchBox key={keyword} defaultValue={keyword} autoFocus={!keyword} recentPanel={false} className="srch__bar" />
      </div>
      {!keyword ? (
        <>
          <RecentSearches />
          <HotSearches groups={hot} />
        </>
      ) : total ? (
        <>
          <RememberSearch keyword={keyword} />
          <p className="srch__summary" data-testid="search-summary">
            “<strong>{keyword}</strong>”共找到 {total} 个结果
            {resolved ? <span className="srch__resolved">，房源按“{resolved}”查找</span> : null}
          </p>
          <SearchGroups groups={groups} />
        </>
      ) : (
        <>
          <RememberSearch keyword={keyword} />
          <section className="srch__none" data-testid="no-match">
            <h1 className="srch__none-title">没有找到与“{keyword}”相关的结果</h1>
            <p className="srch__none-text">换个关键词试试，比如小区名、楼盘名、区域或地铁站；也可以看看大家都在搜：</p>
          </section>
          <HotSearches groups={hot} />
        </>
      )}
    </div>
  );
}
