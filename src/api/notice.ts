import type { Got } from 'got';
import type { NoticePage, NoticeSettings, NoticeSms, SavedSearch, SavedSearchInput } from '../contracts/gateway/index.ts';
import { getObj, post, seg } from './call.ts';
import type { CallContext } from './http.ts';

/** Saved searches, notices and notice settings (issue 37; the gateway's paths of our own, src/backend/README.md). */
export function createNoticeApi(gateway: Got) {
  return {
    saveSearch: (call: CallContext, input: SavedSearchInput) =>
      getObj<SavedSearch & { updated: boolean }>(gateway, call, 'api/savedSearch/save', post(input)),
    searches: async (call: CallContext, memberId: string) =>
      (await getObj<SavedSearch[]>(gateway, call, `api/savedSearch/list/${seg(memberId)}`)) ?? [],
    updateSearch: (
      call: CallContext,
      memberId: string,
      id: number,
      patch: Partial<Pick<SavedSearch, 'name' | 'wantNew' | 'wantDrop' | 'sms' | 'enabled'>>,
    ) => getObj<SavedSearch>(gateway, call, 'api/savedSearch/update', post({ memberId, id, ...patch })),
    deleteSearch: (call: CallContext, memberId: string, id: number) =>
      getObj<{ id: number; removed: boolean }>(gateway, call, 'api/savedSearch/delete', post({ memberId, id })),
    notices: (call: CallContext, memberId: string, page = 1, size = 20) =>
      getObj<NoticePage>(gateway, call, `api/notice/list/${seg(memberId)}`, { searchParams: { page, size } }),
    unread: async (call: CallContext, memberId: string) =>
      (await getObj<{ total: number }>(gateway, call, `api/notice/unread/${seg(memberId)}`))?.total ?? 0,
    /** Mark one notice read, or all of them (no id): the unread count after. */
    read: (call: CallContext, memberId: string, id?: number) =>
      getObj<{ unread: number }>(gateway, call, 'api/notice/read', post(id === undefined ? { memberId } : { memberId, id })),
    remove: (call: CallContext, memberId: string, id: number) =>
      getObj<{ unread: number }>(gateway, call, 'api/notice/delete', post({ memberId, id })),
    settings: (call: CallContext, memberId: string) => getObj<NoticeSettings>(gateway, call, `api/notice/settings/${seg(memberId)}`),
    saveSettings: (call: CallContext, memberId: string, s: NoticeSettings) =>
      getObj<NoticeSettings>(gateway, call, 'api/notice/settings', post({ memberId, ...s })),
    sms: async (call: CallContext, memberId: string) => (await getObj<NoticeSms[]>(gateway, call, `api/notice/sms/${seg(memberId)}`)) ?? [],
  };
}
