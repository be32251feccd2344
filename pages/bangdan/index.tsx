import type { BangdanData } from '../../src/contracts/page-data/ranking.ts';
import { compositeHref } from '../../src/lib/rankings.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { BoardSection, DistrictTable, RkHero, RkSection } from '../../src/ui/ranking/parts.tsx';

/** /bangdan: the top of every ranking, and the districts' prices and deals (issue 15 part C). */
export default function BangdanPage({ data }: PageProps<BangdanData>) {
  const { city } = useAppState();
  return (
    <div className="rk-page">
      <RkHero title={`${city.selectCityName}房产榜单`} sub="热门小区、人气楼盘、房价涨跌，数据每日更新" />
      {data.boards.map((b) => (
        <BoardSection key={b.slug} board={b} />
      ))}
      <RkSection title="区县榜单" testId="districts">
        <p className="rk-rule">各区县最新参考均价、环比上月涨跌与本月成交套数，点区县看该区榜单</p>
        <DistrictTable districts={data.districts} />
        <p className="rk-links">
          {data.districts.map((d) => (
            <AppLink key={d.regionId} href={compositeHref(d.regionId)}>
              {d.regionName}综合
            </AppLink>
          ))}
        </p>
      </RkSection>
    </div>
  );
}
