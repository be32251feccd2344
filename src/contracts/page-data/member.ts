/** What the member pages and the forms about a house receive. */
import type { CollectEntry, CollectKind } from '../gateway/index.ts';

export interface MyShoucangData {
  kind: CollectKind | null;
  entries: Array<CollectEntry & { drop?: PriceDrop | null }>;
  counts: Record<CollectKind, number>;
  /** Issue 37: 降价优先 (`?sort=drop`): the favourites whose price dropped since they were saved first, biggest first. */
  sort?: 'drop' | null;
}

/** A favourite's drop since it was saved (issue 37 part 2): 降价 `amount` `unit`, `from` → `to`. */
export interface PriceDrop {
  from: number;
  to: number;
  amount: number;
  unit: string;
}

/** The house a form is about (booking, report), when the query names one. */
export interface FormHouse {
  houseId: number;
  houseType: number;
  title: string;
  priceText: string;
  belongerId: number | null;
  agentName: string | null;
}

export interface FormPageData {
  house: FormHouse | null;
  /** Set after a successful plain-form post (?ok=1). */
  done: boolean;
  back: string;
}

/** SPEC 3 gallery state, the /photo page's data. */
export interface PhotoData {
  photoList: string[];
  activeItem: number;
  houseTitle: string;
  showAgent: boolean;
  videoUrl: string | null;
  loupan: { houseId: number; name: string } | null;
  huxing: Array<{ name: string; img: string }>;
  video: string | null;
  agentComment: string | null;
  agent: { name: string; uid: string; belongerId: number; portrait: string } | null;
  back: string;
  houseId: number;
  houseType: number;
  /** A listing's gallery: what its title and description name (an estate's gallery has none). */
  caption?: { xiaoquName: string | null; huxing: string; area: number };
}
