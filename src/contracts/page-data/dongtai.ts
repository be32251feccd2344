/** What the estate news (动态) pages receive. */
import type { Dongtai, LoupanDetail, LoupanItem } from '../gateway/index.ts';
import type { BelongerWithCall } from './xinfang.ts';

export interface DongtaiFeedData {
  estate: LoupanItem;
  list: Dongtai[];
  total: number;
  page: number;
  totalPages: number;
}

export interface DongtaiDetailData {
  item: Dongtai & { houseId: number; louPanName: string };
  estate: LoupanDetail;
  others: Dongtai[];
  agent: BelongerWithCall | null;
}
