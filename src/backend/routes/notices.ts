import type { FastifyInstance } from 'fastify';
import { SAVABLE_LISTS } from '../../lib/list-specs.ts';
import type { BackendContext } from '../context.ts';
import { fail, ok, paging } from '../envelope.ts';
import { DEFAULT_NOTICE_SETTINGS } from '../notices.ts';
import { body, int, memberId, params, str } from '../schemas.ts';
import { listingFilterSchema } from './listing.ts';
import { loupanFilterSchema } from './xinfang.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

/** The lists a search can be saved from: the listing lists (src/lib/list-specs.ts) and new homes. */
export const SAVED_SEARCH_LISTS = [...SAVABLE_LISTS, 'xinfang'] as const;
/** At most this many saved searches per member. */
export const SAVED_SEARCH_MAX = 20;

const clock = { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' } as const;
const flag = { type: 'boolean' } as const;

const searchView = (r: Row) => ({
  id: r.id,
  cityId: r.city_id,
  list: r.list,
  url: r.url,
  name: r.name,
  wantNew: !!r.want_new,
  wantDrop: !!r.want_drop,
  sms: !!r.sms,
  enabled: !!r.enabled,
  createdAt: r.created_at,
});
const noticeView = (r: Row) => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  text: r.text,
  url: r.url,
  listingId: r.listing_id ?? null,
  ...(r.estate_id ? { estateId: r.estate_id } : {}),
  searchId: r.search_id ?? null,
  read: !!r.read,
  createdAt: r.created_at,
});

/**
 * Saved searches, notices and notice settings (issue 37 parts 1–3; paths of our own, src/backend/README.md). The
 * matching itself runs on write (src/backend/notices.ts); these are the member's reads and edits. A search, a notice
 * or an SMS of another member is not found (never told apart from a missing one).
 */
