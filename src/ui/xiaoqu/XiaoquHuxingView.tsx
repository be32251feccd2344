import type { XiaoquHuxingData } from '../../contracts/page-data/xiaoqu.ts';
import { AppLink } from '../AppLink.tsx';
import { DetailHead } from '../detail/DetailHead.tsx';
import { DetailBlock, KeyFacts } from '../detail/parts.tsx';
import { SimilarListings } from '../detail/SimilarListings.tsx';
import { LazyImage } from '../LazyImage.tsx';
import { avgPriceText, PlanStrip, planArea } from './parts.tsx';

/**
 * /xiaoqu/huxing?id= lists a community's floor plans; /xiaoqu/huxing/{hxId}/{id}/ shows one plan, its listings for sale
 * and for rent, and the other plans.
 */
export function XiaoquHuxingView({ data }: { data: XiaoquHuxingData }) {
  const { xiaoqu: x, plan } = data;
  const back = (
    <p className="xq-place">
      <AppLink href={`/xiaoqu/${x.stressId}.html`}>{x.name}</AppLink>
      {' · '}参考均价 {avgPriceText(x.avgPrice)}
    </p>
  );
  if (!plan) {
    return (
      <article className="dt xq">
        <DetailHead title={`${x.name}户型图`} tags={[]}>
          {back}
        </DetailHead>
        <DetailBlock title={`全部户型（${data.plans.length}）`}>
          {data.plans.length ? (
            <ul className="xq-plan-list" data-testid="xiaoqu-plans">
              {data.plans.map((p) => (
                <li key={p.hxId}>
                  <AppLink className="xq-plan-row" href={`/xiaoqu/huxing/${p.hxId}/${x.stressId}/`}>
                    <LazyImage className="xq-plan-row__img" src={p.img ?? undefined} alt={`${p.name}户型图`} width={96} height={72} />
                    <span className="xq-plan-row__body">
                      <strong>{p.name}</strong>
                      <span>建面 {planArea(p)}</span>
                      <span>
                        在售{p.count}套{p.avgPrice ? `，均价约${p.avgPrice}万` : ''} · 在租{p.rentCount}套
                      </span>
                    </span>
                  </AppLink>
                </li>
              ))}
            </ul>
          ) : (
            <p className="dt-empty">该小区暂无户型信息</p>
          )}
        </DetailBlock>
      </article>
    );
  }
  const others = data.plans.filter((p) => p.hxId !== plan.hxId);
  return (
    <article className="dt xq">
      {plan.img ? (
        <div className="xq-plan-hero">
          <LazyImage className="xq-plan-hero__img" src={plan.img} alt={`${x.name}${plan.name}户型图`} width={375} height={281} eager />
        </div>
      ) : null}
      <DetailHead title={`${x.name} ${plan.name}`} tags={[]}>
        {back}
      </DetailHead>
      <KeyFacts
        headline={[
          { label: '建筑面积(㎡)', value: planArea(plan).replace('㎡', '') },
          { label: '在售', value: `${plan.count}套` },
          { label: '在租', value: `${plan.rentCount}套` },
        ]}
        facts={[
          { label: '在售均价', value: plan.avgPrice ? `约${plan.avgPrice}万` : '' },
          { label: '小区均价', value: avgPriceText(x.avgPrice) },
        ]}
      />
      <SimilarListings title={`${plan.name}在售二手房`} items={data.ershou} kind="ershoufang" />
      <SimilarListings title={`${plan.name}在租房源`} items={data.zufang} kind="zufang" />
      {data.ershou.length || data.zufang.length ? null : (
        <DetailBlock title="房源">
          <p className="dt-empty">该户型暂无在售或在租房源</p>
        </DetailBlock>
      )}
      {others.length ? (
        <DetailBlock title="其他户型" more={{ href: `/xiaoqu/huxing?id=${x.stressId}`, label: '全部户型' }}>
          <PlanStrip plans={others} stressId={x.stressId} />
        </DetailBlock>
      ) : null}
    </article>
  );
}
