import type { LoupanFilter } from '../contracts/gateway/index.ts';
import type { DB } from './db.ts';
import type { NoticeDraft, NoticeRecorder } from './notices.ts';
import { storedFilter } from './notices.ts';
import { loupanWhere } from './routes/xinfang.ts';
import { cachedStatement } from './util.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

/**
 * Matching on write for new homes (issue 37 part 1): an estate's write (the console's price or sale-status change,
 * routes/xinfang-console.ts) is run between two looks at the city's enabled new-home searches, each asked with the
 * estate list's own query (`loupanWhere`, the WHERE of findListByWap) restricted to the estate: a notice never names an
 * estate its saved list would not show.
 * - 新房源: the estate is in a search's list after the write and was not before (a price into the band, a status into
 *   the chosen one), or it opens (待售 → on sale) and is in the list.
 * - 降价: the estate was in the list before and is after, at a lower 参考均价.
 * - A favourite estate whose 参考均价 falls below the price it was saved at (part 2).
 * One notice per member per write; a member's favourite notice comes before a search's.
 */
export interface EstateChanges {
  /** Runs `write` (an update of the estate's row and what follows from it) and records the notices it causes. */
  updateEstate<T>(estateId: number, write: () => T): T;
}

/** Whether a saved new-home search's list shows the estate now. */
export function estateShows(db: DB, filter: LoupanFilter, estateId: number): boolean {
  const w = loupanWhere(filter);
  w.add('l.id = ?', estateId);
  return cachedStatement(db, `SELECT 1 FROM loupan l ${w.clause()}`).get(...w.args) !== undefined;
}

const ON_SALE = new Set(['期房', '现房', '尾房']);
const price = (n: number) => `${n}元/㎡`;

export function createEstateNotices(db: DB, record: NoticeRecorder): EstateChanges {
  const estate = db.prepare('SELECT id, city_id, name, avg_price, sale_status FROM loupan WHERE id = ?');
  const searches = db.prepare("SELECT * FROM saved_search WHERE city_id = ? AND enabled = 1 AND list = 'xinfang' ORDER BY id");
  const favourites = db.prepare("SELECT member_id, price FROM collect WHERE house_id = ? AND kind = 'newhouse'");

  const showing = (cityId: number, estateId: number): Set<number> =>
    new Set(
      (searches.all(cityId) as Row[])
        .filter((s) => estateShows(db, storedFilter<LoupanFilter>(s.filter), estateId))
        .map((s) => s.id as number),
    );

  return {
    updateEstate(estateId, write) {
      const before = estate.get(estateId) as Row | undefined;
      if (!before) return write();
      const shownBefore = showing(before.city_id, estateId);
      const result = db.transaction(write)();
      const after = estate.get(estateId) as Row;
      const url = `/xinfang/${estateId}.html`;
      const opened = before.sale_status === '待售' && ON_SALE.has(after.sale_status);
      const dropped = before.avg_price > 0 && after.avg_price > 0 && after.avg_price < before.avg_price;
      const drafts = new Map<string, NoticeDraft>();
      const draft = (d: Omit<NoticeDraft, 'url' | 'listingId' | 'estateId'>): NoticeDraft => ({
        ...d,
        url,
        listingId: null,
        estateId,
      });
      if (dropped)
        for (const f of favourites.all(estateId) as Row[]) {
          const from = typeof f.price === 'number' && f.price > 0 ? f.price : before.avg_price;
          if (!(after.avg_price < from)) continue;
          drafts.set(
            f.member_id,
            draft({
              kind: 'favourite-drop',
              title: '收藏的楼盘降价了',
              text: `${after.name} 均价降${from - after.avg_price}元/㎡，${price(from)} → ${price(after.avg_price)}`,
              searchId: null,
              sms: false,
            }),
          );
        }
      for (const s of searches.all(after.city_id) as Row[]) {
        if (drafts.has(s.member_id)) continue;
        if (!estateShows(db, storedFilter<LoupanFilter>(s.filter), estateId)) continue;
        const wasShown = shownBefore.has(s.id);
        if ((!wasShown || opened) && s.want_new)
          drafts.set(
            s.member_id,
            draft({
              kind: 'new',
              title: `「${s.name}」有新房源`,
              text: `${after.name}${opened ? '开盘' : ''}，均价${after.avg_price > 0 ? price(after.avg_price) : '待定'}`,
              searchId: s.id,
              sms: !!s.sms,
            }),
          );
        else if (wasShown && dropped && s.want_drop)
          drafts.set(
            s.member_id,
            draft({
              kind: 'drop',
              title: `「${s.name}」有楼盘降价`,
              text: `${after.name} 均价降${before.avg_price - after.avg_price}元/㎡，${price(before.avg_price)} → ${price(after.avg_price)}`,
              searchId: s.id,
              sms: !!s.sms,
            }),
          );
      }
      record(drafts);
      return result;
    },
  };
}
