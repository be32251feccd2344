/** What the video and VR pages receive (issue 19). */
import type { LoupanItem, VrScene } from '../gateway/index.ts';
import type { Listing } from './cards.ts';
import type { BelongerWithCall } from './xinfang.ts';

/** The estate fields a media card shows (EstateItem). */
export type MediaEstate = Pick<
  LoupanItem,
  'houseId' | 'name' | 'img' | 'price' | 'saleStatus' | 'regionName' | 'shopMapName' | 'typeCodes' | 'tags' | 'totalMin' | 'totalMax'
>;

/** What a media page shows of the house a clip or a tour belongs to: a listing card or an estate card. */
export interface MediaHouse {
  houseType: number;
  houseId: number;
  listing: Listing | null;
  estate: MediaEstate | null;
  /** The house's own detail page. */
  href: string;
}

export interface VideoCard {
  videoId: number;
  title: string;
  summary: string;
  url: string;
  poster: string;
  duration: number;
  width: number;
  height: number;
  viewNum: number;
  createdAt: string;
  house: MediaHouse;
}

/** /video/{id}.html */
export interface VideoDetailData {
  video: VideoCard;
  agent: BelongerWithCall | null;
  related: VideoCard[];
}

/** /videoPage (most viewed) and /videoPage/videopush (newest): the vertical feed. */
export interface VideoFeedData {
  variant: 'hot' | 'new';
  list: VideoCard[];
  page: number;
  totalPages: number;
}

export interface VrCard {
  vrId: number;
  title: string;
  cover: string;
  roomNames: string[];
  viewNum: number;
  house: MediaHouse;
  /** The tour's own page: /xinfang/vr/{estate}.html for an estate, /vr?id= for a listing. */
  href: string;
}

export interface VrTourView extends VrCard {
  scenes: VrScene[];
}

/** /vr (the city's tours) and /vr?id= (one tour), /xinfang/vr/{id}.html (an estate's tour). */
export interface VrData {
  tour: VrTourView | null;
  agent: BelongerWithCall | null;
  list: VrCard[];
  page: number;
  totalPages: number;
  total: number;
}
