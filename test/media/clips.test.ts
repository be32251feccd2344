import path from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import { CLIPS, WATERMARK } from '../../src/backend/seed/media-files.ts';
import { ROOT } from '../helpers/build.ts';

/**
 * What is burned into the project's clips (issue 34): the scenes carry their own text (a floor plan's heading, room
 * labels, legend and compass, an estate's sign), and the player's controls cover the bottom of the frame. So the only
 * burned-in mark is a small 湘房网·实拍 in the top-right corner, and no caption on a dark shade across the bottom: the
 * clip's title is the page's heading, below the player.
 */

const FRAME = { width: 360, height: 640 };

t.test('the watermark is small and sits in the top-right corner, clear of the player controls', async (t) => {
  t.ok(WATERMARK.y + WATERMARK.height <= 32, 'within the top 32 px of the frame');
  t.ok(FRAME.width - (WATERMARK.x + WATERMARK.width) <= 12, 'against the right edge');
  t.ok(WATERMARK.width <= FRAME.width / 4, 'at most a quarter of the frame wide');
  t.ok(WATERMARK.height <= 24, 'at most 24 px high');
});

/** Mean grey level of the rows y0..y1 of an image. */
async function bandLevel(file: string, y0: number, y1: number): Promise<number> {
  const { data, info } = await sharp(file).greyscale().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let y = y0; y < y1; y++) for (let x = 0; x < info.width; x++) sum += data[y * info.width + x];
  return sum / ((y1 - y0) * info.width);
}

t.test('no clip carries a caption shade across its bottom, where its own text and the controls are', async (t) => {
  for (const c of CLIPS) {
    const poster = path.join(ROOT, 'public', c.poster);
    const meta = await sharp(poster).metadata();
    t.same([meta.width, meta.height], [FRAME.width, FRAME.height], `${c.key}: the poster is a 360x640 frame`);
    // The old caption darkened the bottom 170 px by up to 65 %: its bottom rows were at most 0.76 of the middle's level.
    const middle = await bandLevel(poster, 300, 470);
    const bottom = await bandLevel(poster, 560, 640);
    t.ok(bottom >= 0.8 * middle, `${c.key}: the bottom of the frame is not shaded (${bottom.toFixed(0)} vs ${middle.toFixed(0)})`);
  }
});
