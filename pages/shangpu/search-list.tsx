import type { ZhaopuSearchListData } from '../../src/contracts/page-data/shangpu.ts';
import { emptyQuery, toTail } from '../../src/lib/listing-filters.ts';
import { COMMERCIAL_KINDS, KIND_NOUNS, zhaopuSearchHref } from '../../src/lib/listing-kinds.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { ListingCard } from '../../src/ui/ListingCard.tsx';
import { Pagination } from '../../src/ui/list/Pagination.tsx';
import { ZhaopuSearchForm, ZhaopuWords } from '../../src/ui/list/ZhaopuSearch.tsx';

const NO_PLACES = { regions: [], shopMaps: [], metros: [] };

/** /zhaopu/searchList?keyword=: shops for rent and for sale matching the keyword, the count of every kind. */
export default function ZhaopuSearchListPage({ data }: PageProps<ZhaopuSearchListData>) {
  const { keyword, counts } = data;
  return (
    <div className="lst">
      <div className="lst__top">
        <ZhaopuSearchForm keyword={keyword} />
        {counts ? (
          <nav className="lst__kinds" aria-label="按类型查看">
            {COMMERCIAL_KINDS.map((k) => (
              <AppLink key={k} href={`/${k}/${toTail({ ...emptyQuery(), keyword }, k, NO_PLACES)}`}>
                {`${KIND_NOUNS[k]} ${counts[k]}`}
              </AppLink>
            ))}
          </nav>
        ) : null}
      </div>
      {keyword ? (
        <div className="lst__count">
          <h1 className="lst__h1">{`“${keyword}”相关商铺`}</h1> 共找到<b data-testid="total">{data.total}</b>条
        </div>
      ) : (
        <div className="lst__count">
          <h1 className="lst__h1">搜索商铺</h1> 输入商圈、街道或业态开始找铺
        </div>
      )}
      {data.items.length ? (
        <ul className="lst__list" data-testid="listing-list">
          {data.items.map((l) => (
            <li key={l.houseId}>
              <ListingCard listing={l} kind="zhaopu" />
            </li>
          ))}
        </ul>
      ) : (
        <>
          {keyword ? (
            <div className="lst__empty">
              <p>{`没有找到与“${keyword}”相关的商铺，换个关键词试试吧`}</p>
              <p>
                <AppLink className="btn btn--ghost btn--sm" href="/zhaopu/">
                  查看全部商铺
                </AppLink>
              </p>
            </div>
          ) : null}
          <ZhaopuWords hot={data.hot} />
        </>
      )}
      <Pagination page={data.page} totalPages={data.totalPages} hrefOf={(n) => zhaopuSearchHref(keyword, n)} />
    </div>
  );
}
