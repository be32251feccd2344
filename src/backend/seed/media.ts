import type { Database as DB } from 'better-sqlite3';
import { HOUSE_TYPES } from '../../lib/listing-kinds.ts';
import { sqlTime } from '../time.ts';
import { calendarAnchor, markSeeded } from './calendar.ts';
import { CITIES, type CitySeed } from './cities.ts';
import { CLIPS, type PANORAMAS } from './media-files.ts';
import { Rng } from './rng.ts';

const DAY = 86_400_000;
/** The estate's house type in `video.house_type` and `vr_tour.house_type` (listings use theirs, 11 to 16). */
export const ESTATE_HOUSE_TYPE = 1;

type ClipKey = (typeof CLIPS)[number]['key'];
type RoomKey = (typeof PANORAMAS)[number]['key'];

const ROOM_CLIPS: ClipKey[] = ['living-room', 'bedroom', 'kitchen'];
const ESTATE_EXTRA: ClipKey[] = ['garden', 'floor-plan', 'living-room'];
const SUMMARY: Record<ClipKey, string> = {
  'living-room': '经纪人实地拍摄，客厅朝南，大面积落地窗采光充足，客餐厅一体，动线合理。',
  bedroom: '主卧带飘窗与整墙衣柜，远离马路，安静舒适，可放下1.8米大床。',
  kitchen: 'U型橱柜操作台，明厨设计带窗通风，连接生活阳台，收纳空间充足。',
  'floor-plan': '户型图逐间解析：南北通透，动静分区，双卫设计，得房率高。',
  exterior: '小区外景实拍：高层住宅，楼间距宽，视野开阔，外立面整洁。',
  garden: '小区中央园林实拍：景观水系、儿童乐园与健身步道，绿化率高。',
};
/** The rooms a tour walks through, by the listing's number of bedrooms; estates show the whole show flat. */
const toursRooms = (rooms: number): RoomKey[] =>
  rooms >= 3 ? ['living', 'bedroom', 'study', 'kitchen'] : rooms === 2 ? ['living', 'bedroom', 'kitchen'] : ['living', 'bedroom'];

/**
 * Video and VR (issue 19), the last step of a city: the clips and panorama tours of its listings and estates, all made
 * for the project (public/media, see scripts/media.ts). Every estate flagged `has_video` gets an exterior clip and
 * one more, every estate flagged `has_vr` a tour of its show flat; every second-hand or rental listing flagged `has_vr`
 * a tour of its rooms, and about one listing in ten a room clip (`listing.video_id`). Shops and offices are not
 * apartments: the panoramas are rooms of a flat, so their `has_vr` is cleared, keeping the flags true to the rows.
 * Its own random sequence, so every row seeded before keeps its values. Returns the rows written.
 */
