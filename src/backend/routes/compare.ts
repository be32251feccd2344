import type { FastifyInstance } from 'fastify';
import {
  addToCompare,
  COMPARE_KINDS,
  COMPARE_MAX,
  type CompareKind,
  type CompareList,
  EMPTY_COMPARE,
  mergeCompare,
  removeFromCompare,
} from '../../lib/compare.ts';
import { HOUSE_TYPES } from '../../lib/listing-kinds.ts';
import type { BackendContext } from '../context.ts';
import { fail, ok } from '../envelope.ts';
import { body, int, memberId, params } from '../schemas.ts';

const kind = { type: 'string', enum: [...COMPARE_KINDS] } as const;

/**
 * A member's compare list (issue 37 part 4, our paths; table compare_item, migration 24): up to four homes of one
 * kind, by the rules of src/lib/compare.ts. Every answer is the member's whole list `{kind, ids}`; a refused add is 409
 * with the Chinese reason (full, or another kind), an unknown home 404.
 */
export function registerCompareRoutes(app: FastifyInstance, { db, sqlNow }: BackendContext): void {
  const exists: Record<CompareKind, import('better-sqlite3').Statement> = {
    ershoufang: db.prepare('SELECT 1 FROM listing WHERE id = ? AND house_type = ?').pluck(),
    zufang: db.prepare('SELECT 1 FROM listing WHERE id = ? AND house_type = ?').pluck(),
    xinfang: db.prepare('SELECT 1 FROM loupan WHERE id = ? AND ? IS NOT NULL').pluck(),
  };
  const houseTypeOf: Record<CompareKind, number> = { ershoufang: HOUSE_TYPES.ershoufang, zufang: HOUSE_TYPES.zufang, xinfang: 1 };
  const rows = db.prepare('SELECT kind, house_id FROM compare_item WHERE member_id = ? ORDER BY position, created_at');
  const del = db.prepare('DELETE FROM compare_item WHERE member_id = ?');
  const ins = db.prepare('INSERT INTO compare_item (member_id, kind, house_id, created_at, position) VALUES (?,?,?,?,?)');

  const read = (mid: string): CompareList => {
    const all = rows.all(mid) as Array<{ kind: CompareKind; house_id: number }>;
    if (!all.length) return EMPTY_COMPARE;
    const k = all[0].kind;
    return { kind: k, ids: all.filter((r) => r.kind === k).map((r) => r.house_id) };
  };
  /** The list is written whole: one kind, in order. */
  const write = db.transaction((mid: string, list: CompareList) => {
    del.run(mid);
    const at = sqlNow();
    if (!list.kind) return;
    for (const [i, id] of list.ids.entries()) ins.run(mid, list.kind, id, at, i);
  });

  app.get('/api/compare/list/:memberId', { schema: { params: params({ memberId }) } }, async (req) =>
    ok(read((req.params as { memberId: string }).memberId)),
  );

  const one = body({ memberId, kind, houseId: int(1) }, ['memberId', 'kind', 'houseId']);
  app.post('/api/compare/add', { schema: { body: one } }, async (req) => {
    const b = req.body as { memberId: string; kind: CompareKind; houseId: number };
    if (!exists[b.kind].get(b.houseId, houseTypeOf[b.kind])) return fail(404, '房源不存在或已下架');
    const done = addToCompare(read(b.memberId), b.kind, b.houseId);
    if ('refusal' in done) return fail(409, done.refusal.message);
    write(b.memberId, done.list);
    return ok(done.list);
  });

  app.post('/api/compare/remove', { schema: { body: one } }, async (req) => {
    const b = req.body as { memberId: string; kind: CompareKind; houseId: number };
    const list = removeFromCompare(read(b.memberId), b.kind, b.houseId);
    write(b.memberId, list);
    return ok(list);
  });

  app.post('/api/compare/clear', { schema: { body: body({ memberId }, ['memberId']) } }, async (req) => {
    write((req.body as { memberId: string }).memberId, EMPTY_COMPARE);
    return ok(EMPTY_COMPARE);
  });

  /** A visitor's list joins the member's at login (src/lib/compare.ts mergeCompare); homes the gateway lacks are left out. */
  app.post(
    '/api/compare/merge',
    {
      schema: {
        body: body({ memberId, kind, ids: { type: 'array', maxItems: COMPARE_MAX, items: int(1) } }, ['memberId']),
      },
    },
    async (req) => {
      const b = req.body as { memberId: string; kind?: CompareKind; ids?: number[] };
      const known = b.kind ? (b.ids ?? []).filter((id) => exists[b.kind as CompareKind].get(id, houseTypeOf[b.kind as CompareKind])) : [];
      const visitor: CompareList = b.kind && known.length ? { kind: b.kind, ids: known } : EMPTY_COMPARE;
      const { list, dropped } = mergeCompare(read(b.memberId), visitor);
      write(b.memberId, list);
      return ok({ ...list, dropped: dropped + ((b.ids?.length ?? 0) - known.length) });
    },
  );
}
