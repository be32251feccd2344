import type { GatewayNoticeEvent, ListingFilter, NoticeKind } from '../contracts/gateway/index.ts';
import { inQuietHours } from '../lib/chat-query.ts';
import { detailPathOf, isRentHouseType, kindOfHouseType } from '../lib/listing-kinds.ts';
import type { DB } from './db.ts';
import { LISTING_LIST_SELECT, listingWhere, priceInBand } from './routes/listing.ts';
import { parseSqlTime, sqlTime } from './time.ts';
import { cachedStatement } from './util.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

/**
 * Matching on write (issue 37 part 1): when a listing appears (a new listing, an entrustment 已上架) or its price
 * changes, every enabled saved search of its city is asked whether its list shows the listing, with the list query
 * itself (`listingWhere` of routes/listing.ts, the WHERE of findByCondition) restricted to the listing's id: a notice
 * never names a listing its saved list would not show. Favourites (part 2) compare with the price they were saved at.
 * One notice per member concerned; SMS, when chosen, is recorded (the embedded gateway sends none) and delayed past the
 * member's quiet hours; every recorded notice is announced through `announce` (the gateway events hook).
 */

export interface ListingChanges {
  /** A listing went on sale or for rent (a new listing, an entrustment 已上架). */
  listingAdded(listingId: number): void;
  /** A listing's price changed from `oldPrice` (its row already holds the new one). */
  priceChanged(listingId: number, oldPrice: number): void;
}

