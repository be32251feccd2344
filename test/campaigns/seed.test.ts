/**
 * The campaign seed (issue 19): every city has three activities of each of the ten kinds (one ended, two running by
 * the seed's clock) whose selected estates and listings exist in that city, a banner row each, coupon batches for
 * the coupon kind; and a database seeded before migration 18 gets the same campaigns when it is opened again.
 */
import t from 'tap';
import { openDb } from '../../src/backend/db.ts';
import { ensureActivities } from '../../src/backend/seed/activities.ts';
import { calendarAnchor } from '../../src/backend/seed/calendar.ts';
import { sqlTime } from '../../src/backend/time.ts';
import { ACTIVITY_KINDS } from '../../src/lib/activity.ts';
import { seededDataDir } from '../helpers/backend.ts';

const dir = await seededDataDir();
const db = openDb(dir);
t.teardown(() => db.close());
const all = <T>(sql: string, ...args: unknown[]) => db.prepare(sql).all(...args) as T[];

t.test('three activities of each kind a city, one ended and two running at the seed clock, items of that city', async (t) => {
  const cities = all<{ id: number }>('SELECT id FROM city WHERE id IN (SELECT city_id FROM loupan)');
  const seedNow = sqlTime(calendarAnchor(db));
  for (const { id } of cities) {
    for (const kind of ACTIVITY_KINDS) {
      const acts = all<{ id: number; ends: string; starts: string; items: string }>(
        'SELECT id, ends_at AS ends, starts_at AS starts, items FROM activity WHERE city_id = ? AND kind = ? ORDER BY id',
        id,
        kind,
      );
      t.equal(acts.length, 3, `city ${id} ${kind}`);
      t.equal(acts.filter((a) => a.ends <= seedNow).length, 1, `city ${id} ${kind}: one ended`);
      t.equal(acts.filter((a) => a.starts <= seedNow && a.ends > seedNow).length, 2, `city ${id} ${kind}: two running`);
      for (const a of acts) {
        const items = JSON.parse(a.items) as Array<{ type: string; id: number }>;
        t.ok(items.length >= 3, `activity ${a.id} selects items`);
        for (const it of items) {
          const table = it.type === 'loupan' ? 'loupan' : 'listing';
          t.equal(all(`SELECT 1 FROM ${table} WHERE id = ? AND city_id = ?`, it.id, id).length, 1, `${it.type} ${it.id} is of city ${id}`);
        }
        t.equal(all('SELECT 1 FROM banner WHERE position = ?', `huodong_${a.id}`).length, 1, `activity ${a.id} has its banner row`);
      }
    }
    const coupons = all<{ n: number }>(
      "SELECT COUNT(*) AS n FROM coupon_batch b JOIN activity a ON a.coupon_nos LIKE '%' || b.coupon_no || '%' WHERE a.city_id = ? AND a.kind = 'youhuihuodong'",
      id,
    )[0];
    t.equal(coupons?.n, 6, `city ${id}: two coupon batches per coupon activity`);
  }
});

t.test('a database from before the campaigns gets them, the same ones, when opened', async (t) => {
  const before = all<{ name: string }>('SELECT name FROM activity ORDER BY id').map((r) => r.name);
  db.exec(`DELETE FROM activity_signup; DELETE FROM activity; DELETE FROM group_signup; DELETE FROM group_session;
    DELETE FROM promotion; DELETE FROM banner WHERE position LIKE 'huodong%' OR position = 'adver';
    DELETE FROM coupon_batch WHERE coupon_no LIKE 'HD%'`);
  t.ok(ensureActivities(db) > 0, 'seeded');
  t.same(
    all<{ name: string }>('SELECT name FROM activity ORDER BY id').map((r) => r.name),
    before,
    'the same activities as a fresh seed',
  );
  t.equal(ensureActivities(db), 0, 'only once');
});
