import type { HaiwaiDetailData } from '../../src/contracts/page-data/haiwai.ts';
import { countrySlug, OVERSEAS_LIST_BASE } from '../../src/lib/overseas-filters.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { AgentCard } from '../../src/ui/detail/AgentCard.tsx';
import { agentInfoOf } from '../../src/ui/detail/agent.ts';
import { DetailHead } from '../../src/ui/detail/DetailHead.tsx';
import { Gallery } from '../../src/ui/detail/Gallery.tsx';
import { day, num } from '../../src/ui/detail/links.ts';
import { Description, DetailBlock, type Fact, KeyFacts } from '../../src/ui/detail/parts.tsx';
import { OverseasActionBar } from '../../src/ui/haiwai/OverseasActionBar.tsx';
import { OverseasCard } from '../../src/ui/haiwai/OverseasCard.tsx';
import { PlanList } from '../../src/ui/haiwai/PlanList.tsx';
import { groupDigits } from '../../src/ui/paths.ts';

const NOTICES: Record<string, string> = { favourited: '收藏成功', unfavourited: '已取消收藏' };

/** /haiwaidetails/{id}: one overseas listing with its gallery, prices (万 and local currency), plans and consultant. */
export default function HaiwaiDetailPage({ data, query }: PageProps<HaiwaiDetailData>) {
  const { house: h } = data;
  const notice = NOTICES[query.notice ?? ''];
  const agent = agentInfoOf(h.agentInfo);
  const headline: Fact[] = [
    { label: '总价', value: `${num(h.price)}万` },
    { label: '户型', value: `${h.rooms}居室` },
    { label: '面积', value: `${num(h.area)}㎡` },
  ];
  const facts: Fact[] = [
    { label: '当地价', value: h.localPrice },
    { label: '单价', value: `${groupDigits(h.unitPrice)}元/㎡` },
    { label: '国家', value: h.country },
    { label: '城市', value: h.cityName },
    { label: '类型', value: h.propertyType },
    { label: '产权', value: h.freehold ? '永久产权' : '有限产权' },
    { label: '发布', value: day(h.createdAt) },
    { label: '编号', value: `HW${h.houseId}` },
  ];
  return (
    <article className="dt hw-detail" key={h.houseId}>
      <Gallery photos={h.photos} title={h.title} badges={[h.country]} />
      {notice ? <p className="dt-notice">{notice}</p> : null}
      <DetailHead title={h.title} tags={h.tags}>
        <p className="hw-detail__where">
          <AppLink href={`${OVERSEAS_LIST_BASE}${countrySlug(h.country)}/`}>{h.country}</AppLink>
          {` · ${h.cityName}`}
        </p>
      </DetailHead>
      <KeyFacts headline={headline} facts={facts} />
      <Description title="房源介绍" text={h.description} />
      {data.plans.length ? (
        <DetailBlock title="项目户型" more={{ href: `/haiwaihuxing/${h.houseId}`, label: `全部${data.plans.length}个户型` }}>
          <PlanList projectId={h.houseId} plans={data.plans} compact />
        </DetailBlock>
      ) : null}
      <AgentCard agent={agent} phone={data.phone} heading="海外置业顾问" />
      {data.similar.length ? (
        <DetailBlock title={`${h.country}更多房源`} more={{ href: `${OVERSEAS_LIST_BASE}${countrySlug(h.country)}/`, label: '更多' }}>
          <ul className="dt-similar">
            {data.similar.map((o) => (
              <li key={o.houseId}>
                <OverseasCard item={o} />
              </li>
            ))}
          </ul>
        </DetailBlock>
      ) : null}
      <OverseasActionBar houseId={h.houseId} title={h.title} url={data.url} collected={data.collected} agent={agent} phone={data.phone} />
    </article>
  );
}