export interface NoticeEngineOptions {
  db: DB;
  now: () => number;
  announce?: (event: GatewayNoticeEvent) => void;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export const DEFAULT_NOTICE_SETTINGS = { sms: true, quiet: false, quietFrom: '22:00', quietTo: '08:00' } as const;

/** The Beijing `HH:mm` and the instant a quiet window ends (the next `to` at or after `ms`). */
function beijingHhmm(ms: number): string {
  return sqlTime(ms).slice(11, 16);
}
function quietEnd(ms: number, to: string): number {
  const day = sqlTime(ms).slice(0, 10);
  let end = parseSqlTime(`${day} ${to}:00`);
  if (end <= ms) end += 86_400_000;
  return end;
}

/** 万 for a sale, 元/月 for a rent; prices printed without trailing zeros. */
const unitOf = (houseType: number) => (isRentHouseType(houseType) ? '元/月' : '万');
const num = (n: number) => String(Math.round(n * 100) / 100);

/** Whether a saved search's list shows the listing now: the list query (its joins and WHERE), restricted to this id. */
export function searchShows(db: DB, filter: ListingFilter, listingId: number): boolean {
  const w = listingWhere(filter);
  w.add('l.id = ?', listingId);
  return cachedStatement(db, `${LISTING_LIST_SELECT} ${w.clause()}`).get(...w.args) !== undefined;
}

/** A stored filter as the list query reads it: paging and order do not change which listings a list shows. */
export function storedFilter<F extends { page?: number; size?: number; sort?: string } = ListingFilter>(json: string): F {
  const f = JSON.parse(json) as F;
  const { page: _p, size: _s, sort: _o, ...rest } = f;
  return rest as F;
}

/** One notice to record for one member. */
export interface NoticeDraft {
  kind: NoticeKind;
  title: string;
  text: string;
  url: string;
  /** The listing it names, or the new-home estate (one of the two). */
  listingId: number | null;
  estateId: number | null;
  searchId: number | null;
  sms: boolean;
}

/** Records drafts (one per member, keyed by member id) in one transaction, with their SMS, then announces each. */
export type NoticeRecorder = (drafts: Map<string, NoticeDraft>) => void;

export function createNoticeRecorder(opts: NoticeEngineOptions): NoticeRecorder {
  const { db } = opts;
  const insert = db.prepare(
    'INSERT OR IGNORE INTO notice (member_id, kind, title, text, url, listing_id, estate_id, search_id, read, created_at) VALUES (?,?,?,?,?,?,?,?,0,?)',
  );
  const unread = db.prepare('SELECT COUNT(*) FROM notice WHERE member_id = ? AND read = 0').pluck();
  const settings = db.prepare('SELECT * FROM notice_settings WHERE member_id = ?');
  const member = db.prepare('SELECT id, phone FROM member WHERE uid = ?');
  const sms = db.prepare('INSERT INTO notice_sms (member_id, phone, text, notice_id, due_at, created_at) VALUES (?,?,?,?,?,?)');
  return (drafts) => {
    if (drafts.size === 0) return;
    const at = opts.now();
    const created: Array<{ memberId: string; id: number; d: NoticeDraft }> = [];
    db.transaction(() => {
      for (const [memberId, d] of drafts) {
        const info = insert.run(memberId, d.kind, d.title, d.text, d.url, d.listingId, d.estateId, d.searchId, sqlTime(at));
        if (info.changes === 0) continue; // a listing or an estate is 新房源 to a member once
        const id = Number(info.lastInsertRowid);
        created.push({ memberId, id, d });
        if (!d.sms) continue;
        const s = (settings.get(memberId) as Row | undefined) ?? null;
        const m = member.get(memberId) as Row | undefined;
        if (!m || (s && !s.sms)) continue;
        const quiet = s ? { dnd: !!s.quiet, dndFrom: s.quiet_from, dndTo: s.quiet_to } : null;
        const due = quiet && inQuietHours(quiet, beijingHhmm(at)) ? quietEnd(at, quiet.dndTo) : at;
        sms.run(memberId, m.phone, `【湘房网】${d.title}：${d.text}`, id, sqlTime(due), sqlTime(at));
        opts.log?.info({ phone: m.phone, noticeId: id, dueAt: sqlTime(due) }, 'development SMS notice');
      }
    })();
    for (const { memberId, id, d } of created) {
      const m = member.get(memberId) as Row | undefined;
      try {
        opts.announce?.({
          type: 'notice',
          memberId,
          userId: m ? String(m.id) : memberId,
          notice: { id, kind: d.kind, title: d.title, text: d.text, url: d.url },
          unread: unread.get(memberId) as number,
        });
      } catch (err) {
        opts.log?.warn({ err: (err as Error).message, noticeId: id }, 'notice not announced');
      }
    }
  };
}

export function createNoticeEngine(opts: NoticeEngineOptions, record: NoticeRecorder = createNoticeRecorder(opts)): ListingChanges {
  const { db } = opts;
  const listing = db.prepare('SELECT id, city_id, house_type, title, price, status FROM listing WHERE id = ?');
  // The new-home searches are the estates' (src/backend/estate-notices.ts).
  const searches = db.prepare("SELECT * FROM saved_search WHERE city_id = ? AND enabled = 1 AND list <> 'xinfang' ORDER BY id");
  const favourites = db.prepare("SELECT member_id, price FROM collect WHERE house_id = ? AND kind IN ('ershoufang', 'rent')");
  type Draft = NoticeDraft;

  const detailUrl = (l: Row) => detailPathOf(kindOfHouseType(l.house_type), l.id, l.house_type);
  /** A saved search's 新房源 for the listing. */
  const newListing = (s: Row, l: Row): Draft => ({
    kind: 'new',
    title: `「${s.name}」有新房源`,
    text: `${l.title}，${num(l.price)}${unitOf(l.house_type)}`,
    url: detailUrl(l),
    listingId: l.id,
    estateId: null,
    searchId: s.id,
    sms: !!s.sms,
  });

  return {
    listingAdded(listingId) {
      const l = listing.get(listingId) as Row | undefined;
      if (!l) return;
      if (l.status !== 1) return;
      const drafts = new Map<string, Draft>();
      for (const s of searches.all(l.city_id) as Row[]) {
        if (!s.want_new || drafts.has(s.member_id)) continue;
        if (!searchShows(db, storedFilter(s.filter), listingId)) continue;
        drafts.set(s.member_id, newListing(s, l));
      }
      record(drafts);
    },
    priceChanged(listingId, oldPrice) {
      const l = listing.get(listingId) as Row | undefined;
      if (!l) return;
      if (l.status !== 1 || l.price === oldPrice) return;
      const unit = unitOf(l.house_type);
      const drafts = new Map<string, Draft>();
      // Favourites first (part 2): a drop below the price it was saved at.
      if (l.price < oldPrice)
        for (const f of favourites.all(listingId) as Row[]) {
          const from = typeof f.price === 'number' ? f.price : oldPrice;
          if (!(l.price < from)) continue;
          drafts.set(f.member_id, {
            kind: 'favourite-drop',
            title: '收藏的房源降价了',
            text: `${l.title} 降价${num(from - l.price)}${unit}，${num(from)}${unit} → ${num(l.price)}${unit}`,
            url: detailUrl(l),
            listingId,
            estateId: null,
            searchId: null,
            sms: false,
          });
        }
      for (const s of searches.all(l.city_id) as Row[]) {
        if (drafts.has(s.member_id)) continue;
        const filter = storedFilter(s.filter);
        if (!searchShows(db, filter, listingId)) continue;
        const wasShown = priceInBand(filter, oldPrice);
        if (!wasShown && s.want_new) drafts.set(s.member_id, newListing(s, l));
        else if (wasShown && l.price < oldPrice && s.want_drop)
          drafts.set(s.member_id, {
            kind: 'drop',
            title: `「${s.name}」有房源降价`,
            text: `${l.title} 降价${num(oldPrice - l.price)}${unit}，${num(oldPrice)}${unit} → ${num(l.price)}${unit}`,
            url: detailUrl(l),
            listingId,
            estateId: null,
            searchId: s.id,
            sms: !!s.sms,
          });
      }
      record(drafts);
    },
  };
}
