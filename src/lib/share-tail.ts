/**
 * The tail of a share landing page /appH5/share/* (issue 19): what was shared, `{kind}/{id}` (`.html` allowed), e.g.
 * `/appH5/share/ershoufang/12`, `/appH5/share/xinfang/3.html`, `/appH5/share/zixun/40`. Anything else is not a share
 * link (the caller answers 404). Pure, no I/O.
 */
import { parseId } from './ids.ts';
import { type CommercialKind, detailPathOf, type ResidentialKind } from './listing-kinds.ts';

export type ListingShareKind = ResidentialKind | CommercialKind;
export type ShareKind = ListingShareKind | 'xinfang' | 'xiaoqu' | 'zixun';

const LISTING_KINDS: readonly ListingShareKind[] = ['ershoufang', 'zufang', 'shangpucs', 'shangpucz', 'xieziloucs', 'xieziloucz'];
/** Every kind of thing the app shares, in the order /appH5/share lists them. */
export const SHARE_KINDS: readonly ShareKind[] = [
  'ershoufang',
  'xinfang',
  'zufang',
  'xiaoqu',
  'shangpucs',
  'shangpucz',
  'xieziloucs',
  'xieziloucz',
  'zixun',
];

export const isListingShare = (k: ShareKind): k is ListingShareKind => (LISTING_KINDS as readonly string[]).includes(k);

export function parseShareTail(raw: string | undefined): { kind: ShareKind; id: number } | null {
  const m = /^([a-z]+)\/([^/]+?)(?:\.html)?\/?$/.exec(raw ?? '');
  if (!m || !(SHARE_KINDS as readonly string[]).includes(m[1])) return null;
  const id = parseId(m[2]);
  return id === null ? null : { kind: m[1] as ShareKind, id };
}

/** The shared thing's own page on the site: `/ershoufang/12.html`, `/xinfang/3.html`, `/xiaoqu/7.html`, `/zixun/40.html`. */
export const sharedPath = (kind: ShareKind, id: number): string =>
  isListingShare(kind) ? detailPathOf(kind, id) : `/${kind}/${encodeURIComponent(String(id))}.html`;

/** /appH5/share: what can be shared (issue 34). */
export const SHARE_INDEX_HREF = '/appH5/share';

/** A share link of the thing: what the app's share button hands out. */
export const shareHref = (kind: ShareKind, id: number): string => `/appH5/share/${kind}/${id}`;

/** The counting word of a kind: 套 for listings, 个 for estates and communities, 篇 for articles. */
export const shareCountUnit = (kind: string): string => (kind === 'zixun' ? '篇' : kind === 'xinfang' || kind === 'xiaoqu' ? '个' : '套');
