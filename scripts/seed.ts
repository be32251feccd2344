/**
 * `npm run seed`: (re)creates the demo data set in DATA_DIR/portal.db, deterministic from a seed number.
 *   SEED=20261122 SEED_SCALE=1 DATA_DIR=./data npm run seed   (or: npm run seed -- --seed 42 --scale 0.1)
 * Also writes the generated pictures to public/img (the portal serves them as /img/{kind}/{n}.svg).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb } from '../src/backend/db.ts';
import { writeImages } from '../src/backend/seed/images.ts';
import { DEFAULT_SEED, seedDatabase } from '../src/backend/seed/index.ts';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const seed = Number(arg('seed') ?? process.env.SEED ?? DEFAULT_SEED);
const scale = Number(arg('scale') ?? process.env.SEED_SCALE ?? 1);
if (!Number.isInteger(seed) || !(scale > 0 && scale <= 10)) {
  process.stderr.write('seed must be an integer and scale in (0, 10]\n');
  process.exit(2);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(arg('data-dir') ?? process.env.DATA_DIR ?? './data');

const t0 = performance.now();
const images = writeImages(path.join(root, 'public'));
process.stdout.write(`images: ${images} written to public/img\n`);
const db = openDb(dataDir);
process.stdout.write(`seeding ${path.join(dataDir, 'portal.db')} (seed ${seed}, scale ${scale})\n`);
const summary = seedDatabase(db, {
  seed,
  scale,
  onProgress: (step, done, total) => process.stdout.write(`  [${done}/${total}] ${step}\n`),
});
db.close();
const rows = Object.entries(summary.rows)
  .map(([k, v]) => `${k} ${v}`)
  .join(', ');
process.stdout.write(`rows: ${rows}\n`);
process.stdout.write(`done in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
