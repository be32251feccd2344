import { pinyin } from 'pinyin-pro';
import type { SuggestGroups, SuggestHit, SuggestKind } from '../contracts/gateway/search.ts';
import type { DB } from './db.ts';
import { cachedStatement } from './util.ts';

/**
 * The suggestion index (issue 14): every named place a visitor may type (communities, new-home estates, districts,
 * shop areas, schools, metro stations, stores) once in `search_entity` with what a suggestion shows, and in
 * `search_pinyin` once per starting character of its name with the full pinyin and the initials from there on. A
 * pinyin keyword is then a prefix range on one of two indexes (`shidaiyuan`, `sdy` and `daiyuan` all find 万科时代苑);
 * a Chinese keyword is a substring of the name. Built from the tables at seed time (and by the gateway at start when
 * a database predates it), with pinyin-pro.
 */

/** Index kinds; districts and shop areas answer together as `area`. */
type IndexKind = 'xiaoqu' | 'loupan' | 'region' | 'shopmap' | 'school' | 'station' | 'store';
const GROUP_OF: Record<IndexKind, SuggestKind> = {
  xiaoqu: 'xiaoqu',
  loupan: 'loupan',
  region: 'area',
  shopmap: 'area',
  school: 'school',
  station: 'station',
  store: 'store',
};
export const SUGGEST_KINDS: readonly SuggestKind[] = ['xiaoqu', 'loupan', 'area', 'school', 'station', 'store'];

/** Names longer than this are indexed from their first characters only: nobody types the tail of a long name. */
const MAX_START = 12;
const ALNUM = /^[\p{L}\p{N}]$/u;
const HAN = /\p{Script=Han}/u;

/** Full pinyin and initials of `name` from each character a visitor may start typing at. */
export function pinyinKeys(name: string): Array<{ pos: number; full: string; initials: string }> {
  const chars = pinyin(name, { type: 'all', toneType: 'none' }).filter((c) => c.isZh || ALNUM.test(c.origin));
  const syl = chars.map((c) => (c.isZh ? c.pinyin : c.origin).toLowerCase());
  const first = chars.map((c) => (c.isZh ? c.first : c.origin).toLowerCase());
  const out: Array<{ pos: number; full: string; initials: string }> = [];
  for (let p = 0; p < Math.min(chars.length, MAX_START); p++) {
    // A run of letters or digits is typed from its start only (`a座` yes, the `2` of `12号` no).
    if (p > 0 && !chars[p].isZh && !chars[p - 1].isZh) continue;
    out.push({ pos: p, full: syl.slice(p).join(''), initials: first.slice(p).join('') });
  }
  return out;
}

/** The keyword as the pinyin index stores it: Chinese characters to pinyin, letters lower-cased, the rest dropped. */
export function pinyinQuery(keyword: string): string {
  return pinyin(keyword, { toneType: 'none', nonZh: 'consecutive' })
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 64);
}

interface EntityRow {
  kind: IndexKind;
  ref_id: number;
  city_id: number;
  title: string;
  subtitle: string;
  url: string;
  hot: number;
  names: string;
}

const SOURCES = `
SELECT 'xiaoqu' AS kind, x.id AS ref_id, x.city_id, x.name AS title,
  r.name || ' ' || s.name || ' · 二手房' || x.ershoucount || '套 · 租房' || x.zufangcount || '套' AS subtitle,
  '/xiaoqu/' || x.id || '.html' AS url, x.hot, x.name || '|' || x.sname AS names
  FROM xiaoqu x JOIN region r ON r.id = x.region_id JOIN shop_map s ON s.id = x.shop_map_id
UNION ALL
SELECT 'loupan', l.id, l.city_id, l.name, r.name || ' ' || s.name || ' · 均价' || l.avg_price || '元/㎡',
  '/xinfang/' || l.id || '.html', l.hot, l.name || '|' || l.alias
  FROM loupan l JOIN region r ON r.id = l.region_id JOIN shop_map s ON s.id = l.shop_map_id
UNION ALL
SELECT 'region', r.id, r.city_id, r.name, '区域 · 二手房、租房、新房', '/ershoufang/?regionId=' || r.id, 100 - r.sort, r.name FROM region r
UNION ALL
SELECT 'shopmap', s.id, s.city_id, s.name, r.name || ' · 商圈', '/ershoufang/sq' || s.id || '/', 50, s.name
  FROM shop_map s JOIN region r ON r.id = s.region_id
UNION ALL
SELECT 'school', s.id, s.city_id, s.name, r.name || ' · ' || s.level || ' · ' || s.nature, '/school/' || s.id || '.html', s.hot, s.name
  FROM school s JOIN region r ON r.id = s.region_id
UNION ALL
SELECT 'station', st.id, st.city_id, st.name || '站', m.name || ' · 地铁站', '/ershoufang/li' || m.id || 's' || st.id || '/', 0, st.name
  FROM station st JOIN metro m ON m.id = st.metro_id
UNION ALL
SELECT 'store', d.id, d.city_id, d.name, r.name || ' · ' || d.address, '/mendian/' || d.id || '.html', 0, d.name
  FROM store d JOIN region r ON r.id = d.region_id`;

