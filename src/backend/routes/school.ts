import type { FastifyInstance } from 'fastify';
import type { SchoolDetail, SchoolFilter } from '../../contracts/gateway/index.ts';
import type { BackendContext } from '../context.ts';
import { ok, page, paging } from '../envelope.ts';
import { KEY_SCHOOL_TAGS, loupanItem, SCHOOL_SELECT, schoolDetail, schoolItem, xiaoquItem } from '../mappers.ts';
import { body, idParams, int, str } from '../schemas.ts';
import { segmentForQuery } from '../segment.ts';
import { cachedStatement } from '../util.ts';
import { whereClause } from '../where.ts';
import { XIAOQU_SELECT } from './xiaoqu.ts';
import { LOUPAN_SELECT } from './xinfang.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

const schoolFilter = body(
  {
    cityId: int(1, 9999),
    regionId: int(1),
    level: { type: 'string', enum: ['幼儿园', '小学', '初中', '高中', '九年一贯制'] },
    nature: { type: 'string', enum: ['公办', '民办'] },
    keySchool: { type: 'boolean' },
    keyword: str(64),
    page: int(0, 100_000),
    size: int(1, 100),
  },
  ['cityId'],
);

/** Nearby schools of a detail: the other schools of its district, nearest first. */
const AROUND_LIMIT = 10;

/** SPEC 7.6: schools with their catchment communities, the estates around them and their district ranking. */
export function registerSchoolRoutes(app: FastifyInstance, { db }: BackendContext): void {
  const one = db.prepare(`${SCHOOL_SELECT} WHERE s.id = ?`);
  const byStress = db.prepare(
    `${SCHOOL_SELECT} WHERE s.id IN (SELECT school_id FROM school_xiaoqu WHERE xiaoqu_id = ?) ORDER BY s.hot DESC, s.id LIMIT ?`,
  );
  const hot = db.prepare(`${SCHOOL_SELECT} WHERE s.city_id = ? ORDER BY s.hot DESC, s.id LIMIT 10`);
  const xiaoqus = db.prepare(
    `${XIAOQU_SELECT} JOIN school_xiaoqu sx ON sx.xiaoqu_id = x.id WHERE sx.school_id = ? ORDER BY x.hot DESC, x.id`,
  );
  const loupans = db.prepare(
    `${LOUPAN_SELECT} JOIN school_loupan sl ON sl.loupan_id = l.id WHERE sl.school_id = ? ORDER BY l.hot DESC, l.id`,
  );
  // Nearest first by the squared distance of the coordinates (a district is small enough for the flat-earth measure).
  const around = db.prepare(
    `${SCHOOL_SELECT} WHERE s.region_id = ? AND s.id <> ?
     ORDER BY (s.lat - ?) * (s.lat - ?) + (s.lng - ?) * (s.lng - ?), s.id LIMIT ${AROUND_LIMIT}`,
  );
  const counts = db.prepare('SELECT COUNT(*) FROM school_xiaoqu WHERE school_id = ?').pluck();

  const list = (b: SchoolFilter) => {
    const filter = whereClause();
    filter.add('s.city_id = ?', b.cityId);
    if (b.regionId) filter.add('s.region_id = ?', b.regionId);
    if (b.level) filter.add('s.level = ?', b.level);
    if (b.nature) filter.add('s.nature = ?', b.nature);
    if (b.keySchool !== undefined) {
      const any = KEY_SCHOOL_TAGS.map(() => "(',' || s.tags || ',') LIKE ?").join(' OR ');
      filter.add(b.keySchool ? `(${any})` : `NOT (${any})`, ...KEY_SCHOOL_TAGS.map((tag) => `%,${tag},%`));
    }
    if (b.keyword) {
      const m = segmentForQuery(b.keyword);
      if (m) filter.add("s.id IN (SELECT ref_id FROM search_fts WHERE search_fts MATCH ? AND kind = 'school')", m);
    }
    const { pageNo, size, offset } = paging(b, 20);
    const w = filter.clause();
    const total = cachedStatement(db, `SELECT COUNT(*) FROM school s ${w}`)
      .pluck()
      .get(...filter.args) as number;
    const rows =
      offset < total
        ? (cachedStatement(db, `${SCHOOL_SELECT} ${w} ORDER BY s.hot DESC, s.id LIMIT ? OFFSET ?`).all(
            ...filter.args,
            size,
            offset,
          ) as Row[])
        : [];
    return page(
      rows.map((r) => ({ ...schoolItem(r), xiaoquCount: counts.get(r.id) as number })),
      total,
      pageNo,
      size,
    );
  };
  app.post('/web/school/findLouPanSchoolByWeb', { schema: { body: schoolFilter } }, async (req) => list(req.body as SchoolFilter));
  app.post('/api/school/findLouPanSchoolByWeb', { schema: { body: schoolFilter } }, async (req) => list(req.body as SchoolFilter));
  app.get('/web/school/search', { schema: { querystring: schoolFilter } }, async (req) => list(req.query as SchoolFilter));
  app.get('/api/school/getSchoolByStressId/:id', { schema: { params: idParams, querystring: body({ size: int(1, 20) }) } }, async (req) => {
    const size = (req.query as { size?: number }).size ?? 2;
    return ok((byStress.all((req.params as { id: number }).id, size) as Row[]).map(schoolItem));
  });
  app.get('/api/school/getHotSearch/:id', { schema: { params: idParams } }, async (req) =>
    ok((hot.all((req.params as { id: number }).id) as Row[]).map(schoolItem)),
  );
  /** School detail with its catchment communities, the estates around it and the nearest schools of its district. */
  app.get('/api/school/findById/:id', { schema: { params: idParams } }, async (req) => {
    const { id } = req.params as { id: number };
    const row = one.get(id) as Row | undefined;
    if (!row) return ok(null);
    return ok<SchoolDetail>({
      ...schoolDetail(row),
      xiaoquList: (xiaoqus.all(id) as Row[]).map(xiaoquItem),
      louPanList: (loupans.all(id) as Row[]).map(loupanItem),
      aroundSchool: (around.all(row.region_id, id, row.lat, row.lat, row.lng, row.lng) as Row[]).map(schoolItem),
    });
  });
}
