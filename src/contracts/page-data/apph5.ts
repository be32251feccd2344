/** Page data of the in-app pages (/appH5…) and the single pages of issue 19 (/aboutUs, /fangyuanheyan, /test). */
import type {
  Commitment,
  DealRecord,
  Huxing,
  InfoDoc,
  ListingItem,
  ListingVerification,
  LoupanDetail,
  Page,
  Store,
  TypePrice,
  XiaoquItem,
} from '../gateway/index.ts';

/** A tile of the in-app home's quick entries. */
export interface QuickEntry {
  label: string;
  href: string;
  /** A short word under the label. */
  note: string;
}

/** /appH5: the in-app home. */
export interface AppHomeData {
  entries: QuickEntry[];
  deals: DealRecord[];
  dealTotal: number;
  newest: ListingItem[];
  rentals: ListingItem[];
}

/** /appH5/knockdown/*: recent deals of the city, a district or a community. */
export interface KnockdownData {
  regionId: number | null;
  stressId: number | null;
  kind: 'all' | 'es' | 'zf';
  page: number;
  regionName: string | null;
  xiaoquName: string | null;
  regions: Array<{ regionId: number; regionName: string }>;
  deals: Page<DealRecord>;
  /** Over the deals of this page (the newest): average unit price of the sales (元/㎡) and days to close. */
  avgUnitPrice: number | null;
  avgDays: number | null;
}

/** What a share landing page shows of the shared thing. */
export interface SharedThing {
  kind: string;
  id: number;
  /** 二手房, 新房, 小区, 资讯… */
  kindName: string;
  title: string;
  /** One line under the title: 3室2厅 · 89㎡ · 岳麓区. */
  subtitle: string;
  priceText: string;
  img: string;
  tags: string[];
  /** The thing's own page on the site. */
  path: string;
}

/** /appH5/share/{kind}/{id}. */
export interface ShareData {
  thing: SharedThing;
  /** The Android package link from the gateway (api/app/version/resolve/Android), when it has one. */
  apkUrl: string | null;
}

/** One kind of thing the app shares (/appH5/share/{kind}/{id}), with the city's count and its newest as an example. */
export interface ShareableKind {
  kind: string;
  /** 二手房, 新房, 小区, 资讯… */
  kindName: string;
  /** What a share of this kind shows the friend. */
  shows: string;
  /** How many the city has (the gateway's total). */
  total: number;
  /** The kind's list page on the site. */
  listHref: string;
  /** The newest one as a share link: what a friend would receive. */
  example: { title: string; href: string } | null;
}

/** /appH5/share: what can be shared from the app, kind by kind. */
export interface ShareIndexData {
  kinds: ShareableKind[];
}

/** /appH5/zufang: rentals, app style. */
export interface AppZufangData {
  rentType: string | null;
  list: Page<ListingItem>;
}

/** /appH5/polte/allInfo/{id}.html: an estate's full information. */
export interface PolteAllInfoData {
  estate: LoupanDetail;
  prices: TypePrice[];
}

/** /appH5/polte/huxing/{id}.html: an estate's floor plans. */
export interface PolteHuxingData {
  estate: LoupanDetail;
  plans: Huxing[];
  roomStats: Array<{ rooms: number; count: number }>;
}

/** /aboutUs: the company, its stores of the city, its commitments and contacts. */
export interface AboutUsData {
  stores: Store[];
  storeTotal: number;
  commitments: Commitment[];
  servicePhone: string;
  supervisionPhone: string;
}

/** /fangyuanheyan/{id?}: a listing's verification, or the lookup form (and its answer). */
export interface FangyuanheyanData {
  verification: ListingVerification | null;
  /** The lookup asked for (`?code=` or `?houseNumber=`), if any. */
  asked: { code: string; houseNumber: string } | null;
  /** The lookup found nothing. */
  notFound: boolean;
  /** The verified listing's own page. */
  listingPath: string | null;
}

/** /test: what ops check on a running portal. */
export interface TestPageData {
  buildVersion: string;
  clientEntry: string | null;
  registryVersion: string;
  registryPages: number;
  city: { cityId: number; name: string; domain: string };
  siteKind: string;
  userAgent: string;
  device: { vendor: string; os: string; inApp: string | null; phoneBrowser: boolean };
  storeLabel: string | null;
  storeHref: string | null;
  renderedAt: string;
}

export type { DealRecord, InfoDoc, XiaoquItem };