/** Rebuilds both index tables from the catalogue, in one transaction. Returns the number of entities indexed. */
export function buildSearchIndex(db: DB): number {
  const rows = db.prepare(SOURCES).all() as EntityRow[];
  const entity = db.prepare('INSERT OR REPLACE INTO search_entity VALUES (?,?,?,?,?,?,?)');
  const key = db.prepare('INSERT INTO search_pinyin VALUES (?,?,?,?,?,?)');
  db.transaction(() => {
    db.exec('DELETE FROM search_entity; DELETE FROM search_pinyin;');
    for (const r of rows) {
      entity.run(r.kind, r.ref_id, r.city_id, r.title, r.subtitle, r.url, r.hot);
      const seen = new Set<string>();
      for (const name of new Set(r.names.split('|').filter(Boolean))) {
        for (const k of pinyinKeys(name)) {
          const id = `${k.full}|${k.initials}`;
          if (seen.has(id)) continue;
          seen.add(id);
          key.run(r.city_id, k.full, k.initials, r.kind, r.ref_id, k.pos);
        }
      }
    }
  })();
  return rows.length;
}

/** Builds the index when the catalogue has rows and the index has none (a database seeded before the index existed). */
export function ensureSearchIndex(db: DB): number {
  const indexed = db.prepare('SELECT COUNT(*) FROM search_entity').pluck().get() as number;
  const places = db.prepare('SELECT COUNT(*) FROM region').pluck().get() as number;
  return indexed === 0 && places > 0 ? buildSearchIndex(db) : 0;
}

interface MatchRow {
  kind: IndexKind;
  ref_id: number;
  title: string;
  subtitle: string;
  url: string;
  exact: number;
  pos: number;
}

/** Candidates per keyword: plenty for counts; a keyword of one letter in a big city is capped, and says so by its total. */
const MAX_CANDIDATES = 2000;

const BY_TEXT = `SELECT kind, ref_id, title, subtitle, url, title = @q AS exact, instr(title, @q) - 1 AS pos
  FROM search_entity WHERE city_id = @city AND instr(title, @q) > 0
  ORDER BY exact DESC, pos, length(title), hot DESC, ref_id LIMIT ${MAX_CANDIDATES}`;
const BY_PINYIN = `WITH m AS (
    SELECT kind, ref_id, MAX(pos = 0 AND (full = @q OR initials = @q)) AS exact, MIN(pos) AS pos FROM search_pinyin
    WHERE city_id = @city AND ((full >= @q AND full < @q || '~') OR (initials >= @q AND initials < @q || '~'))
    GROUP BY kind, ref_id
  )
  SELECT m.kind, m.ref_id, e.title, e.subtitle, e.url, m.exact, m.pos FROM m JOIN search_entity e ON e.kind = m.kind AND e.ref_id = m.ref_id
  ORDER BY m.exact DESC, m.pos, length(e.title), e.hot DESC, m.ref_id LIMIT ${MAX_CANDIDATES}`;

/**
 * Suggestions for a keyword in a city, grouped by kind: each group's total and its best `limit` hits. Best is: the
 * whole name (or its initials) typed, then a match at the start of the name, then shorter names, then hotter ones.
 * A keyword with Chinese characters and no letters matches the names' text; any other is matched as pinyin.
 */
export function suggest(db: DB, keyword: string, cityId: number, limit: number): { total: number; groups: SuggestGroups } {
  const groups = Object.fromEntries(SUGGEST_KINDS.map((k) => [k, { total: 0, list: [] as SuggestHit[] }])) as SuggestGroups;
  const kw = keyword.trim().slice(0, 64);
  let rows: MatchRow[] = [];
  if (HAN.test(kw) && !/[a-z]/i.test(kw)) {
    rows = cachedStatement(db, BY_TEXT).all({ q: kw, city: cityId }) as MatchRow[];
  } else {
    const q = pinyinQuery(kw);
    if (q) rows = cachedStatement(db, BY_PINYIN).all({ q, city: cityId }) as MatchRow[];
  }
  for (const r of rows) {
    const g = groups[GROUP_OF[r.kind]];
    g.total++;
    if (g.list.length < limit) {
      g.list.push({ kind: GROUP_OF[r.kind], id: r.ref_id, title: r.title, subtitle: r.subtitle, url: r.url, exact: r.exact === 1 });
    }
  }
  return { total: rows.length, groups };
}
