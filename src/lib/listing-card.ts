import type { Listing } from '../contracts/page-data/cards.ts';

const CARD_FIELDS = [
  'houseId',
  'title',
  'img',
  'huxing',
  'layout',
  'rooms',
  'halls',
  'area',
  'orientation',
  'xiaoquName',
  'regionName',
  'tags',
  'price',
  'unitPrice',
  'rentType',
  'houseType',
  'shopMapName',
  'businessFormat',
  'url',
  // Video and VR badges (issue 19)
  'vrUrl',
  'videoUrl',
  // 今天上架 / N天前上架, labelled when the page renders (issue 31)
  'createdAt',
] as const satisfies ReadonlyArray<keyof Listing>;

/**
 * Only what a card shows: a gateway list item carries some 40 fields (coordinates, dates, ids), and every one
 * of them would be serialized into the page's state for the browser to download and parse.
 */
export function listingCardOf(item: Listing): Listing {
  const card: Record<string, unknown> = {};
  for (const key of CARD_FIELDS) if (item[key] !== undefined && item[key] !== null) card[key] = item[key];
  return card as unknown as Listing;
}
