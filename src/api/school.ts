import type { Got } from 'got';
import { getList, getObj, getPage, post, seg } from './call.ts';
import type { CallContext } from './http.ts';
import { checks } from './records.ts';
import type { Page, SchoolDetail, SchoolFilter, SchoolItem, SchoolListItem } from './types.ts';

export type { SchoolFilter } from './types.ts';

/** SPEC 7.6: schools (the districts with their school counts are config.schoolRegions, SPEC 7.2). Every school record is checked where it enters (records.ts). */
export function createSchoolApi(gateway: Got) {
  return {
    webFindLouPanSchool: (call: CallContext, f: SchoolFilter) =>
      getPage<Page<SchoolListItem>>(gateway, call, 'web/school/findLouPanSchoolByWeb', post(f), f.size ?? 20, checks.schoolItem),
    findLouPanSchool: (call: CallContext, f: SchoolFilter) =>
      getPage<Page<SchoolListItem>>(gateway, call, '/api/school/findLouPanSchoolByWeb', post(f), f.size ?? 20, checks.schoolItem),
    search: (call: CallContext, f: SchoolFilter) =>
      getPage<Page<SchoolListItem>>(
        gateway,
        call,
        'web/school/search',
        { searchParams: f as unknown as Record<string, string | number | boolean> },
        f.size ?? 20,
        checks.schoolItem,
      ),
    byStressId: (call: CallContext, id: number, size: 1 | 2 = 2) =>
      getList<SchoolItem>(gateway, call, `/api/school/getSchoolByStressId/${seg(id)}`, { searchParams: { size } }, checks.schoolItem),
    hotSearch: (call: CallContext, cityId: number) =>
      getList<SchoolItem>(gateway, call, `/api/school/getHotSearch/${seg(cityId)}`, {}, checks.schoolItem),
    /** School detail with its catchment (our path; SPEC 7.6 shows none for the detail). */
    findById: (call: CallContext, id: number | string) =>
      getObj<SchoolDetail>(gateway, call, `/api/school/findById/${seg(id)}`, {}, checks.schoolDetail),
  };
}
