import type { ZuyjListData } from '../../src/contracts/page-data/ershoufang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { ListingCard } from '../../src/ui/ListingCard.tsx';
import { Pagination } from '../../src/ui/list/Pagination.tsx';

/** /zufang/zuyj: 品牌公寓, fitted whole-flat rentals; details at /zufang/zuyj/{id}.html. */
export default function ZuyjListPage({ data }: PageProps<ZuyjListData>) {
  return (
    <div className="lst">
      <div className="lst__top">
        <nav className="lst__kinds" aria-label="租房类型">
          <AppLink href="/zufang/">全部</AppLink>
          <AppLink href="/zufang/rt1/">整租</AppLink>
          <AppLink href="/zufang/rt2/">合租</AppLink>
          <AppLink href="/zufang/zuyj" className="is-on">
            品牌公寓
          </AppLink>
          <AppLink href="/duanzu/">短租</AppLink>
        </nav>
      </div>
      <div className="lst__count">
        <h1 className="lst__h1">品牌公寓</h1> 精装整租，共<b data-testid="total">{data.total}</b>套
      </div>
      <ul className="lst__list">
        {data.items.map((l) => (
          <li key={l.houseId}>
            <ListingCard listing={{ ...l, url: `/zufang/zuyj/${l.houseId}.html` }} kind="zufang" />
          </li>
        ))}
      </ul>
      <Pagination page={data.page} totalPages={data.totalPages} hrefOf={(n) => (n > 1 ? `/zufang/zuyj?page=${n}` : '/zufang/zuyj')} />
    </div>
  );
}
