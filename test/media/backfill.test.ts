import t from 'tap';
import { openDb } from '../../src/backend/db.ts';
import { ensureMediaSeeded } from '../../src/backend/seed/media.ts';
import { seededDataDir } from '../helpers/backend.ts';

/** Issue 19: a database seeded before migration 19 gets the same clips and tours a fresh seed makes, once. */
t.test('an older database is given its clips and tours once, as a fresh seed has them', async (t) => {
  const db = openDb(await seededDataDir());
  t.teardown(() => db.close());
  const snapshot = () => ({
    video: db.prepare('SELECT city_id, house_type, house_id, clip, title FROM video ORDER BY id').all(),
    tours: db.prepare('SELECT city_id, house_type, house_id, rooms, title FROM vr_tour ORDER BY id').all(),
    listings: db.prepare('SELECT id, video_id, vr_id FROM listing WHERE video_id IS NOT NULL OR vr_id IS NOT NULL ORDER BY id').all(),
  });
  const fresh = snapshot();
  t.ok(fresh.video.length > 0 && fresh.tours.length > 0, 'the seed has clips and tours');
  t.equal(ensureMediaSeeded(db), 0, 'nothing to do on a database that has them');

  db.exec('DELETE FROM video; DELETE FROM vr_tour; UPDATE listing SET video_id = NULL, vr_id = NULL;');
  const written = ensureMediaSeeded(db);
  t.equal(written, fresh.video.length + fresh.tours.length, 'every row written back');
  t.same(snapshot(), fresh, 'the same rows as a fresh seed');
  const flagged = db.prepare('SELECT COUNT(*) FROM listing WHERE has_vr = 1 AND vr_id IS NULL').pluck().get();
  t.equal(flagged, 0, 'every listing flagged has_vr has its tour');
  const estates = db
    .prepare(
      'SELECT COUNT(*) FROM loupan l WHERE (l.has_vr = 1 AND NOT EXISTS (SELECT 1 FROM vr_tour v WHERE v.house_type = 1 AND v.house_id = l.id)) OR (l.has_video = 1 AND NOT EXISTS (SELECT 1 FROM video v WHERE v.house_type = 1 AND v.house_id = l.id))',
    )
    .pluck()
    .get();
  t.equal(estates, 0, 'every estate flagged has_vr or has_video has its tour or clips');
});
