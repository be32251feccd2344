import type { ListingDetailData } from '../../contracts/page-data/ershoufang.ts';
import { wendaHref } from '../../lib/wenda.ts';
import { Streamed } from '../../render/deferred.ts';
import { AppLink } from '../AppLink.tsx';
import { BrokerRow } from '../broker/BrokerCard.tsx';
import { LocationMap } from '../map/LocationMap.tsx';
import { AgentCard } from './AgentCard.tsx';
import { agentInfoOf } from './agent.ts';
import { CommunityCard, FollowCount, Timeline } from './blocks.tsx';
import { priceLogItems } from './links.ts';
import { DetailBlock } from './parts.tsx';
import { SimilarListings } from './SimilarListings.tsx';

/**
 * The second-hand and rental detail below the description: the agent, recommended agents, the community, the map, the
 * listing's record, questions and similar listings. Its own chunk, loaded when it comes into view (ListingDetailView;
 * issue 35 part 4).
 */
export function ListingDetailMore({ data }: { data: ListingDetailData }) {
  const { house: h, extras, kind } = data;
  const rent = kind === 'zufang';
  return (
    <>
      <AgentCard agent={agentInfoOf(h.agentInfo)} phone={extras.agentPhone} house={{ houseId: h.houseId, houseType: h.houseType }} />
      <Streamed value={extras.recommended}>
        {(recommended) =>
          recommended?.length ? (
            <DetailBlock title="为您推荐经纪人" more={{ href: '/broker/', label: '更多经纪人' }}>
              <div data-testid="recommended-agents">
                {recommended.map((b) => (
                  <BrokerRow key={b.belongerId} agent={b} />
                ))}
              </div>
            </DetailBlock>
          ) : null
        }
      </Streamed>
      <CommunityCard community={extras.community} />
      {data.location ? (
        <DetailBlock title="位置与周边">
          <LocationMap data={data.location} />
        </DetailBlock>
      ) : null}
      {rent ? null : (
        <DetailBlock title="房源动态" more={{ href: `/ershoufang/dongtai?id=${h.houseId}`, label: '全部动态' }}>
          <Streamed value={data.log} fallback={<p className="dt-empty">加载中…</p>}>
            {(log) => <Timeline items={priceLogItems(log, '万').slice(0, 3)} />}
          </Streamed>
          <div className="dt-links">
            <AppLink href={`/ershoufang/daikan?id=${h.houseId}`}>
              <Streamed value={data.notes} fallback="带看记录">
                {(notes) => `带看记录 ${notes.daikanCount}次`}
              </Streamed>
            </AppLink>
            <AppLink href={`/ershoufang/zhou?id=${h.houseId}`}>周边配套</AppLink>
            <FollowCount total={extras.collectTotal} />
          </div>
        </DetailBlock>
      )}
      <Streamed value={extras.questions}>
        {(questions) =>
          questions?.length ? (
            <DetailBlock title="大家都在问" more={{ href: '/wenda/tiwen', label: '我要提问' }}>
              <ul className="dt-asks">
                {questions.map((q) => (
                  <li key={q.id}>
                    <AppLink href={wendaHref(q.id)}>{q.question}</AppLink>
                  </li>
                ))}
              </ul>
            </DetailBlock>
          ) : null
        }
      </Streamed>
      <Streamed value={extras.similar}>
        {(similar) => (
          <SimilarListings
            title={rent ? '附近租房推荐' : '同小区/同商圈房源'}
            items={similar}
            kind={kind}
            more={{ href: `/${kind}/`, label: '更多房源' }}
          />
        )}
      </Streamed>
    </>
  );
}
