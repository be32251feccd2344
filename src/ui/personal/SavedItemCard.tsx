import type { CollectKind, ListingItem, LoupanItem, Overseas, XiaoquItem } from '../../contracts/gateway/index.ts';
import { kindOfHouseType } from '../../lib/listing-kinds.ts';
import { xiaoquCardOf } from '../../lib/xiaoqu-card.ts';
import { OverseasCard } from '../haiwai/OverseasCard.tsx';
import { EstateCard, ListingCard } from '../ListingCard.tsx';
import { XiaoquCard } from '../xiaoqu/XiaoquCard.tsx';

/** Something a member kept or opened (a favourite, a 浏览记录 entry): its kind and the item as the gateway gives it. */
export interface SavedEntry {
  kind: CollectKind;
  item: ListingItem | LoupanItem | XiaoquItem | Overseas;
}

/** A saved thing's card: the list card of its kind (a listing, an estate, a community, an overseas listing). */
export function SavedItemCard({ e }: { e: SavedEntry }) {
  const item = e.item as unknown as Record<string, unknown>;
  if (e.kind === 'newhouse') {
    return (
      <EstateCard
        estate={{
          houseId: item.houseId as number,
          name: String(item.name ?? item.title),
          img: item.img as string,
          price: item.price as number,
          regionName: item.regionName as string,
        }}
      />
    );
  }
  if (e.kind === 'xiaoqu') return <XiaoquCard xiaoqu={xiaoquCardOf(e.item as XiaoquItem)} />;
  if (e.kind === 'overseas') return <OverseasCard item={e.item as Overseas} />;
  return <ListingCard listing={e.item as never} kind={kindOfHouseType(item.houseType as number)} />;
}

/** A saved thing's id and kind as the member actions take them (`kind:id`). */
export function savedKeyOf(e: SavedEntry): { kind: CollectKind; id: number } {
  const item = e.item as { houseId?: number; stressId?: number; id?: number };
  const id = e.kind === 'xiaoqu' ? (item.stressId ?? item.houseId ?? item.id) : (item.houseId ?? item.id ?? item.stressId);
  return { kind: e.kind, id: Number(id) };
}
