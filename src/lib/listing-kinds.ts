/**
 * The kinds of listing list and detail pages, their gateway house types (src/backend/README.md: 11 second-hand,
 * 12 rental, 13 shop for sale, 14 shop for rent, 15 office for sale, 16 office for rent), their Chinese nouns and
 * their detail URLs (SPEC 2.4). Pure, no I/O.
 */

export type ResidentialKind = 'ershoufang' | 'zufang';
/** Shops and offices, for sale (cs, 出售) and for rent (cz, 出租). */
export type CommercialKind = 'shangpucs' | 'shangpucz' | 'xieziloucs' | 'xieziloucz';
/** 找铺: the shop-finding channel over shops for sale and for rent. */
export type ZhaopuKind = 'zhaopu';
export type ListingKind = ResidentialKind | CommercialKind | ZhaopuKind;

export const HOUSE_TYPES: Readonly<Record<ResidentialKind | CommercialKind, number>> = {
  ershoufang: 11,
  zufang: 12,
  shangpucs: 13,
  shangpucz: 14,
  xieziloucs: 15,
  xieziloucz: 16,
};

export const COMMERCIAL_KINDS: readonly CommercialKind[] = ['shangpucs', 'shangpucz', 'xieziloucs', 'xieziloucz'];

/** The house types of shops and offices (13 to 16), in COMMERCIAL_KINDS order. */
export const COMMERCIAL_HOUSE_TYPES: readonly number[] = COMMERCIAL_KINDS.map((k) => HOUSE_TYPES[k]);
/** The house types let by the month: rentals, shops and offices for rent. */
export const RENT_HOUSE_TYPES: readonly number[] = [HOUSE_TYPES.zufang, HOUSE_TYPES.shangpucz, HOUSE_TYPES.xieziloucz];
/** The house types sold: second-hand homes, shops and offices for sale. */
export const SALE_HOUSE_TYPES: readonly number[] = [HOUSE_TYPES.ershoufang, HOUSE_TYPES.shangpucs, HOUSE_TYPES.xieziloucs];

/** What a list of the kind is called: 长沙 + 岳麓区 + noun is the list's heading. */
export const KIND_NOUNS: Readonly<Record<ListingKind, string>> = {
  ershoufang: '二手房',
  zufang: '租房',
  shangpucs: '商铺出售',
  shangpucz: '商铺出租',
  xieziloucs: '写字楼出售',
  xieziloucz: '写字楼出租',
  zhaopu: '商铺',
};

export const isCommercialKind = (k: ListingKind): k is CommercialKind | ZhaopuKind => k !== 'ershoufang' && k !== 'zufang';
/** Shop kinds carry a business format (业态). */
export const isShopKind = (k: ListingKind): boolean => k === 'shangpucs' || k === 'shangpucz' || k === 'zhaopu';
/** House types priced per month (元/月). */
export const isRentHouseType = (houseType: number): boolean => RENT_HOUSE_TYPES.includes(houseType);

/** The kind of a house type (its own list and detail section); unknown types read as second-hand. */
export function kindOfHouseType(houseType: number): ResidentialKind | CommercialKind {
  const hit = (Object.keys(HOUSE_TYPES) as Array<ResidentialKind | CommercialKind>).find((k) => HOUSE_TYPES[k] === houseType);
  return hit ?? 'ershoufang';
}

/** The canonical detail URL of a listing shown in a list of `kind`: `/shangpucs/12.html`; the shop channel's `/zhaopucz/12.html`. */
export function detailPathOf(kind: ListingKind, houseId: number | string, houseType?: number): string {
  const id = encodeURIComponent(String(houseId));
  if (kind === 'zhaopu') return `/zhaopu${houseType === HOUSE_TYPES.shangpucs ? 'cs' : 'cz'}/${id}.html`;
  return `/${kind}/${id}.html`;
}

/** 找铺's search results for a keyword: `/zhaopu/searchList?keyword=餐饮&page=2`. */
export const zhaopuSearchHref = (keyword: string, page = 1): string =>
  `/zhaopu/searchList?keyword=${encodeURIComponent(keyword)}${page > 1 ? `&page=${page}` : ''}`;

/** The canonical detail URL of a second-hand or rental listing; a brand apartment's is `/zufang/zuyj/{id}.html`. */
export const residentialDetailPath = (kind: ResidentialKind, houseId: number, zuyj?: boolean): string =>
  zuyj ? `/zufang/zuyj/${encodeURIComponent(String(houseId))}.html` : detailPathOf(kind, houseId);
