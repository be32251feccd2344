import type { Got } from 'got';
import { asPage, getList, getObj, post, seg } from './call.ts';
import type { CallContext } from './http.ts';
import type { Page, SchoolDetail, SchoolItem } from './types.ts';

export interface SchoolFilter {
  cityId: number;
  regionId?: number;
  level?: '幼儿园' | '小学' | '初中' | '高中' | '九年一贯制';
  nature?: '公办' | '民办';
  keyword?: string;
  page?: number;
  size?: number;
}
type SchoolPage = Page<SchoolItem & { xiaoquCount: number }>;

/** SPEC 7.6: schools. */
export function createSchoolApi(gateway: Got) {
  return {
    webFindLouPanSchool: async (call: CallContext, f: SchoolFilter) =>
      asPage(call, await getObj<SchoolPage>(gateway, call, 'web/school/findLouPanSchoolByWeb', post(f)), 20),
    findLouPanSchool: async (call: CallContext, f: SchoolFilter) =>
      asPage(call, await getObj<SchoolPage>(gateway, call, '/api/school/findLouPanSchoolByWeb', post(f)), 20),
    search: async (call: CallContext, f: SchoolFilter) =>
      asPage(
        call,
        await getObj<SchoolPage>(gateway, call, 'web/school/search', { searchParams: f as unknown as Record<string, string | number> }),
        20,
      ),
    byStressId: (call: CallContext, id: number, size: 1 | 2 = 2) =>
      getList<SchoolItem>(gateway, call, `/api/school/getSchoolByStressId/${seg(id)}`, { searchParams: { size } }),
    hotSearch: (call: CallContext, cityId: number) => getList<SchoolItem>(gateway, call, `/api/school/getHotSearch/${seg(cityId)}`),
    /** School detail with its catchment (our path; SPEC 7.6 shows none for the detail). */
    findById: (call: CallContext, id: number | string) => getObj<SchoolDetail>(gateway, call, `/api/school/findById/${seg(id)}`),
  };
}
