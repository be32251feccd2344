import type { CompareKind } from '../../lib/compare.ts';
import type { ListingDetail } from '../gateway/listing.ts';
import type { LoupanDetail } from '../gateway/xinfang.ts';

/** What a second-hand or rental column shows: the listing's facts, as its detail page has them. */
export type CompareListingFacts = Pick<
  ListingDetail,
  | 'price'
  | 'unitPrice'
  | 'area'
  | 'huxing'
  | 'floorLevel'
  | 'totalFloors'
  | 'orientation'
  | 'decoration'
  | 'buildYear'
  | 'rentType'
  | 'payType'
  | 'xiaoquName'
>;

/** What a new-home column shows: the estate's facts, and its floor plans' layouts and areas. */
export type CompareEstateFacts = Pick<
  LoupanDetail,
  'price' | 'totalMin' | 'totalMax' | 'saleStatus' | 'decoration' | 'handoverDate' | 'termYears'
> & {
  /** The plans' room counts, fewest first. */
  rooms: number[];
  /** The plans' smallest and largest area, ㎡; null without plans. */
  areaMin: number | null;
  areaMax: number | null;
};

/** One home of a comparison (issue 37 part 4). */
export interface CompareHome {
  houseId: number;
  title: string;
  img: string;
  href: string;
  listing: CompareListingFacts | null;
  estate: CompareEstateFacts | null;
  /** The community's average price (元/㎡), as the detail's community card has it; null when unknown. */
  communityAvg: number | null;
  /** The community's catchment school (an estate's: its first school), as the detail lists them. */
  school: { schoolId: number; name: string } | null;
  /** The nearest metro station of the detail's location map. */
  station: { name: string; note: string; distance: number } | null;
  /** The calculator's monthly payment (fen) for the detail's calculator link; null for rentals and unpriced homes. */
  monthly: number | null;
}

/** /duibi: homes side by side. */
export interface DuibiData {
  kind: CompareKind | null;
  homes: CompareHome[];
  /** Ids of the URL that are gone (sold, withdrawn, unknown). */
  gone: number[];
  /** What a refused add (a plain form post) says, else null. */
  notice: string | null;
  /** The calculator's settings the monthly payment uses: 商贷30年，首付30%，LPR 3.5%. */
  loanTerms: string;
  /** The address of this comparison (share). */
  shareUrl: string;
}
