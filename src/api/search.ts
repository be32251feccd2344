import type { Got } from 'got';
import type { SuggestResult } from '../contracts/gateway/search.ts';
import { getList, getObj, post, seg } from './call.ts';
import type { CallContext } from './http.ts';
import { checks } from './records.ts';
import type { SearchHit, SearchKind, Store } from './types.ts';

export interface SearchResult {
  keyword: string;
  total: number;
  list: SearchHit[];
  groups: Record<string, { total: number; list: SearchHit[] }>;
}

/** SPEC 7.6: keyword search (Chinese, any length from one character), hot searches, store search. */
export function createSearchApi(gateway: Got) {
  return {
    /** Hot searches; type 1 new homes, 2 second-hand, 3 rentals, 4 communities, 5 general. */
    hot: (call: CallContext, type: number, cityId: number) =>
      getList<{ keyword: string; hits: number }>(gateway, call, `api/search/hotcommont/${seg(type)}/${seg(cityId)}`),
    /** GET api/search with params: keyword, cityId, type. */
    search: (call: CallContext, q: { keyword: string; cityId: number; type?: SearchKind; limit?: number }) =>
      getObj<SearchResult>(gateway, call, 'api/search', { searchParams: q }),
    /** GET /api/search/ with text, cityId, newHouse, houseType (the SPEC's second form). */
    searchText: (call: CallContext, q: { text: string; cityId: number; newHouse?: boolean; houseType?: number }) =>
      getObj<SearchResult>(gateway, call, '/api/search/', { searchParams: q }),
    /** Suggestions while typing (issue 14): named places grouped by kind, by Chinese text, full pinyin or initials. */
    suggest: (call: CallContext, q: { keyword: string; cityId: number; limit?: number }) =>
      getObj<SuggestResult>(gateway, call, '/api/search/', { searchParams: { ...q, suggest: true } }),
    mendian: (call: CallContext, q: { keyword: string; cityId: number }) =>
      getList<Store>(gateway, call, '/api/search/mendian', { searchParams: q }, checks.store),
    common: (call: CallContext, body: { keyword: string; cityId: number; kinds?: SearchKind[]; limit?: number }) =>
      getObj<{ keyword: string; groups: SearchResult['groups'] }>(gateway, call, '/api/search/common', post(body)),
  };
}
