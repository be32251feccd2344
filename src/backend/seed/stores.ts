import type { Database as DB } from 'better-sqlite3';
import { HOUSE_TYPES } from '../../lib/listing-kinds.ts';
import { sqlTime } from '../time.ts';
import type { CitySeed } from './cities.ts';
import { Rng } from './rng.ts';

const DAY = 86_400_000;
const HOURS = ['08:30-21:00', '09:00-21:00', '09:00-21:30', '08:30-20:30', '09:00-20:00'] as const;
const NEWS = [
  ['门店周末看房团报名中', '本周六、周日门店组织{shop}片区看房团，经纪人全程陪同，免费接送，欢迎到店或来电报名。'],
  ['{shop}片区房源更新', '本周门店新增{n}套{shop}片区在售二手房，均已实地核验，支持预约看房。'],
  ['门店开展购房政策讲座', '门店邀请贷款专员讲解最新首付比例、公积金贷款与组合贷款政策，现场可预约一对一咨询。'],
  ['门店获评月度服务之星', '{name}本月客户好评率领先全城门店，感谢每一位客户的信任与支持。'],
  ['免费房屋估价服务', '业主可到店或电话预约，经纪人上门免费估价，并提供出售、出租方案。'],
] as const;

/**
 * The last step of a city for its stores (issue 17 part B): opening hours, the estate-agency filing number, the
 * operating company, and each store's news and deals (成交 from its agents' listings). Its own random sequence, seeded
 * from the seed number and the city, so every row seeded before keeps its values. Returns the news rows written.
 */
export function seedStoreDetails(db: DB, city: CitySeed, seed: number, anchor: number): number {
  const rng = new Rng((seed ^ Math.imul(city.id + 7919, 0x85ebca6b)) >>> 0);
  const stores = db
    .prepare(
      'SELECT d.id, d.name, s.name AS shop FROM store d LEFT JOIN shop_map s ON s.id = d.shop_map_id WHERE d.city_id = ? ORDER BY d.id',
    )
    .all(city.id) as Array<{ id: number; name: string; shop: string | null }>;
  const setStore = db.prepare('UPDATE store SET hours = ?, filing_no = ?, company = ? WHERE id = ?');
  const deals = db.prepare(
    `SELECT l.id, l.rooms, l.halls, l.area, l.price, x.name AS xiaoqu FROM listing l JOIN belonger b ON b.id = l.belonger_id
     LEFT JOIN xiaoqu x ON x.id = l.xiaoqu_id WHERE b.store_id = ? AND l.house_type = ? ORDER BY l.id LIMIT 40`,
  );
  const news = db.prepare('INSERT INTO store_news (store_id, kind, title, content, listing_id, created_at) VALUES (?,?,?,?,?,?)');
  let written = 0;
  for (const s of stores) {
    const shop = s.shop ?? city.name;
    setStore.run(
      rng.pick(HOURS),
      `${city.name.slice(0, 1)}房经备字〔${rng.int(2018, 2025)}〕第${rng.digits(5)}号`,
      `${city.name}湘房网房地产经纪有限公司${shop}分公司`,
      s.id,
    );
    const rows = deals.all(s.id, HOUSE_TYPES.ershoufang) as Array<{
      id: number;
      rooms: number;
      halls: number;
      area: number;
      price: number;
      xiaoqu: string | null;
    }>;
    const times: number[] = [];
    const n = rng.int(3, NEWS.length);
    for (let i = 0; i < n; i++) times.push(anchor - rng.int(1, 120) * DAY - rng.int(0, 36_000) * 1000);
    for (const l of rng.sample(rows, Math.min(rows.length, rng.int(3, 6)))) {
      news.run(
        s.id,
        '成交',
        `${l.xiaoqu ?? shop} ${l.rooms}室${l.halls}厅 ${l.area}㎡ 已成交`,
        `${s.name}经纪人协助买卖双方完成交易，成交总价约${Math.round(l.price * (0.95 + rng.next() * 0.04))}万元。`,
        null,
        sqlTime(anchor - rng.int(1, 90) * DAY - rng.int(0, 36_000) * 1000),
      );
      written++;
    }
    const picked = rng.sample(NEWS, times.length);
    for (const [i, t] of times.entries()) {
      const [title, body] = picked[i] as (typeof NEWS)[number];
      const fill = (x: string) =>
        x
          .replaceAll('{shop}', shop)
          .replaceAll('{name}', s.name)
          .replaceAll('{n}', String(rng.int(5, 30)));
      news.run(s.id, '动态', fill(title), fill(body), null, sqlTime(t));
      written++;
    }
  }
  return written;
}
