import type { Got } from 'got';
import { getList, getObj, seg } from './call.ts';
import type { CallContext } from './http.ts';
import type { PriceLevelDetail, PriceLevelItem, PriceLevelKind } from './types.ts';

/** Price levels below the district (/fangjia/shangquan, /fangjia/ditie; our paths, issue 16). */
export function createFangjiaApi(gateway: Got) {
  return {
    levels: (call: CallContext, kind: PriceLevelKind, cityId: number) =>
      getList<PriceLevelItem>(gateway, call, `/api/housePrice/levels/${seg(kind)}/${seg(cityId)}`),
    level: (call: CallContext, kind: PriceLevelKind, id: number) =>
      getObj<PriceLevelDetail>(gateway, call, `/api/housePrice/level/${seg(kind)}/${seg(id)}`),
  };
}
