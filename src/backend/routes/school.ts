import type { FastifyInstance } from 'fastify';
import type { SchoolDetail } from '../../contracts/gateway/index.ts';
import type { BackendContext } from '../context.ts';
import { ok, page, paging } from '../envelope.ts';
import { listingItem, loupanItem, schoolDetail, schoolItem, xiaoquItem } from '../mappers.ts';
import { body, idParams, int, str } from '../schemas.ts';
import { segmentForQuery } from '../segment.ts';
import { cachedStatement } from '../util.ts';
import { whereClause } from '../where.ts';
import { LISTING_SELECT } from './listing.ts';
import { XIAOQU_SELECT } from './xiaoqu.ts';
import { LOUPAN_SELECT } from './xinfang.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

const SCHOOL_SELECT = 'SELECT s.*, r.name AS region_name FROM school s JOIN region r ON r.id = s.region_id';

const schoolFilter = body(
  {
    cityId: int(1, 9999),
    regionId: int(1),
    level: { type: 'string', enum: ['幼儿园', '小学', '初中', '高中', '九年一贯制'] },
    nature: { type: 'string', enum: ['公办', '民办'] },
    keyword: str(64),
    page: int(0, 100_000),
    size: int(1, 100),
  },
  ['cityId'],
);

/** SPEC 7.6: schools with their nearby communities, estates and listings. */
export function registerSchoolRoutes(app: FastifyInstance, { db }: BackendContext): void {
  const one = db.prepare(`${SCHOOL_SELECT} WHERE s.id = ?`);
  const byStress = db.prepare(
    `${SCHOOL_SELECT} JOIN school_xiaoqu sx ON sx.school_id = s.id WHERE sx.xiaoqu_id = ? ORDER BY s.hot DESC LIMIT ?`,
  );
  const hot = db.prepare(`${SCHOOL_SELECT} WHERE s.city_id = ? ORDER BY s.hot DESC, s.id LIMIT 10`);
  const xiaoqus = db.prepare(`${XIAOQU_SELECT} JOIN school_xiaoqu sx ON sx.xiaoqu_id = x.id WHERE sx.school_id = ? ORDER BY x.hot DESC`);
  const loupans = db.prepare(`${LOUPAN_SELECT} JOIN school_loupan sl ON sl.loupan_id = l.id WHERE sl.school_id = ? ORDER BY l.hot DESC`);
  const listings =
    db.prepare(`${LISTING_SELECT} WHERE l.xiaoqu_id IN (SELECT xiaoqu_id FROM school_xiaoqu WHERE school_id = ?) AND l.house_type = ? AND l.status = 1
    ORDER BY l.updated_at DESC LIMIT ?`);
  const around = db.prepare(`${SCHOOL_SELECT} WHERE s.region_id = ? AND s.id <> ? ORDER BY s.hot DESC LIMIT 10`);

  const counts = db.prepare('SELECT COUNT(*) FROM school_xiaoqu WHERE school_id = ?').pluck();

  const list = (b: {
    cityId: number;
    regionId?: number;
    level?: string;
    nature?: string;
    keyword?: string;
    page?: number;
    size?: number;
  }) => {
    const filter = whereClause();
    filter.add('s.city_id = ?', b.cityId);
    if (b.regionId) filter.add('s.region_id = ?', b.regionId);
    if (b.level) filter.add('s.level = ?', b.level);
    if (b.nature) filter.add('s.nature = ?', b.nature);
    if (b.keyword) {
      const m = segmentForQuery(b.keyword);
      if (m) filter.add("s.id IN (SELECT ref_id FROM search_fts WHERE search_fts MATCH ? AND kind = 'school')", m);
    }
    const { pageNo, size, offset } = paging(b, 20);
    const w = filter.clause();
    const total = cachedStatement(db, `SELECT COUNT(*) FROM school s ${w}`)
      .pluck()
      .get(...filter.args) as number;
    const rows = cachedStatement(db, `${SCHOOL_SELECT} ${w} ORDER BY s.hot DESC, s.id LIMIT ? OFFSET ?`).all(
      ...filter.args,
      size,
      offset,
    ) as Row[];
    return page(
      rows.map((r) => ({ ...schoolItem(r), xiaoquCount: counts.get(r.id) })),
      total,
      pageNo,
      size,
    );
  };
  app.post('/web/school/findLouPanSchoolByWeb', { schema: { body: schoolFilter } }, async (req) =>
    list(req.body as Parameters<typeof list>[0]),
  );
  app.post('/api/school/findLouPanSchoolByWeb', { schema: { body: schoolFilter } }, async (req) =>
    list(req.body as Parameters<typeof list>[0]),
  );
  app.get('/web/school/search', { schema: { querystring: schoolFilter } }, async (req) => list(req.query as Parameters<typeof list>[0]));
  app.get('/api/school/getSchoolByStressId/:id', { schema: { params: idParams, querystring: body({ size: int(1, 20) }) } }, async (req) => {
    const size = (req.query as { size?: number }).size ?? 2;
    return ok((byStress.all((req.params as { id: number }).id, size) as Row[]).map(schoolItem));
  });
  app.get('/api/school/getHotSearch/:id', { schema: { params: idParams } }, async (req) =>
    ok((hot.all((req.params as { id: number }).id) as Row[]).map(schoolItem)),
  );
  /** School detail with its catchment: communities, estates, second-hand and rental listings, schools around (school/detail pages). */
  app.get('/api/school/findById/:id', { schema: { params: idParams } }, async (req) => {
    const { id } = req.params as { id: number };
    const row = one.get(id) as Row | undefined;
    if (!row) return ok(null);
    return ok<SchoolDetail>({
      ...schoolDetail(row),
      xiaoquList: (xiaoqus.all(id) as Row[]).map(xiaoquItem),
      louPanList: (loupans.all(id) as Row[]).map(loupanItem),
      secHandList: (listings.all(id, 11, 10) as Row[]).map(listingItem),
      rentList: (listings.all(id, 12, 10) as Row[]).map(listingItem),
      aroundSchool: (around.all(row.region_id, id) as Row[]).map(schoolItem),
    });
  });
}
