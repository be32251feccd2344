import type { PageHead } from '../contracts/head.ts';
import type { UserInfo } from '../contracts/session.ts';
import type { NativeApp } from '../lib/device.ts';

/** SPEC 3, City (client fields). */
export interface CityState {
  selectCityId: number;
  selectCityName: string;
  /** Canonical origin of the mobile site for this city, e.g. `https://wh.m.example.com`. */
  host: string;
  pcHost: string;
  scene: string;
  servicePhone: string;
}

/** SPEC 3, User info. `null` fields mean a visitor. */
export interface UserState {
  uid: string;
  userId: string;
  headUrl: string;
  nickName: string;
  phone: string;
  userSig: string;
  /** The member's unread chat messages (issue 18: the header badge); absent for a visitor. */
  chatUnread?: number;
  /** The member's unread notices (issue 37: counted in the header badge with chat's); absent for a visitor. */
  noticeUnread?: number;
}

export interface SiteState {
  brand: string;
  /** The current city's supervision phone (registry site.cityContacts, else the head office's). */
  supervisionPhone: string;
  /** The company's ICP filing number and unified social credit code (registry site settings). */
  icpNumber: string;
  creditCode: string;
  siteKind: 'mobile' | 'pc';
  /** What 打开APP opens and the download page offers (registry.json site.app). */
  app: NativeApp;
}

/** What the current screen shows: its registry entry name, module, data and head. */
export interface RouteState {
  page: string;
  module: string;
  layout: string;
  header: boolean;
  footer: boolean;
  /** Issue 19: the layout's app-style top bar (in-app pages) in place of the site header. */
  appBar?: boolean;
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  status: number;
  data: unknown;
  head: PageHead;
  /** No page view is tracked (detail pages, ad variants: SPEC 4). */
  noTrack: boolean;
  /**
   * When the server loaded this screen (epoch ms): relative labels (今天上架, 3天前上架) are computed from it, so the
   * browser hydrates the same words the server wrote, and a cached page's labels are as old as the page, no older.
   */
  renderedAt: number;
}

/** Everything the server hands the browser: serialized into the page, seeded into the client stores. */
export interface AppState {
  city: CityState;
  user: UserState;
  site: SiteState;
  route: RouteState;
}

export const emptyUser = (): UserState => ({ uid: '', userId: '', headUrl: '', nickName: '', phone: '', userSig: '' });

/** The member's fields pages show, picked one by one: nothing else the server knows reaches the browser. */
export function userStateFrom(info: UserInfo | null): UserState {
  if (!info) return emptyUser();
  return { uid: info.uid, userId: info.userId, headUrl: info.headUrl, nickName: info.nickName, phone: info.phone, userSig: '' };
}

export const isMember = (u: UserState) => Boolean(u.uid || u.userId);
