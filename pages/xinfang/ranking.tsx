import type { RankingData } from '../../src/contracts/page-data/xinfang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { Pagination } from '../../src/ui/list/Pagination.tsx';
import { EstateItem } from '../../src/ui/xinfang/EstateItem.tsx';
import { XfHero } from '../../src/ui/xinfang/PageHead.tsx';

/** /xinfang/salesRanking: estates by sales (SPEC 7.3 newHouseSalesRank/pubPage). */
export default function XinfangRankingPage({ data }: PageProps<RankingData>) {
  const { city } = useAppState();
  return (
    <div className="xf-page">
      <XfHero title={`${city.selectCityName}新房热销榜`} sub="按楼盘销量排名，每日更新" />
      <ol className="card xf-sec xf-rank" data-testid="xf-rank">
        {data.list.map((e) => (
          <li key={e.houseId}>
            <EstateItem estate={e} rank={e.rank} note={`已售${e.salesCount}套`} />
          </li>
        ))}
      </ol>
      <Pagination
        page={data.page}
        totalPages={data.totalPages}
        hrefOf={(n) => (n === 1 ? '/xinfang/salesRanking' : `/xinfang/salesRanking?page=${n}`)}
      />
    </div>
  );
}