export function seedMedia(db: DB, city: CitySeed, seed: number, anchor: number): { video: number; vr_tour: number } {
  const rng = new Rng((seed ^ Math.imul(city.id + 0x1919, 0x27d4eb2f)) >>> 0);
  const when = () => sqlTime(anchor - rng.int(1, 150) * DAY - rng.int(0, 80_000) * 1000);
  const insVideo = db.prepare(
    'INSERT INTO video (city_id, house_type, house_id, belonger_id, clip, title, summary, view_num, like_num, created_at) VALUES (?,?,?,?,?,?,?,?,?,?)',
  );
  const insTour = db.prepare(
    'INSERT INTO vr_tour (city_id, house_type, house_id, belonger_id, title, rooms, view_num, created_at) VALUES (?,?,?,?,?,?,?,?)',
  );
  const written = { video: 0, vr_tour: 0 };

  const estates = db
    .prepare(
      `SELECT l.id, l.name, l.has_vr, l.has_video, (SELECT MIN(belonger_id) FROM loupan_belonger b WHERE b.loupan_id = l.id) AS agent
       FROM loupan l WHERE l.city_id = ? AND (l.has_vr = 1 OR l.has_video = 1) ORDER BY l.id`,
    )
    .all(city.id) as Array<{ id: number; name: string; has_vr: number; has_video: number; agent: number | null }>;
  for (const e of estates) {
    if (e.has_video) {
      const clips: ClipKey[] = ['exterior', rng.pick(ESTATE_EXTRA)];
      for (const clip of clips) {
        const title = clip === 'living-room' ? `${e.name} 样板间实拍` : `${e.name} ${CLIPS.find((c) => c.key === clip)?.title}`;
        insVideo.run(city.id, ESTATE_HOUSE_TYPE, e.id, e.agent, clip, title, SUMMARY[clip], rng.int(800, 60_000), rng.int(10, 900), when());
        written.video++;
      }
    }
    if (e.has_vr) {
      insTour.run(city.id, ESTATE_HOUSE_TYPE, e.id, e.agent, `${e.name} 样板间VR`, toursRooms(3).join(','), rng.int(500, 40_000), when());
      written.vr_tour++;
    }
  }

  db.prepare('UPDATE listing SET has_vr = 0 WHERE city_id = ? AND house_type NOT IN (?, ?) AND has_vr = 1').run(
    city.id,
    HOUSE_TYPES.ershoufang,
    HOUSE_TYPES.zufang,
  );
  const listings = db
    .prepare(
      `SELECT l.id, l.house_type, l.belonger_id, l.rooms, l.halls, l.area, l.has_vr, x.name AS xiaoqu FROM listing l
       LEFT JOIN xiaoqu x ON x.id = l.xiaoqu_id WHERE l.city_id = ? AND l.house_type IN (?, ?) AND l.status = 1 ORDER BY l.id`,
    )
    .all(city.id, HOUSE_TYPES.ershoufang, HOUSE_TYPES.zufang) as Array<{
    id: number;
    house_type: number;
    belonger_id: number;
    rooms: number;
    halls: number;
    area: number;
    has_vr: number;
    xiaoqu: string | null;
  }>;
  const setVideo = db.prepare('UPDATE listing SET video_id = ? WHERE id = ?');
  const setTour = db.prepare('UPDATE listing SET vr_id = ? WHERE id = ?');
  for (const l of listings) {
    const name = `${l.xiaoqu ?? city.name} ${l.rooms}室${l.halls}厅`;
    if (rng.chance(0.1)) {
      const clip = rng.pick(ROOM_CLIPS);
      const label = CLIPS.find((c) => c.key === clip)?.title;
      const r = insVideo.run(
        city.id,
        l.house_type,
        l.id,
        l.belonger_id,
        clip,
        `${name} ${Math.round(l.area)}㎡ ${label}`,
        SUMMARY[clip],
        rng.int(100, 20_000),
        rng.int(0, 400),
        when(),
      );
      setVideo.run(r.lastInsertRowid, l.id);
      written.video++;
    }
    if (l.has_vr) {
      const r = insTour.run(
        city.id,
        l.house_type,
        l.id,
        l.belonger_id,
        `${name} VR看房`,
        toursRooms(l.rooms).join(','),
        rng.int(50, 12_000),
        when(),
      );
      setTour.run(r.lastInsertRowid, l.id);
      written.vr_tour++;
    }
  }
  return written;
}

/**
 * A database seeded before migration 19 has the video and VR tables empty: fill them once, from the seed number it was
 * made with, as a fresh seed would (the flags of its listings and estates say which houses have media). Returns the
 * rows written (0 when there was nothing to do).
 */
export function ensureMediaSeeded(db: DB): number {
  const has = (db.prepare('SELECT (SELECT COUNT(*) FROM video) + (SELECT COUNT(*) FROM vr_tour)').pluck().get() as number) > 0;
  const ids = new Set(db.prepare('SELECT id FROM city').pluck().all() as number[]);
  const cities = CITIES.filter((c) => ids.has(c.id));
  if (has || !cities.length) return 0;
  const seed = Number(db.prepare("SELECT value FROM meta WHERE key = 'seed'").pluck().get() ?? 0) >>> 0;
  let rows = 0;
  db.transaction(() => {
    for (const c of cities) {
      const w = seedMedia(db, c, seed, calendarAnchor(db));
      rows += w.video + w.vr_tour;
    }
    markSeeded(db, ['video', 'vr_tour']);
  })();
  return rows;
}
