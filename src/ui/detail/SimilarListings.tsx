import type { Listing } from '../../contracts/page-data/cards.ts';
import { ListingCard, type ListingKind } from '../ListingCard.tsx';
import { DetailBlock } from './parts.tsx';

/** Similar listings under the detail (same community or area). */
export function SimilarListings({
  title,
  items,
  kind,
  more,
}: {
  title: string;
  items: Listing[];
  kind: ListingKind;
  more?: { href: string; label: string };
}) {
  if (!items.length) return null;
  return (
    <DetailBlock title={title} more={more}>
      <ul className="dt-similar">
        {items.map((l) => (
          <li key={l.houseId}>
            <ListingCard listing={l} kind={kind} />
          </li>
        ))}
      </ul>
    </DetailBlock>
  );
}
