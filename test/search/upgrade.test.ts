import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { buildBackend } from '../../src/backend/app.ts';
import { MIGRATIONS } from '../../src/backend/migrations.ts';
import Database from '../../src/backend/sqlite-driver.ts';

/** Issue 14: a database seeded before the search index (schema 8) gets its hot cities and its index when the gateway starts. */
t.test('an older database: its cities with listings become hot, its places are found by pinyin', async (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'search-upgrade-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const db = new Database(path.join(dir, 'portal.db'));
  for (const m of MIGRATIONS.filter((m) => m.version <= 8)) db.exec(m.sql);
  db.pragma('user_version = 8');
  db.exec(`INSERT INTO city VALUES (1,'长沙','长沙市','cs','changsha','湖南省','400-888-0731',28.2,112.9,1), (2,'武汉','武汉市','wh','wuhan','湖北省','400-888-0270',30.6,114.3,2);
INSERT INTO region VALUES (1,1,'岳麓区',1);
INSERT INTO shop_map VALUES (1,1,1,'梅溪湖',28.2,112.9);
INSERT INTO xiaoqu (id, city_id, region_id, shop_map_id, name, sname, address, build_year, build_type, property_type, developer, property_company,
  property_fee, households, buildings, green_rate, plot_ratio, parking, avg_price, ratio, img, hot, view_num, description)
  VALUES (1,1,1,1,'时代苑','时代苑','长沙市岳麓区1号',2010,'板楼','普通住宅','开发商','物业',1,100,4,30,2,'地上100个',10000,0,'',1,1,'');
INSERT INTO listing (id, house_number, house_type, city_id, region_id, shop_map_id, xiaoqu_id, belonger_id, title, price, unit_price, area, rooms,
  halls, toilets, floor, total_floors, orientation, decoration, build_year, elevator, use_type, tags, feature, description, img_count, img_seed,
  has_vr, view_num, created_at, updated_at)
  VALUES (1,'CS001',11,1,1,1,1,1,'时代苑 2室1厅',100,10000,90,2,1,1,3,6,'南','精装',2010,0,'普通住宅','','','',1,1,0,1,'2026-01-01 00:00:00','2026-01-01 00:00:00');`);
  db.close();
  const app = await buildBackend({ dataDir: dir, logger: false });
  t.teardown(() => app.close());
  const cities = (await app.inject('/api/city/findAll')).json().obj as Array<{ name: string; hot: number }>;
  t.same(
    cities.map((c) => [c.name, c.hot]),
    [
      ['长沙', 1],
      ['武汉', 0],
    ],
  );
  const found = (await app.inject('/api/search/?keyword=sdy&cityId=1&suggest=true')).json().obj;
  t.equal(found.groups.xiaoqu.list[0]?.title, '时代苑');
  t.equal(found.groups.area.total, 0, 'sdy names no district');
  t.equal((await app.inject('/api/search/?keyword=meixihu&cityId=1&suggest=true')).json().obj.groups.area.list[0]?.title, '梅溪湖');
});
