import type { ZixunAccountData } from '../../src/contracts/page-data/zixun.ts';
import { accountHref } from '../../src/lib/article-sections.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { ArticleList } from '../../src/ui/article/ArticleCard.tsx';
import { FollowButton } from '../../src/ui/article/actions.tsx';
import { LazyImage } from '../../src/ui/LazyImage.tsx';
import { Pagination } from '../../src/ui/list/Pagination.tsx';

/** /zixun/account/{userName}: an article source account, its follower count and follow button, its articles. */
export default function ZixunAccountPage({ data }: PageProps<ZixunAccountData>) {
  const { account } = data;
  const base = accountHref(account.userName);
  return (
    <div className="art-page">
      <section className="art-prof">
        <LazyImage className="art-prof__avatar" src={account.avatar} alt={account.name} width={64} height={64} eager />
        <h1 className="art-prof__name">{account.name}</h1>
        <p className="art-prof__intro">{account.intro}</p>
        <div className="art-prof__bar">
          <span className="art-acc__fans">
            <strong>{data.total}</strong> 文章
          </span>
          <FollowButton accountId={account.accountId} following={data.following ?? false} fans={account.fans} />
        </div>
      </section>
      <h2 className="art-sec__h art-prof__h">全部文章</h2>
      {data.list.length ? <ArticleList cards={data.list} eagerFirst={2} /> : <p className="art-empty">暂无文章</p>}
      <Pagination page={data.page} totalPages={data.totalPages} hrefOf={(n) => (n === 1 ? base : `${base}?page=${n}`)} />
    </div>
  );
}
