import type { Belonger } from './belonger.ts';
import type { ListingItem } from './listing.ts';
import type { LoupanItem } from './xinfang.ts';

/**
 * Video and VR (issue 19; our paths, SPEC 7 shows none): a property clip or a panorama tour belongs to one listing
 * (`houseType` 11 second-hand, 12 rental) or one new-home estate (`houseType` 1).
 */
export interface VideoItem {
  videoId: number;
  cityId: number;
  houseType: number;
  houseId: number;
  title: string;
  summary: string;
  /** The clip (H.264 MP4, site path under /media/video/) and its poster frame. */
  url: string;
  poster: string;
  /** Seconds. */
  duration: number;
  width: number;
  height: number;
  viewNum: number;
  likeNum: number;
  createdAt: string;
  belongerId: number | null;
  /** The listing or the estate it shows (one of them, by houseType), as their list items. */
  listing: ListingItem | null;
  estate: LoupanItem | null;
}

export interface VideoDetail extends VideoItem {
  agent: Belonger | null;
}

/** One room of a tour: its equirectangular panorama and the doors (hotspots) to the tour's other rooms. */
export interface VrScene {
  key: string;
  name: string;
  panorama: string;
  thumb: string;
  links: Array<{ to: string; label: string; yaw: number; pitch: number }>;
}

export interface VrItem {
  vrId: number;
  cityId: number;
  houseType: number;
  houseId: number;
  title: string;
  /** A thumbnail of one of its rooms. */
  cover: string;
  roomNames: string[];
  viewNum: number;
  createdAt: string;
  belongerId: number | null;
  listing: ListingItem | null;
  estate: LoupanItem | null;
}

export interface VrTour extends VrItem {
  scenes: VrScene[];
  agent: Belonger | null;
}

export interface MediaListQuery {
  cityId: number;
  houseType?: number;
  houseId?: number;
  /** `hot` (most viewed first, the default) or `new`. */
  sort?: 'hot' | 'new';
  page?: number;
  size?: number;
}
