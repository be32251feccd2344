import { loupanTypeName } from './loupan-types.ts';
import { linkedPages } from './page-window.ts';
import { saleStatusLabel } from './sale-status.ts';
import {
  filterWords,
  type RegionSlugs,
  ROOM_OPTIONS,
  TOTAL_PRICE_BANDS,
  toggleRoom,
  UNIT_PRICE_BANDS,
  withFilter,
  type XinfangFilter,
  xinfangPath,
} from './xinfang-filters.ts';

/** A link the new-home list shows: an active filter's chip (its link drops it), a region, a page. */
export interface ViewLink {
  label: string;
  href: string;
}

/**
 * The words and links of the new-home list that follow from its filter state (issue 37 part 1): made by the loader, so
 * the list's first JavaScript holds no filter tables (issue 35 part 4: the filter bar loads them at its first touch).
 */
export interface XinfangListView {
  /** 长沙岳麓区住宅新房: the h1, and the name a saved search gets when none is typed. */
  heading: string;
  chips: ViewLink[];
  /** The URL of each page the pager links (src/lib/page-window.ts), by page number. */
  pageHrefs: Record<number, string>;
  /** 岳麓区新房 …: every region of the city's estates. */
  regionLinks: ViewLink[];
}

/** The active filters as removable chips. */
function chipsOf(f: XinfangFilter, regionName: string, slugs: RegionSlugs): ViewLink[] {
  const out: Array<{ label: string; without: XinfangFilter }> = [];
  if (f.regionId) out.push({ label: regionName || '区域', without: withFilter(f, { regionId: undefined }) });
  if (f.typeCode) out.push({ label: loupanTypeName(f.typeCode), without: withFilter(f, { typeCode: undefined }) });
  if (f.saleStatus) out.push({ label: saleStatusLabel(f.saleStatus), without: withFilter(f, { saleStatus: undefined }) });
  const up = UNIT_PRICE_BANDS.find((b) => b.code === f.price);
  if (up) out.push({ label: `均价${up.label}`, without: withFilter(f, { price: undefined }) });
  const tp = TOTAL_PRICE_BANDS.find((b) => b.code === f.total);
  if (tp) out.push({ label: `总价${tp.label}`, without: withFilter(f, { total: undefined }) });
  for (const r of f.rooms ?? []) out.push({ label: ROOM_OPTIONS.find((o) => o.code === r)?.label ?? '', without: toggleRoom(f, r) });
  return out.map((c) => ({ label: c.label, href: xinfangPath(c.without, slugs) }));
}

export function xinfangListView(input: {
  cityName: string;
  filter: XinfangFilter;
  slugs: RegionSlugs;
  regions: ReadonlyArray<{ regionId: number; regionName: string }>;
  regionName: string;
  keyword: string;
  page: number;
  totalPages: number;
}): XinfangListView {
  const { filter, slugs, keyword } = input;
  const query = keyword ? `?keyword=${encodeURIComponent(keyword)}` : '';
  return {
    heading: `${input.cityName}${input.regionName}${filterWords(filter).join('')}新房`,
    chips: chipsOf(filter, input.regionName, slugs),
    pageHrefs: Object.fromEntries(
      linkedPages(input.page, input.totalPages).map((n) => [n, xinfangPath({ ...filter, page: n }, slugs) + query]),
    ),
    regionLinks: input.regions.map((r) => ({ label: `${r.regionName}新房`, href: xinfangPath({ regionId: r.regionId }, slugs) })),
  };
}
