import type { MediaHouse } from '../../contracts/page-data/media.ts';
import { kindOfHouseType } from '../../lib/listing-kinds.ts';
import { ListingCard } from '../ListingCard.tsx';
import { EstateItem } from '../xinfang/EstateItem.tsx';

/** The listing or estate a clip or a tour shows, as its list card (issue 19): tapping it opens the house's own page. */
export function MediaHouseCard({ house, eager }: { house: MediaHouse; eager?: boolean }) {
  if (house.estate) return <EstateItem estate={house.estate} eager={eager} />;
  if (house.listing) {
    const kind = kindOfHouseType(house.houseType);
    return <ListingCard listing={house.listing} kind={kind === 'zufang' ? 'zufang' : 'ershoufang'} eager={eager} />;
  }
  return null;
}
