import type { ListingDetail } from '../../contracts/gateway/index.ts';
import type { DetailExtras } from '../../contracts/page-data/ershoufang.ts';
import { HOUSE_TYPES, isRentHouseType } from '../../lib/listing-kinds.ts';
import { AppLink } from '../AppLink.tsx';
import { ActionBar } from './ActionBar.tsx';
import { type AgentInfo, agentInfoOf } from './agent.ts';
import type { CollectKind } from './links.ts';

/** SPEC 7.8's four favourite kinds: sale listings (second-hand, shop, office), rentals, new homes, communities. */
export function collectKindOf(houseType: number): CollectKind {
  if (houseType === 1) return 'newhouse';
  if (isRentHouseType(houseType)) return 'rent';
  return 'ershoufang';
}

/**
 * The end of a second-hand, rental, shop or office detail: the report link and the view count, then the fixed action
 * bar (favourite, share, chat, call, book a viewing).
 */
export function ListingFooter({
  data: { house: h, extras, url },
  agent,
}: {
  data: { house: ListingDetail; extras: DetailExtras; url: string };
  agent: AgentInfo | null;
}) {
  return (
    <>
      <p className="dt-report">
        <AppLink href={`/jubao?houseId=${h.houseId}`}>房源有误？举报</AppLink>
        <span>浏览{h.viewNum}次</span>
      </p>
      <ActionBar
        houseId={h.houseId}
        houseType={h.houseType}
        kind={collectKindOf(h.houseType)}
        title={h.title}
        url={url}
        collected={extras.collected}
        agent={agent}
        phone={extras.agentPhone}
        bookHref={`/yuyuekanfang?houseId=${h.houseId}`}
        compareKind={h.houseType === HOUSE_TYPES.ershoufang ? 'ershoufang' : h.houseType === HOUSE_TYPES.zufang ? 'zufang' : undefined}
      />
    </>
  );
}

/**
 * ListingFooter as a second-hand or rental detail's lazy part (src/ui/detail/ListingDetailView.tsx): the agent is
 * read here from the screen's data, so the part's only prop is that stable data object.
 */
export function DetailFooter({ data }: { data: { house: ListingDetail; extras: DetailExtras; url: string } }) {
  return <ListingFooter data={data} agent={agentInfoOf(data.house.agentInfo)} />;
}
