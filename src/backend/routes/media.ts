import type { FastifyInstance } from 'fastify';
import type { VideoDetail, VideoItem, VrItem, VrScene, VrTour } from '../../contracts/gateway/index.ts';
import type { BackendContext } from '../context.ts';
import { ok, page, paging } from '../envelope.ts';
import { belongerItem, listingItem, loupanItem } from '../mappers.ts';
import { body, idParams, int, pagingProps } from '../schemas.ts';
import { ESTATE_HOUSE_TYPE } from '../seed/media.ts';
import { CLIPS, PANORAMAS } from '../seed/media-files.ts';
import { LISTING_SELECT } from './listing.ts';
import { LOUPAN_SELECT } from './xinfang.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

const listQuery = body({ cityId: int(1, 9999), houseType: int(1, 99), houseId: int(1), sort: { enum: ['hot', 'new'] }, ...pagingProps }, [
  'cityId',
]);

/** A tour's rooms: the panoramas it walks through, with only the doors to rooms of this tour. */
export function scenesOf(rooms: string): VrScene[] {
  const keys = rooms.split(',').filter(Boolean);
  return keys.flatMap((key) => {
    const p = PANORAMAS.find((x) => x.key === key);
    if (!p) return [];
    return [
      {
        key,
        name: p.name,
        panorama: p.url,
        thumb: p.thumb,
        links: p.links.filter((l) => keys.includes(l.to)).map((l) => ({ to: l.to, label: l.label, yaw: l.yaw, pitch: l.pitch })),
      },
    ];
  });
}

/**
 * Video and VR (issue 19; our paths, SPEC 7 shows none): a city's property videos and VR tours, paged (by house when
 * `houseType` and `houseId` are given), and one video or tour by id with the listing or estate it shows and its agent.
 * An unknown id answers `obj: null`, as the gateway does; the portal's loader turns that into its 404.
 */
export function registerMediaRoutes(app: FastifyInstance, { db }: BackendContext): void {
  const listing = db.prepare(`${LISTING_SELECT} WHERE l.id = ?`);
  const estate = db.prepare(`${LOUPAN_SELECT} WHERE l.id = ?`);
  const agent = db.prepare('SELECT b.*, s.name AS store_name FROM belonger b LEFT JOIN store s ON s.id = b.store_id WHERE b.id = ?');
  const house = (houseType: number, houseId: number) => {
    if (houseType === ESTATE_HOUSE_TYPE) {
      const r = estate.get(houseId) as Row | undefined;
      return { listing: null, estate: r ? loupanItem(r) : null };
    }
    const r = listing.get(houseId) as Row | undefined;
    return { listing: r ? listingItem(r) : null, estate: null };
  };

  const videoItem = (r: Row): VideoItem => {
    const clip = CLIPS.find((c) => c.key === r.clip) ?? CLIPS[0];
    return {
      videoId: r.id,
      cityId: r.city_id,
      houseType: r.house_type,
      houseId: r.house_id,
      title: r.title,
      summary: r.summary,
      url: clip.url,
      poster: clip.poster,
      duration: clip.seconds,
      width: clip.width,
      height: clip.height,
      viewNum: r.view_num,
      likeNum: r.like_num,
      createdAt: r.created_at,
      belongerId: r.belonger_id ?? null,
      ...house(r.house_type, r.house_id),
    };
  };
  const vrItem = (r: Row): VrItem => {
    const scenes = scenesOf(r.rooms);
    return {
      vrId: r.id,
      cityId: r.city_id,
      houseType: r.house_type,
      houseId: r.house_id,
      title: r.title,
      // Covers vary over the tour's rooms, so a list of tours is not one picture repeated.
      cover: scenes[r.id % Math.max(1, scenes.length)]?.thumb ?? '',
      roomNames: scenes.map((s) => s.name),
      viewNum: r.view_num,
      createdAt: r.created_at,
      belongerId: r.belonger_id ?? null,
      ...house(r.house_type, r.house_id),
    };
  };

  const where = 'city_id = ? AND (? IS NULL OR house_type = ?) AND (? IS NULL OR house_id = ?)';
  const order = (sort?: string) => (sort === 'new' ? 'created_at DESC, id DESC' : 'view_num DESC, id');
  const videoCount = db.prepare(`SELECT COUNT(*) FROM video WHERE ${where}`).pluck();
  const videoPages = {
    hot: db.prepare(`SELECT * FROM video WHERE ${where} ORDER BY ${order('hot')} LIMIT ? OFFSET ?`),
    new: db.prepare(`SELECT * FROM video WHERE ${where} ORDER BY ${order('new')} LIMIT ? OFFSET ?`),
  };
  const vrCount = db.prepare(`SELECT COUNT(*) FROM vr_tour WHERE ${where}`).pluck();
  const vrPages = {
    hot: db.prepare(`SELECT * FROM vr_tour WHERE ${where} ORDER BY ${order('hot')} LIMIT ? OFFSET ?`),
    new: db.prepare(`SELECT * FROM vr_tour WHERE ${where} ORDER BY ${order('new')} LIMIT ? OFFSET ?`),
  };
  const videoById = db.prepare('SELECT * FROM video WHERE id = ?');
  const vrById = db.prepare('SELECT * FROM vr_tour WHERE id = ?');

  type Q = { cityId: number; houseType?: number; houseId?: number; sort?: 'hot' | 'new'; page?: number; size?: number };
  const args = (q: Q) => [q.cityId, q.houseType ?? null, q.houseType ?? null, q.houseId ?? null, q.houseId ?? null];

  app.get('/api/video/list', { schema: { querystring: listQuery } }, async (req) => {
    const q = req.query as Q;
    const { pageNo, size, offset } = paging(q, 10);
    const rows = videoPages[q.sort ?? 'hot'].all(...args(q), size, offset) as Row[];
    return page(rows.map(videoItem), videoCount.get(...args(q)) as number, pageNo, size);
  });
  app.get('/api/video/find/:id', { schema: { params: idParams } }, async (req) => {
    const r = videoById.get((req.params as { id: number }).id) as Row | undefined;
    if (!r) return ok(null);
    const a = r.belonger_id ? (agent.get(r.belonger_id) as Row | undefined) : undefined;
    const detail: VideoDetail = { ...videoItem(r), agent: a ? belongerItem(a) : null };
    return ok(detail);
  });
  app.get('/api/vr/list', { schema: { querystring: listQuery } }, async (req) => {
    const q = req.query as Q;
    const { pageNo, size, offset } = paging(q, 10);
    const rows = vrPages[q.sort ?? 'hot'].all(...args(q), size, offset) as Row[];
    return page(rows.map(vrItem), vrCount.get(...args(q)) as number, pageNo, size);
  });
  app.get('/api/vr/find/:id', { schema: { params: idParams } }, async (req) => {
    const r = vrById.get((req.params as { id: number }).id) as Row | undefined;
    if (!r) return ok(null);
    const a = r.belonger_id ? (agent.get(r.belonger_id) as Row | undefined) : undefined;
    const tour: VrTour = { ...vrItem(r), scenes: scenesOf(r.rooms), agent: a ? belongerItem(a) : null };
    return ok(tour);
  });
}
