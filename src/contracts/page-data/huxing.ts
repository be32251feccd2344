/** What the floor-plan (户型) pages receive. */
import type { Huxing, LoupanDetail, LoupanItem } from '../gateway/index.ts';
import type { BelongerWithCall } from './xinfang.ts';

export interface HuxingListData {
  estate: LoupanItem | null;
  rooms: number | null;
  /** Room counts the estate has, for the chips. */
  roomStats: Array<{ rooms: number; count: number }>;
  groups: Array<{ estate: LoupanItem; plans: Huxing[] }>;
  /** The city's hot estates (the list without an estate), with or without plans, by name. */
  hotNames: string[];
}

export interface HuxingDetailData {
  plan: Huxing;
  estate: LoupanDetail;
  siblings: Huxing[];
  agent: BelongerWithCall | null;
}

export interface MagnifyData {
  plan: Huxing;
  estate: LoupanItem;
}
