import type { FastifyInstance } from 'fastify';
import type { SearchHit, SearchKind } from '../../contracts/gateway/index.ts';
import { COMMERCIAL_HOUSE_TYPES, HOUSE_TYPES } from '../../lib/listing-kinds.ts';
import type { BackendContext } from '../context.ts';
import type { DB } from '../db.ts';
import { ok } from '../envelope.ts';
import { storeItem } from '../mappers.ts';
import { body, int, params, str } from '../schemas.ts';
import { suggest } from '../search-index.ts';
import { segmentForQuery } from '../segment.ts';
import { cachedStatement } from '../util.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

export const SEARCH_KINDS = [
  'loupan',
  'ershoufang',
  'zufang',
  'business',
  'xiaoqu',
  'school',
  'info',
  'wenda',
  'baike',
] as const satisfies readonly SearchKind[];

/** Hot-search types: 1 new homes, 2 second-hand, 3 rentals, 4 communities, 5 general. */
const HOT_TYPE: Record<string, number> = { loupan: 1, ershoufang: 2, zufang: 3, xiaoqu: 4 };

const LOOKUP: Record<SearchKind, string> = {
  loupan: `SELECT l.id, l.name AS title, r.name || ' ' || s.name AS subtitle, l.avg_price AS price FROM loupan l JOIN region r ON r.id = l.region_id
    JOIN shop_map s ON s.id = l.shop_map_id WHERE l.id IN (SELECT value FROM json_each(?)) ORDER BY l.hot DESC`,
  ershoufang: `SELECT l.id, l.title, r.name || ' ' || l.area || '㎡' AS subtitle, l.price, l.house_type FROM listing l JOIN region r ON r.id = l.region_id
    WHERE l.id IN (SELECT value FROM json_each(?)) AND l.status = 1 ORDER BY l.view_num DESC`,
  zufang: `SELECT l.id, l.title, r.name || ' ' || l.area || '㎡' AS subtitle, l.price, l.house_type FROM listing l JOIN region r ON r.id = l.region_id
    WHERE l.id IN (SELECT value FROM json_each(?)) AND l.status = 1 ORDER BY l.view_num DESC`,
  business: `SELECT l.id, l.title, r.name || ' ' || l.area || '㎡' AS subtitle, l.price, l.house_type FROM listing l JOIN region r ON r.id = l.region_id
    WHERE l.id IN (SELECT value FROM json_each(?)) AND l.status = 1 ORDER BY l.view_num DESC`,
  xiaoqu: `SELECT x.id, x.name AS title, r.name || ' ' || s.name AS subtitle, x.avg_price AS price, x.ershoucount, x.zufangcount FROM xiaoqu x
    JOIN region r ON r.id = x.region_id JOIN shop_map s ON s.id = x.shop_map_id WHERE x.id IN (SELECT value FROM json_each(?)) ORDER BY x.hot DESC`,
  school: `SELECT s.id, s.name AS title, r.name || ' ' || s.level AS subtitle FROM school s JOIN region r ON r.id = s.region_id
    WHERE s.id IN (SELECT value FROM json_each(?)) ORDER BY s.hot DESC`,
  info: `SELECT id, title, summary AS subtitle FROM info_doc WHERE id IN (SELECT value FROM json_each(?)) ORDER BY created_at DESC`,
  wenda: `SELECT id, title, answer_count || '个回答' AS subtitle FROM wenda WHERE id IN (SELECT value FROM json_each(?)) ORDER BY view_num DESC`,
  baike: `SELECT id, title, category AS subtitle FROM baike WHERE id IN (SELECT value FROM json_each(?)) ORDER BY view_num DESC`,
};

const BUSINESS_PATH: Record<number, string> = { 13: 'shangpucs', 14: 'shangpucz', 15: 'xieziloucs', 16: 'xieziloucz' };

function urlOf(kind: SearchKind, r: Row): string {
  switch (kind) {
    case 'loupan':
      return `/xinfang/${r.id}.html`;
    case 'business':
      return `/${BUSINESS_PATH[r.house_type] ?? 'shangpucs'}/${r.id}.html`;
    case 'info':
      return `/zixun/${r.id}.html`;
    default:
      return `/${kind}/${r.id}.html`;
  }
}

/** Chinese keyword search over the pre-segmented FTS index (see segment.ts): per kind, the best `limit` hits and the total. */
export function searchKeyword(db: DB, keyword: string, cityId: number, kinds: readonly SearchKind[], limit: number) {
  const match = segmentForQuery(keyword);
  const out: Record<string, { total: number; list: SearchHit[] }> = {};
  if (!match) {
    for (const k of kinds) out[k] = { total: 0, list: [] };
    return out;
  }
  const idsOf = cachedStatement(
    db,
    'SELECT ref_id FROM search_fts WHERE search_fts MATCH ? AND kind = ? AND city_id = ? ORDER BY rank LIMIT 500',
  ).pluck();
  for (const kind of kinds) {
    const ids = idsOf.all(match, kind, cityId) as number[];
    const rows = ids.length ? (cachedStatement(db, LOOKUP[kind]).all(JSON.stringify(ids)) as Row[]) : [];
    out[kind] = {
      total: rows.length,
      list: rows.slice(0, limit).map((r) => ({
        kind,
        id: r.id,
        title: r.title,
        subtitle: r.subtitle ?? '',
        url: urlOf(kind, r),
        price: r.price ?? null,
        ...(kind === 'xiaoqu' ? { ershoucount: r.ershoucount, zufangcount: r.zufangcount } : {}),
      })),
    };
  }
  return out;
}

