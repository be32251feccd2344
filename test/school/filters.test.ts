/** The school list's path codes (src/lib/school-filters.ts): one parse, one canonical form, query parameters mapped. */
import t from 'tap';
import {
  parseSchoolTail,
  schoolFromQuery,
  schoolLabels,
  schoolListHref,
  toSchoolApiFilter,
  withSchoolFilter,
} from '../../src/lib/school-filters.ts';

const regions = [
  { regionId: 1, regionName: '芙蓉区' },
  { regionId: 2, regionName: '岳麓区' },
  { regionId: 3, regionName: '长沙县' },
];

t.test('tails parse to a filter state and print back the same', async (t) => {
  const cases: Array<[string, object]> = [
    ['', {}],
    ['xiaoxue/', { level: 2 }],
    ['yuelu/', { regionId: 2 }],
    ['changshaxian/youeryuan/xz2/', { regionId: 3, level: 1, nature: 2 }],
    ['furong/gaozhong/xz1zd1pg3/', { regionId: 1, level: 4, nature: 1, key: true, page: 3 }],
    ['zd1/', { key: true }],
    ['qy2/', { regionId: 2 }],
  ];
  for (const [tail, q] of cases) {
    t.same(parseSchoolTail(tail, regions), q, tail);
    if (!tail.startsWith('qy')) t.equal(schoolListHref(q, regions), `/school/${tail}`, `${tail} prints back`);
  }
  t.equal(schoolListHref({ regionId: 2 }, regions), '/school/yuelu/', 'qy2 prints as the slug');
});

t.test('unknown, repeated or out-of-range parts are no filter state (404)', async (t) => {
  for (const tail of ['abc/', 'xiaoxue/yuelu/', 'xz3/', 'zd2/', 'xz1xz1/', 'pg2pg3/', 'xz1/pg2/', 'yuelu/furong/', 'xz0/']) {
    t.equal(parseSchoolTail(tail, regions), null, tail);
  }
});

t.test('query parameters map onto the same state', async (t) => {
  t.same(schoolFromQuery({ level: '小学', nature: '公办', key: '1' }, regions), { level: 2, nature: 1, key: true });
  t.same(schoolFromQuery({ level: 'chuzhong', nature: 'minban', regionId: '2' }, regions), { regionId: 2, level: 3, nature: 2 });
  t.same(schoolFromQuery({ regionId: 'yuelu', page: '4' }, regions), { regionId: 2, page: 4 });
  t.same(schoolFromQuery({ level: '大学', regionId: '99' }, regions, { level: 2 }), {}, 'unknown values drop the filter');
  t.same(schoolFromQuery({ page: '1' }, regions, { page: 3 }), {}, 'page 1 is no page');
});

t.test('the API filter, labels, and a filter change starting at page 1', async (t) => {
  t.same(toSchoolApiFilter({ regionId: 2, level: 2, nature: 1, key: true, page: 2 }), {
    regionId: 2,
    level: '小学',
    nature: '公办',
    keySchool: true,
    page: 2,
  });
  t.same(schoolLabels({ nature: 2, key: true }), ['民办', '重点学校']);
  t.same(withSchoolFilter({ level: 2, page: 4 }, { nature: 1 }), { level: 2, nature: 1 });
  t.same(withSchoolFilter({ key: true }, { key: undefined }), {});
});
