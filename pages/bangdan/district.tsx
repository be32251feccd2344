import type { SqbdData } from '../../src/contracts/page-data/ranking.ts';
import { compositeHref, districtRankingHref } from '../../src/lib/rankings.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { groupDigits } from '../../src/ui/paths.ts';
import { BoardSection, Chips, RkHero } from '../../src/ui/ranking/parts.tsx';
import { PriceRatio } from '../../src/ui/xiaoqu/XiaoquCard.tsx';

/** /bangdan/{regionId}/sqbd: the rankings of one district (issue 15 part C). */
export default function BangdanDistrictPage({ data }: PageProps<SqbdData>) {
  const x = data.district;
  return (
    <div className="rk-page">
      <RkHero title={`${x.regionName}榜单`} sub={`${x.regionName}热门小区、人气楼盘与房价涨跌排行`}>
        <p className="rk-hero__figs" data-testid="district-figures">
          <span>
            均价<b>{groupDigits(x.avgPrice)}</b>元/㎡
          </span>
          <PriceRatio ratio={x.ratio} />
          <span>
            本月成交<b>{x.deals}</b>套
          </span>
        </p>
        <AppLink href={compositeHref(x.regionId)} className="rk-hero__link">
          {x.regionName}综合信息 ›
        </AppLink>
      </RkHero>
      <Chips
        items={data.districts.map((d) => ({ href: districtRankingHref(d.regionId), label: d.regionName }))}
        current={districtRankingHref(x.regionId)}
      />
      {data.boards.map((b) => (
        <BoardSection key={b.slug} board={b} title={`${x.regionName}${b.name}`} />
      ))}
    </div>
  );
}
