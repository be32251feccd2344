import type { Got } from 'got';
import { type CompareKind, type CompareList, compareListOf } from '../lib/compare.ts';
import { getObj, post, seg } from './call.ts';
import type { CallContext } from './http.ts';

/**
 * A member's compare list on the gateway (issue 37 part 4; our paths, src/backend/README.md): every call answers the
 * whole list, read through compareListOf so that a page never shows what the rules would not hold.
 */
export function createCompareApi(gateway: Got) {
  const list = async (p: Promise<unknown>): Promise<CompareList> => compareListOf(await p);
  return {
    list: (call: CallContext, memberId: string) => list(getObj(gateway, call, `api/compare/list/${seg(memberId)}`)),
    add: (call: CallContext, memberId: string, kind: CompareKind, houseId: number) =>
      list(getObj(gateway, call, 'api/compare/add', post({ memberId, kind, houseId }))),
    remove: (call: CallContext, memberId: string, kind: CompareKind, houseId: number) =>
      list(getObj(gateway, call, 'api/compare/remove', post({ memberId, kind, houseId }))),
    clear: (call: CallContext, memberId: string) => list(getObj(gateway, call, 'api/compare/clear', post({ memberId }))),
    /** The visitor's list joins the member's (login); `dropped` counts the homes left out. */
    merge: async (call: CallContext, memberId: string, visitor: CompareList) => {
      const obj = await getObj<{ dropped?: number }>(
        gateway,
        call,
        'api/compare/merge',
        post(visitor.kind ? { memberId, ...visitor } : { memberId }),
      );
      return { list: compareListOf(obj), dropped: typeof obj?.dropped === 'number' ? obj.dropped : 0 };
    },
  };
}
