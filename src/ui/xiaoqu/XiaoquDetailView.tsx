import type { XiaoquDetailData } from '../../contracts/page-data/xiaoqu.ts';
import { AppLink } from '../AppLink.tsx';
import { TrendChart } from '../charts/TrendChart.tsx';
import { FavouriteButton, ShareButton } from '../detail/ActionBar.tsx';
import { DetailHead } from '../detail/DetailHead.tsx';
import { Gallery } from '../detail/Gallery.tsx';
import { telHref } from '../detail/links.ts';
import { Description, DetailBlock, KeyFacts } from '../detail/parts.tsx';
import { SimilarListings } from '../detail/SimilarListings.tsx';
import { LocationMap } from '../map/LocationMap.tsx';
import { groupDigits } from '../paths.ts';
import { avgPriceText, LocationBlock, PlanStrip, SchoolList, SimilarXiaoqu, StoreList, xiaoquFacts } from './parts.tsx';
import { PriceRatio } from './XiaoquCard.tsx';

const monthLabel = (m: string) => `${Number(m.slice(5, 7))}月`;

/**
 * The community detail: photos, the average price and its 12-month trend, the facts, its listings for sale and for
 * rent, floor plans, location, schools, serving stores and similar communities; favourite and share in the bottom bar.
 */
export function XiaoquDetailView({ data }: { data: XiaoquDetailData }) {
  const { xiaoqu: x } = data;
  const facts = xiaoquFacts(x);
  const store = data.stores.find((s) => s.phone);
  return (
    <article className="dt xq">
      <Gallery photos={x.photos} title={x.name} />
      <DetailHead title={x.name} tags={[x.propertyType, x.buildType].filter(Boolean)}>
        <p className="xq-place">
          {data.regionHref && x.regionName ? <AppLink href={data.regionHref}>{x.regionName}</AppLink> : x.regionName}
          {x.shopMapName ? ` · ${x.shopMapName}` : ''}
          {x.buildYear ? ` · ${x.buildYear}年建成` : ''}
        </p>
      </DetailHead>
      <KeyFacts
        headline={[
          { label: '参考均价(元/㎡)', value: x.avgPrice > 0 ? groupDigits(x.avgPrice) : '暂无' },
          { label: '在售二手房', value: `${x.ershoucount}套` },
          { label: '在租房源', value: `${x.zufangcount}套` },
        ]}
        facts={facts.slice(0, 6)}
      />
      <p className="xq-more-facts">
        <AppLink href={`/xiaoqu/information?id=${x.stressId}`}>查看全部小区信息</AppLink>
      </p>
      {data.prices.length ? (
        <DetailBlock title="房价走势" id="trend">
          <p className="xq-trend__now">
            <span>
              {data.prices.at(-1)?.month} 参考均价 <b className="xq-trend__price">{avgPriceText(data.prices.at(-1)?.price ?? 0)}</b>
            </span>
            <PriceRatio ratio={data.monthRatio} />
            <PriceRatio ratio={data.yearRatio} label="同比去年" />
          </p>
          <TrendChart
            points={data.prices.map((p) => ({ label: p.month, value: p.price }))}
            title={`${x.name}近${data.prices.length}个月参考均价`}
            unit="元/㎡"
            axisLabel={monthLabel}
          />
        </DetailBlock>
      ) : null}
      <SimilarListings
        title={`在售二手房（${x.ershoucount}）`}
        items={data.ershou}
        kind="ershoufang"
        more={{ href: data.ershouHref, label: '查看全部' }}
      />
      {data.ershou.length ? null : (
        <DetailBlock title="在售二手房">
          <p className="dt-empty">该小区暂无在售二手房</p>
        </DetailBlock>
      )}
      <SimilarListings
        title={`在租房源（${x.zufangcount}）`}
        items={data.zufang}
        kind="zufang"
        more={{ href: data.zufangHref, label: '查看全部' }}
      />
      {data.plans.length ? (
        <DetailBlock title={`小区户型（${data.plans.length}）`} more={{ href: `/xiaoqu/huxing?id=${x.stressId}`, label: '全部户型' }}>
          <PlanStrip plans={data.plans} stressId={x.stressId} />
        </DetailBlock>
      ) : null}
      <LocationBlock x={x} map={data.location ? <LocationMap data={data.location} /> : null} />
      <SchoolList schools={data.schools} />
      <StoreList stores={data.stores} />
      <Description title="小区简介" text={x.description} />
      <SimilarXiaoqu items={data.similar} moreHref={data.regionHref} />
      <div className="abar" role="toolbar" aria-label="小区操作">
        <FavouriteButton houseId={x.stressId} kind="xiaoqu" collected={data.collected} />
        <ShareButton title={x.name} url={data.url} />
        <div className="abar__main">
          <AppLink className="abar__btn abar__btn--chat" href={data.ershouHref}>
            看在售房源
          </AppLink>
          {store ? (
            <a className="abar__btn abar__btn--tel" href={telHref(store.phone)}>
              咨询门店
            </a>
          ) : null}
        </div>
      </div>
    </article>
  );
}
