import type { Got } from 'got';
import { getObj, getPage, post, seg } from './call.ts';
import type { CallContext } from './http.ts';
import { checks } from './records.ts';
import type { DealFilter, DealRecord, ListingVerification, Page } from './types.ts';

/** Issue 19: the recent deals of the in-app pages and the listing verification of /fangyuanheyan (our paths). */
export function createAppH5Api(gateway: Got) {
  return {
    /** Closed deals of a city, district or community, newest first. */
    deals: (call: CallContext, filter: DealFilter) =>
      getPage<Page<DealRecord>>(gateway, call, '/api/deal/findByCondition', post(filter), filter.size ?? 20, checks.deal),
    /** A listing's verification code and state; null when the gateway has none. */
    verification: (call: CallContext, houseId: number) =>
      getObj<ListingVerification>(gateway, call, `/api/house/verify/${seg(houseId)}`, {}, checks.verification),
    /** The verification found by its code or by the listing's house number, within a city. */
    findVerification: (call: CallContext, q: { cityId: number; code?: string; houseNumber?: string }) =>
      getObj<ListingVerification>(gateway, call, '/api/house/verify/find', { searchParams: q }, checks.verification),
  };
}
