/** What the member pages and the forms about a house receive. */
import type { CollectEntry, CollectKind } from '../gateway/index.ts';

export interface MyShoucangData {
  kind: CollectKind | null;
  entries: CollectEntry[];
  counts: Record<CollectKind, number>;
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