export function registerNoticeRoutes(app: FastifyInstance, { db, sqlNow }: BackendContext): void {
  const searchCount = db.prepare('SELECT COUNT(*) FROM saved_search WHERE member_id = ?').pluck();
  const searchByUrl = db.prepare('SELECT * FROM saved_search WHERE member_id = ? AND url = ?');
  const searchOne = db.prepare('SELECT * FROM saved_search WHERE id = ? AND member_id = ?');
  const searchInsert = db.prepare(`INSERT INTO saved_search (member_id, city_id, list, url, filter, name, want_new, want_drop, sms, enabled,
    created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,1,?,?)`);
  const searchReplace = db.prepare(
    'UPDATE saved_search SET filter = ?, name = ?, want_new = ?, want_drop = ?, sms = ?, enabled = 1, updated_at = ? WHERE id = ?',
  );
  const searchList = db.prepare('SELECT * FROM saved_search WHERE member_id = ? ORDER BY id DESC');
  const searchSet = db.prepare(
    'UPDATE saved_search SET name = ?, want_new = ?, want_drop = ?, sms = ?, enabled = ?, updated_at = ? WHERE id = ?',
  );
  const searchDel = db.prepare('DELETE FROM saved_search WHERE id = ? AND member_id = ?');
  const noticeCount = db.prepare('SELECT COUNT(*) FROM notice WHERE member_id = ?').pluck();
  const unreadCount = db.prepare('SELECT COUNT(*) FROM notice WHERE member_id = ? AND read = 0').pluck();
  const noticePage = db.prepare('SELECT * FROM notice WHERE member_id = ? ORDER BY id DESC LIMIT ? OFFSET ?');
  const readOne = db.prepare('UPDATE notice SET read = 1 WHERE id = ? AND member_id = ?');
  const readAll = db.prepare('UPDATE notice SET read = 1 WHERE member_id = ? AND read = 0');
  const noticeDel = db.prepare('DELETE FROM notice WHERE id = ? AND member_id = ?');
  const settingsOne = db.prepare('SELECT * FROM notice_settings WHERE member_id = ?');
  const settingsSave =
    db.prepare(`INSERT INTO notice_settings (member_id, sms, quiet, quiet_from, quiet_to, updated_at) VALUES (?,?,?,?,?,?)
    ON CONFLICT (member_id) DO UPDATE SET sms = excluded.sms, quiet = excluded.quiet, quiet_from = excluded.quiet_from,
    quiet_to = excluded.quiet_to, updated_at = excluded.updated_at`);
  const smsList = db.prepare(
    'SELECT id, phone, text, notice_id AS noticeId, due_at AS dueAt, created_at AS createdAt FROM notice_sms WHERE member_id = ? ORDER BY id DESC LIMIT 50',
  );

  const settingsOf = (mid: string) => {
    const r = settingsOne.get(mid) as Row | undefined;
    return r ? { sms: !!r.sms, quiet: !!r.quiet, quietFrom: r.quiet_from, quietTo: r.quiet_to } : { ...DEFAULT_NOTICE_SETTINGS };
  };

  /** Save a search (the same URL again updates it: one saved search per list URL). */
  app.post(
    '/api/savedSearch/save',
    {
      schema: {
        body: {
          ...body(
            {
              memberId,
              cityId: int(1, 9999),
              list: { type: 'string', enum: [...SAVED_SEARCH_LISTS] },
              url: { type: 'string', minLength: 2, maxLength: 300, pattern: '^/[^\\s]*$' },
              // the estate list's filter for a new-home search, the listing lists' for the others
              filter: { type: 'object' },
              name: str(30, 1),
              wantNew: flag,
              wantDrop: flag,
              sms: flag,
            },
            ['memberId', 'cityId', 'list', 'url', 'filter', 'name', 'wantNew', 'wantDrop', 'sms'],
          ),
          if: { properties: { list: { const: 'xinfang' } } },
          // biome-ignore lint/suspicious/noThenProperty: JSON schema's if/then/else
          then: { properties: { filter: loupanFilterSchema } },
          else: { properties: { filter: listingFilterSchema } },
        },
      },
    },
    async (req) => {
      const b = req.body as Row;
      if (!b.wantNew && !b.wantDrop) return fail(400, 'wantNew: 请至少选择新房源或降价中的一项');
      if (b.filter.cityId !== b.cityId) return fail(400, 'filter/cityId: 与城市不一致');
      const now = sqlNow();
      const name = String(b.name).trim();
      const filter = JSON.stringify(b.filter);
      const existing = searchByUrl.get(b.memberId, b.url) as Row | undefined;
      if (existing) {
        searchReplace.run(filter, name, b.wantNew ? 1 : 0, b.wantDrop ? 1 : 0, b.sms ? 1 : 0, now, existing.id);
        return ok({ ...searchView(searchOne.get(existing.id, b.memberId) as Row), updated: true });
      }
      if ((searchCount.get(b.memberId) as number) >= SAVED_SEARCH_MAX) return fail(409, `最多保存${SAVED_SEARCH_MAX}条搜索`);
      const info = searchInsert.run(
        b.memberId,
        b.cityId,
        b.list,
        b.url,
        filter,
        name,
        b.wantNew ? 1 : 0,
        b.wantDrop ? 1 : 0,
        b.sms ? 1 : 0,
        now,
        now,
      );
      return ok({ ...searchView(searchOne.get(Number(info.lastInsertRowid), b.memberId) as Row), updated: false });
    },
  );
  app.get('/api/savedSearch/list/:memberId', { schema: { params: params({ memberId }) } }, async (req) =>
    ok((searchList.all((req.params as { memberId: string }).memberId) as Row[]).map(searchView)),
  );
  app.post(
    '/api/savedSearch/update',
    {
      schema: {
        body: body({ memberId, id: int(1), name: str(30, 1), wantNew: flag, wantDrop: flag, sms: flag, enabled: flag }, ['memberId', 'id']),
      },
    },
    async (req) => {
      const b = req.body as Row;
      const r = searchOne.get(b.id, b.memberId) as Row | undefined;
      if (!r) return fail(404, '保存的搜索不存在');
      const next = {
        name: b.name === undefined ? r.name : String(b.name).trim(),
        wantNew: b.wantNew ?? !!r.want_new,
        wantDrop: b.wantDrop ?? !!r.want_drop,
        sms: b.sms ?? !!r.sms,
        enabled: b.enabled ?? !!r.enabled,
      };
      if (!next.wantNew && !next.wantDrop) return fail(400, 'wantNew: 请至少选择新房源或降价中的一项');
      searchSet.run(next.name, next.wantNew ? 1 : 0, next.wantDrop ? 1 : 0, next.sms ? 1 : 0, next.enabled ? 1 : 0, sqlNow(), r.id);
      return ok(searchView(searchOne.get(r.id, b.memberId) as Row));
    },
  );
  app.post('/api/savedSearch/delete', { schema: { body: body({ memberId, id: int(1) }, ['memberId', 'id']) } }, async (req) => {
    const b = req.body as { memberId: string; id: number };
    const info = searchDel.run(b.id, b.memberId);
    if (!info.changes) return fail(404, '保存的搜索不存在');
    return ok({ id: b.id, removed: true });
  });

  /** The member's notices, newest first, with the unread count. */
  app.get(
    '/api/notice/list/:memberId',
    { schema: { params: params({ memberId }), querystring: body({ page: int(0, 100_000), size: int(1, 100) }) } },
    async (req) => {
      const mid = (req.params as { memberId: string }).memberId;
      const { pageNo, size, offset } = paging(req.query as { page?: number; size?: number }, 20);
      const total = noticeCount.get(mid) as number;
      const content = (noticePage.all(mid, size, offset) as Row[]).map(noticeView);
      return ok({ content, totalElements: total, totalPages: Math.ceil(total / size), number: pageNo, size, unread: unreadCount.get(mid) });
    },
  );
  app.get('/api/notice/unread/:memberId', { schema: { params: params({ memberId }) } }, async (req) =>
    ok({ total: unreadCount.get((req.params as { memberId: string }).memberId) as number }),
  );
  /** Mark one notice read (`id`), or all of them (no `id`). */
  app.post('/api/notice/read', { schema: { body: body({ memberId, id: int(1) }, ['memberId']) } }, async (req) => {
    const b = req.body as { memberId: string; id?: number };
    if (b.id !== undefined) {
      const info = readOne.run(b.id, b.memberId);
      if (!info.changes) return fail(404, '消息不存在');
    } else readAll.run(b.memberId);
    return ok({ unread: unreadCount.get(b.memberId) as number });
  });
  app.post('/api/notice/delete', { schema: { body: body({ memberId, id: int(1) }, ['memberId', 'id']) } }, async (req) => {
    const b = req.body as { memberId: string; id: number };
    const info = noticeDel.run(b.id, b.memberId);
    if (!info.changes) return fail(404, '消息不存在');
    return ok({ unread: unreadCount.get(b.memberId) as number });
  });
  app.get('/api/notice/settings/:memberId', { schema: { params: params({ memberId }) } }, async (req) =>
    ok(settingsOf((req.params as { memberId: string }).memberId)),
  );
  app.post(
    '/api/notice/settings',
    { schema: { body: body({ memberId, sms: flag, quiet: flag, quietFrom: clock, quietTo: clock }, ['memberId', 'sms', 'quiet']) } },
    async (req) => {
      const b = req.body as { memberId: string; sms: boolean; quiet: boolean; quietFrom?: string; quietTo?: string };
      const cur = settingsOf(b.memberId);
      const from = b.quietFrom ?? cur.quietFrom;
      const to = b.quietTo ?? cur.quietTo;
      if (b.quiet && from === to) return fail(400, 'quietTo: 免打扰的开始和结束时间不能相同');
      settingsSave.run(b.memberId, b.sms ? 1 : 0, b.quiet ? 1 : 0, from, to, sqlNow());
      return ok(settingsOf(b.memberId));
    },
  );
  /** The SMS recorded for the member's notices (the embedded gateway sends none): the last 50. */
  app.get('/api/notice/sms/:memberId', { schema: { params: params({ memberId }) } }, async (req) =>
    ok(smsList.all((req.params as { memberId: string }).memberId)),
  );
}
