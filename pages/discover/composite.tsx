import type { CompositeData } from '../../src/contracts/page-data/ranking.ts';
import { compositeHref, districtRankingHref } from '../../src/lib/rankings.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { ListingCard } from '../../src/ui/ListingCard.tsx';
import { groupDigits } from '../../src/ui/paths.ts';
import { Chips, QuestionRow, RankList, RkHero, RkSection } from '../../src/ui/ranking/parts.tsx';
import { PriceRatio } from '../../src/ui/xiaoqu/XiaoquCard.tsx';
import { EstateItem } from '../../src/ui/xinfang/EstateItem.tsx';

/** /composite?regionId=: one district at a glance, prices, communities, estates, listings and Q&A (issue 15 part C). */
export default function CompositePage({ data }: PageProps<CompositeData>) {
  const x = data.district;
  return (
    <div className="rk-page">
      <RkHero title={`${x.regionName}房产综合`} sub={`一页看全${x.regionName}的房价、小区、新房、二手房与问答`}>
        <p className="rk-hero__figs" data-testid="district-figures">
          <span>
            均价<b>{groupDigits(x.avgPrice)}</b>元/㎡
          </span>
          <PriceRatio ratio={x.ratio} />
          <span>
            本月成交<b>{x.deals}</b>套
          </span>
        </p>
      </RkHero>
      <Chips
        items={data.districts.map((d) => ({ href: compositeHref(d.regionId), label: d.regionName }))}
        current={compositeHref(x.regionId)}
      />
      <RkSection
        title={`${x.regionName}热门小区`}
        more={data.links.xiaoqu ? { href: data.links.xiaoqu, label: '全部小区' } : null}
        testId="composite-xiaoqu"
      >
        <RankList board={{ slug: '', name: '', rule: '', figure: 'ratio', entries: data.xiaoqu }} />
      </RkSection>
      <RkSection
        title={`${x.regionName}新楼盘`}
        more={{ href: districtRankingHref(x.regionId), label: '区县榜单' }}
        testId="composite-loupans"
      >
        {data.loupans.map((e) => (
          <EstateItem key={e.houseId} estate={e} />
        ))}
      </RkSection>
      <RkSection
        title={`${x.regionName}二手房`}
        more={data.links.ershoufang ? { href: data.links.ershoufang, label: '全部二手房' } : null}
        testId="composite-listings"
      >
        {data.listings.map((l) => (
          <ListingCard key={l.houseId} listing={l} />
        ))}
      </RkSection>
      {data.wenda.length ? (
        <RkSection title="购房问答" testId="composite-wenda">
          {data.wenda.map((q) => (
            <QuestionRow key={q.id} q={q} />
          ))}
        </RkSection>
      ) : null}
    </div>
  );
}
