/**
 * The seeded schools agree with themselves (issue 14 part B, issue 11 point 7): key schools carry a key tag and lead
 * their district's ranking, catchment schools' rules name exactly their linked communities, every school has a few
 * paragraphs of introduction, and names are unique per city.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { openDb } from '../../src/backend/db.ts';
import { SCHOOL_SELECT, schoolItem } from '../../src/backend/mappers.ts';
import { seedDatabase } from '../../src/backend/seed/index.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'school-seed-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
const db = openDb(dir);
seedDatabase(db, { scale: 0.2 });
t.teardown(() => db.close());

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
const rows = db.prepare(`${SCHOOL_SELECT} ORDER BY s.id`).all() as Array<Record<string, any>>;
const communities = db
  .prepare('SELECT x.name FROM school_xiaoqu sx JOIN xiaoqu x ON x.id = sx.xiaoqu_id WHERE sx.school_id = ? ORDER BY x.name')
  .pluck();

t.test('every city has schools of every level the filter offers, in several districts', async (t) => {
  for (const c of db.prepare('SELECT DISTINCT city_id FROM school').pluck().all() as number[]) {
    const mine = rows.filter((r) => r.city_id === c);
    for (const level of ['幼儿园', '小学', '初中'])
      t.ok(
        mine.some((r) => r.level === level),
        `city ${c}: ${level}`,
      );
    t.ok(new Set(mine.map((r) => r.region_id)).size >= 5, `city ${c}: several districts`);
    t.equal(new Set(mine.map((r) => r.name)).size, mine.length, `city ${c}: names are unique`);
  }
});

t.test('key schools: tagged 省示范/市重点, and ranked above every other school of their level and district', async (t) => {
  const items = rows.map((r) => ({ ...schoolItem(r), hot: r.hot as number }));
  t.ok(items.some((s) => s.keySchool) && items.some((s) => !s.keySchool), 'both kinds exist');
  const offenders = items.filter((s) =>
    items.some((o) => o.regionId === s.regionId && o.level === s.level && o.keySchool && !s.keySchool && o.regionRank > s.regionRank),
  );
  t.equal(offenders.length, 0, 'no ordinary school ranks above a key school');
  for (const group of new Set(items.map((s) => `${s.regionId}|${s.level}`))) {
    const ranks = items.filter((s) => `${s.regionId}|${s.level}` === group).map((s) => s.regionRank);
    t.same(
      ranks.toSorted((a, b) => a - b),
      ranks.map((_, i) => i + 1),
      `${group}: ranks 1..n`,
    );
  }
});

t.test('enrolment rules and tags agree with how a school admits', async (t) => {
  for (const r of rows) {
    const linked = communities.all(r.id) as string[];
    t.ok(linked.length >= 3, `#${r.id}: at least 3 communities`);
    const catchment = r.nature === '公办' && r.level !== '高中';
    const area = /划片范围：([^，\n]*)，共(\d+)个小区/.exec(r.enroll_rule);
    if (catchment) {
      t.ok(area, `#${r.id} ${r.nature}${r.level}: names its catchment`);
      t.same(area?.[1]?.split('、').sort(), linked, `#${r.id}: the catchment is its linked communities`);
      t.equal(Number(area?.[2]), linked.length);
    } else {
      t.notOk(area, `#${r.id} ${r.nature}${r.level}: no catchment`);
      t.notOk(String(r.tags).split(',').includes('对口划片'), `#${r.id}: not tagged 对口划片`);
    }
    t.ok(String(r.description).split('\n').length >= 3, `#${r.id}: a few paragraphs of introduction`);
    t.match(r.description, r.name, `#${r.id}: the introduction names the school`);
  }
});
