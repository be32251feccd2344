import type { Belonger } from './belonger.ts';

/** An overseas listing (海外) as a list item. */
export interface Overseas {
  houseId: number;
  country: string;
  cityName: string;
  title: string;
  /** Total price, 万. */
  price: number;
  priceText: string;
  /** The price in the local currency, as text. */
  localPrice: string;
  area: number;
  rooms: number;
  propertyType: string;
  freehold: boolean;
  img: string;
  tags: string[];
  description: string;
  createdAt: string;
}

/** GET /api/overseas/{id}: the list fields plus unit price (元/㎡), gallery and the consultant who answers for it. */
export interface OverseasDetail extends Overseas {
  unitPrice: number;
  photos: string[];
  agentInfo: Belonger | null;
}

/** One floor plan of an overseas project (its listings with that many rooms). */
export interface OverseasPlan {
  hxId: number;
  name: string;
  rooms: number;
  count: number;
  minArea: number;
  maxArea: number;
  /** Total prices, 万. */
  minPrice: number;
  maxPrice: number;
  /** A listing with this plan (its detail page). */
  sampleId: number;
  img: string;
}

/** GET /api/overseas/huxing/{id}: the project of a listing (same city and property type) and its floor plans. */
export interface OverseasHuxing {
  project: Overseas & { projectName: string };
  plans: OverseasPlan[];
}
