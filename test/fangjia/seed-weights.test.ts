import t from 'tap';
import { seededDataDir } from '../helpers/backend.ts';
import { backendRows } from '../listings/helpers.ts';

/**
 * Issue 16: the seed's price history is consistent. A district's monthly price is the households-weighted average of its
 * communities' prices, the city's the households-weighted average of its districts (so of all its communities), within
 * rounding; listing prices scatter around their community's average.
 */
const dataDir = await seededDataDir();
const rows = (sql: string, ...args: unknown[]) => backendRows({ dataDir }, sql, ...args) as Array<Record<string, number>>;

t.test('every district price is the weighted average of its communities, every month', async (t) => {
  const off = rows(`SELECT a.region_id, a.month, a.price,
      SUM(p.price * x.households) * 1.0 / SUM(x.households) AS weighted
    FROM area_price a JOIN xiaoqu x ON x.region_id = a.region_id JOIN xiaoqu_price p ON p.xiaoqu_id = x.id AND p.month = a.month
    WHERE a.region_id > 0 GROUP BY a.region_id, a.month HAVING ABS(a.price - weighted) > 0.5`);
  t.equal(off.length, 0, `districts off their communities: ${JSON.stringify(off.slice(0, 3))}`);
  t.ok(rows('SELECT COUNT(*) AS n FROM area_price WHERE region_id > 0')[0]?.n, 'there are district prices');
});

t.test('every city price is the weighted average of its districts (weights: their households), every month', async (t) => {
  const off = rows(`SELECT c.city_id, c.month, c.price, SUM(a.price * w.households) * 1.0 / SUM(w.households) AS weighted
    FROM area_price c
    JOIN area_price a ON a.city_id = c.city_id AND a.month = c.month AND a.region_id > 0
    JOIN (SELECT region_id, SUM(households) AS households FROM xiaoqu GROUP BY region_id) w ON w.region_id = a.region_id
    WHERE c.region_id = 0 GROUP BY c.city_id, c.month HAVING ABS(c.price - weighted) > 1`);
  t.equal(off.length, 0, `cities off their districts: ${JSON.stringify(off.slice(0, 3))}`);
  const direct = rows(`SELECT c.city_id, c.month, c.price, SUM(p.price * x.households) * 1.0 / SUM(x.households) AS weighted
    FROM area_price c JOIN xiaoqu x ON x.city_id = c.city_id JOIN xiaoqu_price p ON p.xiaoqu_id = x.id AND p.month = c.month
    WHERE c.region_id = 0 GROUP BY c.city_id, c.month HAVING ABS(c.price - weighted) > 0.5`);
  t.equal(direct.length, 0, 'the city is the weighted average of all its communities');
});

t.test('a community price is its latest month, and its second-hand listings scatter around it', async (t) => {
  const off = rows(
    `SELECT x.id FROM xiaoqu x WHERE x.avg_price != (SELECT price FROM xiaoqu_price p WHERE p.xiaoqu_id = x.id ORDER BY month DESC LIMIT 1)`,
  );
  t.equal(off.length, 0, 'avg_price is the last month of the series');
  const [spread] = rows(`SELECT AVG(l.unit_price * 1.0 / x.avg_price) AS mean FROM listing l JOIN xiaoqu x ON x.id = l.xiaoqu_id
    WHERE l.house_type = 11 AND l.unit_price > 0`);
  t.ok((spread?.mean ?? 0) > 0.85 && (spread?.mean ?? 0) < 1.25, `listing unit prices centre on their community's (${spread?.mean})`);
});