/** SPEC 7.6: keyword search (suggestions and grouped results), hot searches, store search. */
export function registerSearchRoutes(app: FastifyInstance, { db }: BackendContext): void {
  const hot = db.prepare('SELECT keyword, hits FROM hot_search WHERE city_id = ? AND type = ? ORDER BY hits DESC, keyword LIMIT ?');
  const bump = db.prepare('INSERT INTO hot_search VALUES (?,?,?,1) ON CONFLICT (city_id, type, keyword) DO UPDATE SET hits = hits + 1');
  const stores = db.prepare(`SELECT d.*, r.name AS region_name, s.name AS shop_map_name FROM store d JOIN region r ON r.id = d.region_id
    LEFT JOIN shop_map s ON s.id = d.shop_map_id WHERE d.city_id = ? AND (d.name LIKE ? OR d.address LIKE ? OR s.name LIKE ? OR r.name LIKE ?) ORDER BY d.id LIMIT 50`);

  const record = (cityId: number, kind: string, keyword: string, found: number) => {
    if (found > 0 && keyword.length <= 20) bump.run(cityId, HOT_TYPE[kind] ?? 5, keyword.trim());
  };

  app.get(
    '/api/search/hotcommont/:type/:cityId',
    { schema: { params: params({ type: int(1, 9), cityId: int(1, 9999) }), querystring: body({ limit: int(1, 50) }) } },
    async (req) => {
      const p = req.params as { type: number; cityId: number };
      return ok(hot.all(p.cityId, p.type, (req.query as { limit?: number }).limit ?? 10));
    },
  );

  /**
   * GET /api/search and /api/search/: keyword (or text), cityId, and the kind: type, or newHouse / houseType as the SPEC
   * names them; with suggest=true, the suggestion index's groups instead (see search-index.ts).
   */
  const suggestQuery = body({
    keyword: str(64),
    text: str(64),
    cityId: int(1, 9999),
    type: { type: 'string', enum: [...SEARCH_KINDS] },
    newHouse: { type: 'boolean' },
    houseType: int(1, 16),
    limit: int(1, 50),
    suggest: { type: 'boolean' },
  });
  app.get('/api/search', { schema: { querystring: suggestQuery } }, async (req, reply) => {
    const q = req.query as {
      keyword?: string;
      text?: string;
      cityId?: number;
      type?: SearchKind;
      newHouse?: boolean;
      houseType?: number;
      limit?: number;
      suggest?: boolean;
    };
    const keyword = (q.keyword ?? q.text ?? '').trim();
    if (!keyword) return reply.code(400).send({ status: 400, message: 'querystring/keyword 必须提供搜索词 (keyword 或 text)', obj: null });
    const cityId = q.cityId ?? 1;
    // Suggestions while typing (issue 14): named places by Chinese text, full pinyin or initials; never counted as a hot search.
    if (q.suggest) return ok({ keyword, ...suggest(db, keyword, cityId, q.limit ?? 5) });
    let kinds: SearchKind[];
    if (q.type) kinds = [q.type];
    else if (q.newHouse) kinds = ['loupan'];
    else if (q.houseType === HOUSE_TYPES.ershoufang) kinds = ['ershoufang', 'xiaoqu'];
    else if (q.houseType === HOUSE_TYPES.zufang) kinds = ['zufang', 'xiaoqu'];
    else if (q.houseType && COMMERCIAL_HOUSE_TYPES.includes(q.houseType)) kinds = ['business'];
    else kinds = ['loupan', 'xiaoqu', 'ershoufang', 'zufang'];
    const res = searchKeyword(db, keyword, cityId, kinds, q.limit ?? 10);
    const list = kinds.flatMap((k) => res[k].list);
    record(cityId, kinds[0], keyword, list.length);
    return ok({ keyword, total: kinds.reduce((a, k) => a + res[k].total, 0), list, groups: res });
  });
  app.get('/api/search/mendian', { schema: { querystring: body({ keyword: str(64), cityId: int(1, 9999) }) } }, async (req) => {
    const q = req.query as { keyword?: string; cityId?: number };
    const like = `%${(q.keyword ?? '').replace(/[%_]/g, '')}%`;
    return ok((stores.all(q.cityId ?? 1, like, like, like, like) as Row[]).map(storeItem));
  });
  app.post(
    '/api/search/common',
    {
      schema: {
        body: body(
          {
            keyword: str(64, 1),
            cityId: int(1, 9999),
            kinds: { type: 'array', items: { type: 'string', enum: [...SEARCH_KINDS] }, maxItems: 9 },
            limit: int(1, 50),
          },
          ['keyword', 'cityId'],
        ),
      },
    },
    async (req) => {
      const b = req.body as { keyword: string; cityId: number; kinds?: SearchKind[]; limit?: number };
      const kinds = b.kinds?.length ? b.kinds : SEARCH_KINDS;
      const res = searchKeyword(db, b.keyword.trim(), b.cityId, kinds, b.limit ?? 5);
      record(
        b.cityId,
        'all',
        b.keyword,
        Object.values(res).reduce((a, g) => a + g.total, 0),
      );
      return ok({ keyword: b.keyword, groups: res });
    },
  );
}
