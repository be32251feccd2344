import type { FastifyInstance } from 'fastify';
import { HOUSE_TYPES } from '../../lib/listing-kinds.ts';
import type { BackendContext } from '../context.ts';
import { fail, ok } from '../envelope.ts';
import { body, cityIdParams, int, params, str } from '../schemas.ts';

/** SPEC 7.2: banners, city, configuration, regions, metro lines, link lists. */
export function registerCityRoutes(app: FastifyInstance, { db }: BackendContext): void {
  const cityCols = `id AS cityId, name, cname, domain, service_phone AS servicePhone, pinyin, province, lat, lng, hot`;
  const byDomain = db.prepare(`SELECT ${cityCols} FROM city WHERE domain = ?`);
  const byName = db.prepare(`SELECT ${cityCols} FROM city WHERE name = ? OR cname = ? OR pinyin = ?`);
  const byId = db.prepare(`SELECT ${cityCols} FROM city WHERE id = ?`);
  const all = db.prepare(`SELECT ${cityCols} FROM city ORDER BY sort`);
  const banners = db.prepare('SELECT id, title, img, link, sort FROM banner WHERE city_id = ? AND position = ? ORDER BY sort');
  const config = db.prepare('SELECT value FROM config WHERE city_id = ? AND key = ?').pluck();
  // Regions with their centre (mean of their shop areas) and counts, for lists and map bubbles.
  const regions = db.prepare(`SELECT r.id AS regionId, r.name AS regionName, r.city_id AS cityId,
    (SELECT ROUND(AVG(s.lat), 5) FROM shop_map s WHERE s.region_id = r.id) AS lat, (SELECT ROUND(AVG(s.lng), 5) FROM shop_map s WHERE s.region_id = r.id) AS lng,
    (SELECT COUNT(*) FROM listing l WHERE l.region_id = r.id AND l.house_type = ${HOUSE_TYPES.ershoufang} AND l.status = 1) AS ershoucount,
    (SELECT COUNT(*) FROM listing l WHERE l.region_id = r.id AND l.house_type = ${HOUSE_TYPES.zufang} AND l.status = 1) AS zufangcount
    FROM region r WHERE r.city_id = ? ORDER BY r.sort`);
  const loupanRegions = db.prepare(`SELECT r.id AS regionId, r.name AS regionName, COUNT(l.id) AS count
    FROM region r LEFT JOIN loupan l ON l.region_id = r.id WHERE r.city_id = ? GROUP BY r.id ORDER BY r.sort`);
  const loupanShops = db.prepare(`SELECT s.id AS shopMapId, s.name AS shopMapName, s.region_id AS regionId, COUNT(l.id) AS count
    FROM shop_map s LEFT JOIN loupan l ON l.shop_map_id = s.id WHERE s.region_id = ? GROUP BY s.id ORDER BY s.id`);
  const loupanCount = db.prepare('SELECT COUNT(*) FROM loupan WHERE region_id = ?').pluck();
  const metros = db.prepare('SELECT id AS metroId, name, color FROM metro WHERE city_id = ? ORDER BY id');
  const stations = db.prepare('SELECT id AS stationId, name, metro_id AS metroId FROM station WHERE city_id = ? ORDER BY metro_id, sort');
  const schoolRegions = db.prepare(`SELECT r.id AS regionId, r.name AS regionName, COUNT(s.id) AS count
    FROM region r LEFT JOIN school s ON s.region_id = r.id WHERE r.city_id = ? GROUP BY r.id ORDER BY r.sort`);
  const links = db.prepare('SELECT title, url FROM seo_link WHERE city_id = ? AND kind = ? ORDER BY id LIMIT ?');

  const readConfig = (cityId: number, key: string): unknown => {
    const v = (config.get(cityId, key) ?? config.get(0, key)) as string | undefined;
    return v === undefined ? null : JSON.parse(v);
  };

  app.get('/api/city/getCityByDomain', { schema: { querystring: body({ domain: str(40, 1) }, ['domain']) } }, async (req) => {
    const { domain } = req.query as { domain: string };
    return ok(byDomain.get(domain.toLowerCase()) ?? null);
  });
  app.get('/api/city/findSiteByName', { schema: { querystring: body({ name: str(40, 1) }, ['name']) } }, async (req) => {
    const { name } = req.query as { name: string };
    const n = name.replace(/市$/, '');
    return ok(byName.get(n, name, name.toLowerCase()) ?? null);
  });
  app.get('/api/city/findById/:cityId', { schema: { params: cityIdParams } }, async (req) =>
    ok(byId.get((req.params as { cityId: number }).cityId) ?? null),
  );
  app.get('/api/city/findAll', async () => ok(all.all()));

  const bannerParams = { schema: { params: params({ cityId: int(1, 9999), content: str(40, 1) }) } };
  app.get('/web/banner/getpic/:cityId/:content', bannerParams, async (req) => {
    const p = req.params as { cityId: number; content: string };
    return ok(banners.all(p.cityId, p.content));
  });
  app.get('/api/infomercial/pic/get/:cityId/:content', bannerParams, async (req) => {
    const p = req.params as { cityId: number; content: string };
    return ok(banners.all(p.cityId, p.content));
  });

  app.get('/api/config/getSwitchSystemConfigByCityId/:cityId', { schema: { params: cityIdParams } }, async (req) => {
    const { cityId } = req.params as { cityId: number };
    if (!byId.get(cityId)) return fail(404, 'util:城市ID不存在');
    return ok(readConfig(cityId, 'switchSystemConfig'));
  });
  const keyRoute = { schema: { params: params({ key: str(60, 1) }), querystring: body({ cityId: int(0, 9999) }) } };
  const keyHandler = async (req: { params: unknown; query: unknown }) => {
    const { key } = req.params as { key: string };
    const { cityId = 1 } = req.query as { cityId?: number };
    return ok(readConfig(cityId, key));
  };
  app.get('/api/config/key/:key', keyRoute, keyHandler);
  app.get('/api/config/key2/:key', keyRoute, keyHandler);
  app.get('/systemConfig/listData/:key', keyRoute, keyHandler);
  app.get(
    '/api/app/version/resolve/:platform',
    { schema: { params: params({ platform: { type: 'string', enum: ['Android', 'IOS', 'iOS'] } }) } },
    async () => ok(readConfig(0, 'app_android')),
  );
  app.post('/api/appmenuupgrade/list', { schema: { body: body({ cityId: int(0, 9999) }) } }, async () => {
    const menus = readConfig(0, 'app_menu') as string[];
    const label: Record<string, string> = {
      ershoufang: '二手房',
      xinfang: '新房',
      zufang: '租房',
      xiaoqu: '找小区',
      fangjia: '查房价',
      zixun: '资讯',
      wenda: '问答',
      jisuanqi: '房贷计算',
    };
    return ok(menus.map((key, i) => ({ key, name: label[key] ?? key, url: `/${key}/`, sort: i })));
  });

  app.get('/api/region/findByCityId/:cityId', { schema: { params: cityIdParams } }, async (req) =>
    ok(regions.all((req.params as { cityId: number }).cityId)),
  );
  app.get('/api/loupanregion/findByCityId/:cityId', { schema: { params: cityIdParams } }, async (req) =>
    ok(loupanRegions.all((req.params as { cityId: number }).cityId)),
  );
  app.get('/api/loupanregion/findByRegionId/:regionId', { schema: { params: params({ regionId: int(1) }) } }, async (req) =>
    ok(loupanShops.all((req.params as { regionId: number }).regionId)),
  );
  app.get('/api/loupanregion/Coutlot/:id', { schema: { params: params({ id: int(1) }) } }, async (req) => {
    const { id } = req.params as { id: number };
    return ok({ regionId: id, count: loupanCount.get(id) });
  });
  app.get('/api/house/findMetros/:cityId', { schema: { params: cityIdParams } }, async (req) => {
    const { cityId } = req.params as { cityId: number };
    const st = stations.all(cityId) as Array<{ metroId: number }>;
    return ok(
      (metros.all(cityId) as Array<{ metroId: number }>).map((m) => ({ ...m, stations: st.filter((s) => s.metroId === m.metroId) })),
    );
  });
  app.get('/api/school/getSchoolRegionList/:id', { schema: { params: params({ id: int(1, 9999) }) } }, async (req) =>
    ok(schoolRegions.all((req.params as { id: number }).id)),
  );
  app.get('/api/xiaoqu/buildTypeDict', async () =>
    ok(['板楼', '塔楼', '板塔结合', '低层', '叠拼', '独栋'].map((name, i) => ({ id: i + 1, name }))),
  );
  app.post(
    '/api/link/find',
    { schema: { body: body({ cityId: int(1, 9999), kind: str(20), limit: int(1, 100) }, ['cityId']) } },
    async (req) => {
      const b = req.body as { cityId: number; kind?: string; limit?: number };
      return ok(links.all(b.cityId, b.kind ?? 'ershoufang', b.limit ?? 50));
    },
  );
  for (const kind of ['Zufang', 'Ershoufang', 'Xinfang', 'Xiaoqu', 'Zixun']) {
    app.get(
      `/api/anchorlink/get${kind}AnchorLinks/:x`,
      { schema: { params: params({ x: { type: 'string', pattern: '^\\d{1,4}m?$' } }) } },
      async (req) => {
        const x = Number((req.params as { x: string }).x.replace(/m$/, ''));
        return ok(links.all(x, kind.toLowerCase(), 50));
      },
    );
  }
}
