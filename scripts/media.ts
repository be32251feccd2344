/**
 * The project's own property footage (issue 19, Video and VR): short H.264 clips with a poster frame, and
 * equirectangular panoramas of an apartment's rooms with the doors between them. Everything is drawn here (SVG scenes
 * rendered by sharp, clips encoded by ffmpeg), nothing comes from outside. Outputs are committed, so CI needs no
 * ffmpeg: `npx tsx scripts/media.ts` rewrites public/media/ and src/backend/seed/media-files.ts.
 *
 * Clips: 360x640 (the vertical feed), 6 s at 24 fps, yuv420p, no audio, `+faststart`, at most 300 KB each.
 * Panoramas: 2048x1024 JPEG, a box-shaped room projected onto the sphere from eye height (walls, floor and ceiling
 * drawn as SVG faces), at most 400 KB each. File names carry a content hash, so they are served immutable.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT_VIDEO = path.join(ROOT, 'public/media/video');
const OUT_VR = path.join(ROOT, 'public/media/vr');
const MANIFEST = path.join(ROOT, 'src/backend/seed/media-files.ts');
const FONT = "'Noto Sans CJK SC', 'Noto Sans CJK', sans-serif";
const W = 360;
const H = 640;
const SECONDS = 6;
const FPS = 24;
const MAX_CLIP = 300 * 1024;
const MAX_PANO = 400 * 1024;

const hash8 = (buf: Buffer) => createHash('sha256').update(buf).digest('hex').slice(0, 10);
const svgDoc = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
const text = (x: number, y: number, size: number, fill: string, s: string, extra = '') =>
  `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" fill="${fill}" ${extra}>${s}</text>`;

// ---------------------------------------------------------------------------------------------------------------
// Clip scenes: each a large still that the camera pans over or zooms into.

function planks(x: number, y: number, w: number, h: number, tone: string[]): string {
  let out = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${tone[0]}"/>`;
  for (let i = 0, yy = y; yy < y + h; i++, yy += 22) {
    out += `<rect x="${x}" y="${yy}" width="${w}" height="21" fill="${tone[i % tone.length]}"/>`;
    for (let xx = x + ((i * 137) % 180); xx < x + w; xx += 180) out += `<rect x="${xx}" y="${yy}" width="2" height="21" fill="#00000018"/>`;
  }
  return out;
}

function skyline(x: number, y: number, w: number, h: number): string {
  let out = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#sky)"/>`;
  for (let i = 0; i < 9; i++) {
    const bw = w / 9 - 6;
    const bh = h * (0.25 + ((i * 37) % 50) / 100);
    out += `<rect x="${x + 3 + i * (w / 9)}" y="${y + h - bh}" width="${bw}" height="${bh}" fill="#9fb4c8"/>`;
    for (let r = 0; r < bh / 18 - 1; r++)
      out += `<rect x="${x + 8 + i * (w / 9)}" y="${y + h - bh + 8 + r * 18}" width="${bw - 10}" height="6" fill="#c9d6e2"/>`;
  }
  return out;
}

const SKY = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8ec5f0"/><stop offset="1" stop-color="#e6f3fc"/></linearGradient>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6f1e8"/><stop offset="1" stop-color="#e9e0d0"/></linearGradient></defs>`;

function livingRoom(): { svg: string; w: number; h: number } {
  const w = 1240;
  const h = 640;
  const body = `${SKY}<rect width="${w}" height="${h}" fill="url(#wall)"/>
${planks(0, 470, w, 170, ['#c89b6d', '#c3956a', '#cda273'])}
<rect x="0" y="462" width="${w}" height="10" fill="#fff"/>
${skyline(60, 120, 420, 300)}<rect x="56" y="116" width="428" height="308" fill="none" stroke="#fff" stroke-width="10"/>
<rect x="266" y="116" width="8" height="308" fill="#fff"/><rect x="30" y="100" width="40" height="370" fill="#d8c3a5"/><rect x="470" y="100" width="40" height="370" fill="#d8c3a5"/>
<rect x="560" y="250" width="300" height="150" rx="8" fill="#7c8a99"/><rect x="545" y="370" width="330" height="60" rx="14" fill="#8e9cab"/>
<rect x="545" y="300" width="36" height="130" rx="14" fill="#7c8a99"/><rect x="839" y="300" width="36" height="130" rx="14" fill="#7c8a99"/>
<rect x="600" y="330" width="70" height="50" rx="10" fill="#e7b85c"/><rect x="760" y="330" width="70" height="50" rx="10" fill="#d96c4f"/>
<rect x="555" y="430" width="12" height="30" fill="#555"/><rect x="853" y="430" width="12" height="30" fill="#555"/>
<ellipse cx="710" cy="560" rx="210" ry="45" fill="#e8dccb"/><rect x="620" y="500" width="180" height="22" rx="4" fill="#5b4636"/>
<rect x="640" y="522" width="8" height="40" fill="#5b4636"/><rect x="772" y="522" width="8" height="40" fill="#5b4636"/>
<rect x="610" y="150" width="200" height="80" fill="#fff" stroke="#b8a58a" stroke-width="6"/><path d="M620 220 L670 170 L700 200 L740 160 L800 220 Z" fill="#a5c49a"/>
<line x1="710" y1="0" x2="710" y2="60" stroke="#444" stroke-width="2"/><ellipse cx="710" cy="70" rx="40" ry="16" fill="#f2c66d"/>
<rect x="930" y="330" width="260" height="110" fill="#6b4f3a"/><rect x="950" y="170" width="220" height="130" rx="4" fill="#222"/><rect x="958" y="178" width="204" height="114" fill="#33485c"/>
<rect x="1190" y="360" width="36" height="80" rx="8" fill="#b9805a"/><circle cx="1208" cy="330" r="38" fill="#5d9b5a"/><circle cx="1190" cy="300" r="26" fill="#6fae66"/>
<rect x="890" y="420" width="30" height="50" rx="6" fill="#b9805a"/><circle cx="905" cy="400" r="26" fill="#5d9b5a"/>`;
  return { svg: svgDoc(w, h, body), w, h };
}

function bedroom(): { svg: string; w: number; h: number } {
  const w = 1200;
  const h = 640;
  const body = `${SKY}<rect width="${w}" height="${h}" fill="#eef0f4"/>
${planks(0, 480, w, 160, ['#d7b58c', '#d1ae85', '#dcbc95'])}<rect x="0" y="472" width="${w}" height="10" fill="#fff"/>
${skyline(80, 140, 300, 230)}<rect x="76" y="136" width="308" height="238" fill="none" stroke="#fff" stroke-width="10"/>
<rect x="60" y="374" width="340" height="70" fill="#f3ece2"/><rect x="80" y="390" width="120" height="36" rx="12" fill="#c9a0a0"/>
<rect x="40" y="110" width="46" height="350" fill="#9fb0c9"/><rect x="374" y="110" width="46" height="350" fill="#9fb0c9"/>
<rect x="500" y="200" width="360" height="150" rx="10" fill="#8b6b53"/>
<rect x="470" y="340" width="420" height="150" rx="10" fill="#f8f8f8"/><rect x="470" y="390" width="420" height="100" rx="10" fill="#a8bfd6"/>
<rect x="520" y="300" width="140" height="56" rx="20" fill="#fff" stroke="#ddd"/><rect x="700" y="300" width="140" height="56" rx="20" fill="#fff" stroke="#ddd"/>
<rect x="400" y="380" width="60" height="80" fill="#8b6b53"/><rect x="408" y="340" width="12" height="40" fill="#888"/><ellipse cx="414" cy="334" rx="22" ry="14" fill="#f2d08a"/>
<rect x="900" y="380" width="60" height="80" fill="#8b6b53"/>
<rect x="990" y="120" width="190" height="350" fill="#e3d5c1" stroke="#c2ae90" stroke-width="4"/><line x1="1085" y1="120" x2="1085" y2="470" stroke="#c2ae90" stroke-width="4"/>
<circle cx="1075" cy="300" r="5" fill="#8a7355"/><circle cx="1095" cy="300" r="5" fill="#8a7355"/>
<rect x="560" y="90" width="240" height="90" fill="#fff" stroke="#c7c7c7" stroke-width="5"/><circle cx="630" cy="135" r="26" fill="#f0b27a"/><rect x="680" y="115" width="100" height="40" fill="#a9cce3"/>`;
  return { svg: svgDoc(w, h, body), w, h };
}

function kitchen(): { svg: string; w: number; h: number } {
  const w = 1100;
  const h = 640;
  let doors = '';
  for (let i = 0; i < 6; i++)
    doors += `<rect x="${60 + i * 120}" y="90" width="112" height="150" rx="4" fill="#f4f4f2" stroke="#cfcfcf" stroke-width="3"/>`;
  for (let i = 0; i < 6; i++)
    doors += `<rect x="${60 + i * 120}" y="380" width="112" height="160" rx="4" fill="#7f9c8a" stroke="#6a8574" stroke-width="3"/>`;
  const body = `${SKY}<rect width="${w}" height="${h}" fill="#f3f0ea"/>
<rect x="0" y="540" width="${w}" height="100" fill="#d9d6cf"/>${Array.from({ length: 12 }, (_, i) => `<rect x="${i * 92}" y="540" width="2" height="100" fill="#bdb9b0"/>`).join('')}
<rect x="40" y="250" width="740" height="110" fill="#e8e4dc"/>${Array.from({ length: 18 }, (_, i) => `<rect x="${40 + i * 41}" y="250" width="2" height="110" fill="#d6d1c6"/>`).join('')}
${doors}<rect x="40" y="350" width="740" height="30" fill="#3f3f46"/>
<rect x="300" y="250" width="180" height="40" fill="#777"/><polygon points="320,160 460,160 480,250 300,250" fill="#b6bcc2"/>
<rect x="330" y="335" width="120" height="14" rx="4" fill="#222"/><circle cx="360" cy="342" r="9" fill="#444"/><circle cx="420" cy="342" r="9" fill="#444"/>
<rect x="560" y="330" width="130" height="20" rx="6" fill="#c9ced3"/><rect x="620" y="300" width="6" height="34" fill="#9aa"/>
${skyline(820, 100, 220, 220)}<rect x="816" y="96" width="228" height="228" fill="none" stroke="#fff" stroke-width="10"/>
<rect x="860" y="330" width="200" height="210" rx="8" fill="#dfe3e6" stroke="#c5cbd0" stroke-width="3"/><rect x="1040" y="360" width="6" height="60" fill="#99a"/>
<circle cx="120" cy="330" r="14" fill="#e07a5f"/><circle cx="150" cy="334" r="12" fill="#f2cc8f"/><rect x="200" y="300" width="24" height="48" rx="6" fill="#81b29a"/>`;
  return { svg: svgDoc(w, h, body), w, h };
}

function floorPlan(): { svg: string; w: number; h: number } {
  const w = 720;
  const h = 1280;
  const wall = 'stroke="#333" stroke-width="10" fill="none"';
  const label = (x: number, y: number, name: string, size: string) =>
    text(x, y, 30, '#333', name, 'text-anchor="middle" font-weight="bold"') + text(x, y + 34, 22, '#777', size, 'text-anchor="middle"');
  const body = `<rect width="${w}" height="${h}" fill="#fbfaf6"/>
${text(60, 130, 40, '#222', '三室两厅两卫', 'font-weight="bold"')}${text(60, 190, 30, '#555', '建面约118㎡')}
<g transform="translate(60,260)">
<rect x="0" y="0" width="600" height="820" fill="#fff"/>
<rect x="0" y="0" width="260" height="300" fill="#f7efe3"/><rect x="260" y="0" width="340" height="300" fill="#eef4f8"/>
<rect x="0" y="300" width="600" height="300" fill="#fdf8ec"/><rect x="0" y="600" width="220" height="220" fill="#eef4f8"/>
<rect x="220" y="600" width="160" height="220" fill="#e9f3ec"/><rect x="380" y="600" width="220" height="220" fill="#f3eef8"/>
<rect x="0" y="0" width="600" height="820" ${wall}/>
<line x1="260" y1="0" x2="260" y2="300" stroke="#333" stroke-width="8"/><line x1="0" y1="300" x2="180" y2="300" stroke="#333" stroke-width="8"/>
<line x1="300" y1="300" x2="600" y2="300" stroke="#333" stroke-width="8"/><line x1="0" y1="600" x2="600" y2="600" stroke="#333" stroke-width="8"/>
<line x1="220" y1="600" x2="220" y2="820" stroke="#333" stroke-width="8"/><line x1="380" y1="600" x2="380" y2="820" stroke="#333" stroke-width="8"/>
<rect x="100" y="596" width="70" height="10" fill="#fff"/><rect x="260" y="596" width="70" height="10" fill="#fff"/><rect x="440" y="596" width="70" height="10" fill="#fff"/>
<rect x="60" y="-6" width="150" height="12" fill="#9cc3e6"/><rect x="340" y="-6" width="200" height="12" fill="#9cc3e6"/><rect x="-6" y="380" width="12" height="140" fill="#9cc3e6"/>
<rect x="40" y="826" width="140" height="12" fill="#9cc3e6"/><rect x="420" y="826" width="140" height="12" fill="#9cc3e6"/>
${label(130, 140, '厨房', '8.6㎡')}${label(430, 140, '餐厅', '12.4㎡')}${label(300, 440, '客厅', '32.5㎡')}
${label(110, 700, '次卧', '11.2㎡')}${label(300, 700, '卫生间', '5.1㎡')}${label(490, 700, '主卧', '16.8㎡')}
<rect x="180" y="480" width="240" height="60" rx="10" fill="none" stroke="#999" stroke-width="3"/><rect x="440" y="320" width="120" height="30" fill="none" stroke="#999" stroke-width="3"/>
<rect x="420" y="740" width="150" height="70" rx="6" fill="none" stroke="#999" stroke-width="3"/>
</g>
${text(360, 1150, 26, '#888', '南北通透 · 动静分区 · 双卫设计', 'text-anchor="middle"')}
<g transform="translate(640,1140)"><polygon points="0,-30 10,0 -10,0" fill="#c0392b"/>${text(-8, 24, 18, '#c0392b', '北')}</g>`;
  return { svg: svgDoc(w, h, body), w, h };
}

function exterior(): { svg: string; w: number; h: number } {
  const w = 360;
  const h = 1440;
  let towers = '';
  const specs = [
    [20, 300, 110],
    [140, 180, 120],
    [270, 380, 80],
  ];
  for (const [x, top, bw] of specs) {
    towers += `<rect x="${x}" y="${top}" width="${bw}" height="${1200 - top}" fill="#e9e4dc" stroke="#cfc6b8" stroke-width="2"/>`;
    towers += `<rect x="${x}" y="${top - 16}" width="${bw}" height="16" fill="#b8a58a"/>`;
    for (let y = top + 20; y < 1180; y += 34)
      for (let c = 0; c < Math.floor(bw / 26); c++)
        towers += `<rect x="${x + 8 + c * 26}" y="${y}" width="16" height="20" fill="${(y + c * 7) % 5 === 0 ? '#f5d78e' : '#8fb3d1'}"/>`;
  }
  const body = `${SKY}<rect width="${w}" height="${h}" fill="url(#sky)"/>
<circle cx="290" cy="120" r="40" fill="#fff6d5"/><ellipse cx="80" cy="160" rx="60" ry="18" fill="#fff"/><ellipse cx="230" cy="240" rx="70" ry="20" fill="#fff"/>
${towers}
<rect x="0" y="1200" width="${w}" height="240" fill="#7fb069"/><rect x="0" y="1280" width="${w}" height="40" fill="#d8d2c4"/>
${[30, 100, 170, 240, 310].map((x) => `<rect x="${x - 4}" y="1180" width="8" height="40" fill="#7a5a3a"/><circle cx="${x}" cy="1170" r="26" fill="#4f8a4b"/>`).join('')}
<rect x="110" y="1340" width="140" height="60" rx="6" fill="#c9b28e"/>${text(180, 1378, 22, '#5a4630', '湘江壹号院', 'text-anchor="middle" font-weight="bold"')}`;
  return { svg: svgDoc(w, h, body), w, h };
}

function garden(): { svg: string; w: number; h: number } {
  const w = 1200;
  const h = 640;
  let trees = '';
  for (let i = 0; i < 10; i++) {
    const x = 40 + i * 120;
    const y = 300 + ((i * 53) % 60);
    trees += `<rect x="${x - 6}" y="${y}" width="12" height="70" fill="#7a5a3a"/><circle cx="${x}" cy="${y - 20}" r="${38 + (i % 3) * 8}" fill="${i % 2 ? '#4f8a4b' : '#5f9e57'}"/>`;
  }
  const body = `${SKY}<rect width="${w}" height="${h}" fill="url(#sky)"/>
<rect x="0" y="120" width="${w}" height="200" fill="#d9d4cb"/>${Array.from({ length: 8 }, (_, i) => `<rect x="${i * 160 + 10}" y="${60 + (i % 3) * 30}" width="130" height="${260 - (i % 3) * 30}" fill="#e9e4dc" stroke="#cfc6b8"/>`).join('')}
<rect x="0" y="340" width="${w}" height="300" fill="#8cc084"/>
<path d="M0 560 C 300 480, 500 620, 800 520 S 1100 470, 1200 500 L1200 540 C 1100 520, 900 560, 800 570 S 300 540, 0 600 Z" fill="#e2d6be"/>
<ellipse cx="600" cy="450" rx="170" ry="50" fill="#7fb8d8"/><ellipse cx="600" cy="450" rx="130" ry="34" fill="#9fcbe3"/>
${trees}
<rect x="940" y="430" width="160" height="90" rx="8" fill="#f4a261"/><rect x="960" y="400" width="20" height="60" fill="#e76f51"/><path d="M980 410 L1060 470" stroke="#2a9d8f" stroke-width="12"/>
<rect x="200" y="470" width="90" height="14" fill="#8b6b53"/><rect x="205" y="484" width="6" height="20" fill="#555"/><rect x="279" y="484" width="6" height="20" fill="#555"/>`;
  return { svg: svgDoc(w, h, body), w, h };
}

/**
 * What is burned into every clip: only a small 湘房网·实拍 mark in the top-right corner (issue 34). The scenes carry their
 * own text (the plan's heading and room labels, its legend and compass at the bottom, the estate's sign), and the
 * player's controls sit over the bottom of the frame; the clip's title is the page's heading below the player. So no
 * caption, no shade, and the mark stays in WATERMARK, a corner no scene draws text into at any moment of its move (the
 * floor plan's heading is set flush left for that). test/media/clips.test.ts checks the mark's place and the posters.
 */
const WATERMARK = { x: 276, y: 8, width: 76, height: 20 } as const;

function overlay(): string {
  const m = WATERMARK;
  return svgDoc(
    W,
    H,
    `<rect x="${m.x}" y="${m.y}" width="${m.width}" height="${m.height}" rx="${m.height / 2}" fill="#000" fill-opacity="0.35"/>${text(m.x + m.width / 2, m.y + 14, 12, '#fff', '湘房网·实拍', 'text-anchor="middle" fill-opacity="0.9"')}`,
  );
}

interface ClipSpec {
  key: string;
  title: string;
  caption: string;
  kind: 'room' | 'plan' | 'exterior' | 'garden';
  scene: () => { svg: string; w: number; h: number };
  move: 'panX' | 'panUp' | 'zoom';
}

const CLIPS: ClipSpec[] = [
  {
    key: 'living-room',
    title: '客厅实拍',
    caption: '客厅 · 南向落地窗',
    kind: 'room',
    scene: livingRoom,
    move: 'panX',
  },
  { key: 'bedroom', title: '主卧实拍', caption: '主卧 · 飘窗大床房', kind: 'room', scene: bedroom, move: 'panX' },
  { key: 'kitchen', title: '厨房实拍', caption: '厨房 · U型橱柜', kind: 'room', scene: kitchen, move: 'panX' },
  {
    key: 'floor-plan',
    title: '户型解析',
    caption: '户型解析 · 三室两厅',
    kind: 'plan',
    scene: floorPlan,
    move: 'zoom',
  },
  {
    key: 'exterior',
    title: '小区外景',
    caption: '小区外景 · 高层住宅',
    kind: 'exterior',
    scene: exterior,
    move: 'panUp',
  },
  {
    key: 'garden',
    title: '园林景观',
    caption: '园林景观 · 中央花园',
    kind: 'garden',
    scene: garden,
    move: 'panX',
  },
];

function filterFor(move: ClipSpec['move'], w: number, h: number): string {
  const frames = SECONDS * FPS;
  if (move === 'panX') {
    // Height fits the frame: scale to 640 high, then slide a 360-wide window from left to right with an ease.
    const sw = Math.round((w * H) / h);
    return `[0]scale=${sw}:${H},crop=${W}:${H}:x='(${sw - W})*(0.5-0.5*cos(PI*t/${SECONDS}))':y=0[bg]`;
  }
  if (move === 'panUp') {
    const sh = Math.round((h * W) / w);
    return `[0]scale=${W}:${sh},crop=${W}:${H}:x=0:y='(${sh - H})*(0.5+0.5*cos(PI*t/${SECONDS}))'[bg]`;
  }
  // Zoom into the living room of the plan, upscaled first so the zoom does not judder.
  return `[0]scale=${W * 4}:${H * 4},zoompan=z='1+0.8*(0.5-0.5*cos(PI*on/${frames}))':x='iw*0.5-iw/zoom/2':y='ih*0.48-ih/zoom/2':d=1:s=${W}x${H}:fps=${FPS}[bg]`;
}

async function makeClip(tmp: string, c: ClipSpec) {
  const scene = c.scene();
  const src = path.join(tmp, `${c.key}.png`);
  const over = path.join(tmp, `${c.key}-over.png`);
  await sharp(Buffer.from(scene.svg)).png().toFile(src);
  await sharp(Buffer.from(overlay())).png().toFile(over);
  const mp4 = path.join(tmp, `${c.key}.mp4`);
  const filter = `${filterFor(c.move, scene.w, scene.h)};[bg][1]overlay=0:0,format=yuv420p[v]`;
  for (const crf of [23, 26, 29, 32, 35]) {
    execFileSync('ffmpeg', [
      '-y',
      '-loglevel',
      'error',
      '-loop',
      '1',
      '-framerate',
      String(FPS),
      '-i',
      src,
      '-i',
      over,
      '-filter_complex',
      filter,
      '-map',
      '[v]',
      '-t',
      String(SECONDS),
      '-r',
      String(FPS),
      '-c:v',
      'libx264',
      '-profile:v',
      'main',
      '-preset',
      'slow',
      '-crf',
      String(crf),
      '-pix_fmt',
      'yuv420p',
      '-an',
      '-movflags',
      '+faststart',
      '-map_metadata',
      '-1',
      '-fflags',
      '+bitexact',
      mp4,
    ]);
    if (statSync(mp4).size <= MAX_CLIP) break;
  }
  const bytes = readFileSync(mp4);
  if (bytes.length > MAX_CLIP) throw new Error(`${c.key}: ${bytes.length} bytes > ${MAX_CLIP}`);
  const jpg = path.join(tmp, `${c.key}.jpg`);
  execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-ss', '2.5', '-i', mp4, '-frames:v', '1', '-q:v', '4', jpg]);
  const poster = readFileSync(jpg);
  const h = hash8(bytes);
  const videoName = `${c.key}.${h}.mp4`;
  const posterName = `${c.key}.${hash8(poster)}.jpg`;
  writeFileSync(path.join(OUT_VIDEO, videoName), bytes);
  writeFileSync(path.join(OUT_VIDEO, posterName), poster);
  return {
    key: c.key,
    title: c.title,
    caption: c.caption,
    kind: c.kind,
    seconds: SECONDS,
    width: W,
    height: H,
    bytes: bytes.length,
    url: `/media/video/${videoName}`,
    poster: `/media/video/${posterName}`,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Panoramas: a box room (x across, z ahead, y up; the eye at the origin, 1.5 m above the floor).

const ROOM = { a: 2.6, b: 2.2, up: 1.3, down: 1.5 } as const; // half width, half depth, ceiling above, floor below the eye
const S = 220; // face pixels per metre

type Face = 'front' | 'right' | 'back' | 'left' | 'floor' | 'ceiling';
interface Door {
  /** The wall it is in and its centre along the wall, metres from the wall's left edge as seen from inside. */
  wall: Face;
  at: number;
  to: string;
  label: string;
}
interface RoomSpec {
  key: string;
  name: string;
  wallColor: string;
  floor: 'wood' | 'tile';
  faces: Partial<Record<Face, string>>;
  doors: Door[];
}

const faceSize = (f: Face): [number, number] => {
  const wA = Math.round(2 * ROOM.a * S);
  const wB = Math.round(2 * ROOM.b * S);
  const hh = Math.round((ROOM.up + ROOM.down) * S);
  if (f === 'front' || f === 'back') return [wA, hh];
  if (f === 'left' || f === 'right') return [wB, hh];
  return [wA, wB];
};

/** Wall y (metres above the floor) to face pixels. */
const wy = (m: number) => Math.round((ROOM.up + ROOM.down - m) * S);
const wx = (m: number) => Math.round(m * S);

function doorSvg(d: Door): string {
  const x = wx(d.at - 0.45);
  return `<rect x="${x - 10}" y="${wy(2.15)}" width="${wx(0.9) + 20}" height="${wy(0) - wy(2.15)}" fill="#fff"/>
<rect x="${x}" y="${wy(2.1)}" width="${wx(0.9)}" height="${wy(0) - wy(2.1)}" fill="#a0785a"/>
<rect x="${x + 20}" y="${wy(1.9)}" width="${wx(0.9) - 40}" height="${wy(1.2) - wy(1.9)}" fill="#8c6649"/>
<circle cx="${x + wx(0.9) - 24}" cy="${wy(1.0)}" r="8" fill="#e0c070"/>
<rect x="${x + 8}" y="${wy(2.45)}" width="${wx(0.9) - 16}" height="48" rx="10" fill="#000" fill-opacity="0.55"/>
${text(x + wx(0.45), wy(2.45) + 35, 30, '#fff', `→ ${d.label}`, 'text-anchor="middle"')}`;
}

function windowSvg(at: number, width: number, sill = 0.9, top = 2.3): string {
  const x = wx(at - width / 2);
  const w = wx(width);
  return `${skyline(x, wy(top), w, wy(sill) - wy(top))}<rect x="${x}" y="${wy(top)}" width="${w}" height="${wy(sill) - wy(top)}" fill="none" stroke="#fff" stroke-width="14"/>
<rect x="${x + w / 2 - 5}" y="${wy(top)}" width="10" height="${wy(sill) - wy(top)}" fill="#fff"/>
<rect x="${x - 60}" y="${wy(top + 0.15)}" width="60" height="${wy(sill - 0.5) - wy(top + 0.15)}" fill="#cdb89a"/><rect x="${x + w}" y="${wy(top + 0.15)}" width="60" height="${wy(sill - 0.5) - wy(top + 0.15)}" fill="#cdb89a"/>`;
}

const box = (x: number, bottom: number, w: number, h: number, fill: string, rx = 6) =>
  `<rect x="${wx(x)}" y="${wy(bottom + h)}" width="${wx(w)}" height="${wy(bottom) - wy(bottom + h)}" rx="${rx}" fill="${fill}"/>`;

const ROOMS: RoomSpec[] = [
  {
    key: 'living',
    name: '客厅',
    wallColor: '#f4efe6',
    floor: 'wood',
    faces: {
      front: `${windowSvg(2.6, 3.2, 0.4, 2.5)}`,
      right: `${box(0.6, 0, 3.2, 0.45, '#6b4f3a')}${box(1.1, 0.85, 2.2, 1.25, '#222', 4)}${box(1.15, 0.9, 2.1, 1.15, '#34506b', 2)}
${box(3.9, 0, 0.35, 0.7, '#b9805a')}<circle cx="${wx(4.07)}" cy="${wy(1.0)}" r="${wx(0.32)}" fill="#5d9b5a"/>`,
      back: `${box(1.2, 0.42, 2.8, 0.5, '#7c8a99', 14)}${box(1.1, 0.2, 3.0, 0.3, '#8e9cab', 14)}${box(1.1, 0.2, 0.25, 0.55, '#7c8a99', 10)}${box(3.85, 0.2, 0.25, 0.55, '#7c8a99', 10)}
${box(1.6, 0.5, 0.5, 0.35, '#e7b85c', 10)}${box(3.1, 0.5, 0.5, 0.35, '#d96c4f', 10)}
<rect x="${wx(1.7)}" y="${wy(2.2)}" width="${wx(1.8)}" height="${wx(0.8)}" fill="#fff" stroke="#b8a58a" stroke-width="10"/>
<path d="M${wx(1.75)} ${wy(1.45)} L${wx(2.3)} ${wy(1.95)} L${wx(2.7)} ${wy(1.65)} L${wx(3.1)} ${wy(2.05)} L${wx(3.45)} ${wy(1.45)} Z" fill="#a5c49a"/>`,
      floor: `<ellipse cx="${wx(2.6)}" cy="${wx(2.9)}" rx="${wx(1.1)}" ry="${wx(0.6)}" fill="#e8dccb"/><rect x="${wx(1.9)}" y="${wx(2.6)}" width="${wx(1.4)}" height="${wx(0.6)}" rx="8" fill="#5b4636"/>`,
      ceiling: `<circle cx="${wx(2.6)}" cy="${wx(2.2)}" r="${wx(0.5)}" fill="#fff6d8"/><circle cx="${wx(2.6)}" cy="${wx(2.2)}" r="${wx(0.3)}" fill="#ffe9a8"/>`,
    },
    doors: [
      { wall: 'left', at: 1.2, to: 'bedroom', label: '主卧' },
      { wall: 'left', at: 3.2, to: 'study', label: '书房' },
      { wall: 'back', at: 4.6, to: 'kitchen', label: '厨房' },
    ],
  },
  {
    key: 'bedroom',
    name: '主卧',
    wallColor: '#eef0f4',
    floor: 'wood',
    faces: {
      front: `${windowSvg(2.6, 2.4)}<rect x="${wx(1.3)}" y="${wy(0.9)}" width="${wx(2.6)}" height="${wx(0.5)}" fill="#f3ece2"/>`,
      left: `${box(0.9, 0.45, 2.6, 0.9, '#8b6b53', 10)}${box(0.6, 0, 3.2, 0.55, '#a8bfd6', 10)}${box(1.2, 0.5, 0.9, 0.3, '#fff', 12)}${box(2.3, 0.5, 0.9, 0.3, '#fff', 12)}
${box(0.1, 0, 0.45, 0.55, '#8b6b53')}${box(3.85, 0, 0.45, 0.55, '#8b6b53')}<ellipse cx="${wx(0.32)}" cy="${wy(0.8)}" rx="${wx(0.18)}" ry="${wx(0.12)}" fill="#f2d08a"/>`,
      back: `${box(0.3, 0, 2.2, 2.3, '#e3d5c1', 4)}<line x1="${wx(1.4)}" y1="${wy(2.3)}" x2="${wx(1.4)}" y2="${wy(0)}" stroke="#c2ae90" stroke-width="6"/>`,
      floor: `<rect x="${wx(0.3)}" y="${wx(1.6)}" width="${wx(1.4)}" height="${wx(1.8)}" fill="#d8c8e0"/>`,
      ceiling: `<rect x="${wx(2.0)}" y="${wx(1.6)}" width="${wx(1.2)}" height="${wx(1.2)}" rx="20" fill="#fff6d8"/>`,
    },
    doors: [{ wall: 'back', at: 3.9, to: 'living', label: '客厅' }],
  },
  {
    key: 'kitchen',
    name: '厨房',
    wallColor: '#f3f0ea',
    floor: 'tile',
    faces: {
      front: `${box(0.2, 0, 4.8, 0.85, '#7f9c8a', 4)}${box(0.2, 0.85, 4.8, 0.06, '#3f3f46', 0)}${box(0.2, 1.5, 4.8, 0.8, '#f4f4f2', 4)}
${box(2.0, 1.5, 1.0, 0.25, '#b6bcc2', 2)}${box(2.1, 0.91, 0.8, 0.03, '#222', 2)}${windowSvg(4.0, 1.0, 1.1, 1.45)}`,
      right: `${box(0.3, 0, 0.9, 1.9, '#dfe3e6', 8)}${box(1.4, 0, 3.0, 0.85, '#7f9c8a', 4)}${box(1.4, 0.85, 3.0, 0.06, '#3f3f46', 0)}`,
      left: `${box(0.6, 0, 1.4, 0.75, '#8b6b53', 4)}${box(0.5, 0.75, 1.6, 0.05, '#5b4636', 0)}<circle cx="${wx(1.3)}" cy="${wy(0.95)}" r="${wx(0.12)}" fill="#e07a5f"/>`,
      ceiling: `<rect x="${wx(1.5)}" y="${wx(1.5)}" width="${wx(2.2)}" height="${wx(1.4)}" fill="#ffffff"/>`,
    },
    doors: [{ wall: 'back', at: 2.6, to: 'living', label: '客厅' }],
  },
  {
    key: 'study',
    name: '书房',
    wallColor: '#f1f4ee',
    floor: 'wood',
    faces: {
      front: `${windowSvg(2.6, 2.0)}${box(1.4, 0.72, 2.4, 0.06, '#6b4f3a', 2)}${box(1.5, 0, 0.08, 0.72, '#6b4f3a', 0)}${box(3.62, 0, 0.08, 0.72, '#6b4f3a', 0)}
${box(2.2, 0.78, 0.8, 0.5, '#333', 4)}`,
      left: Array.from(
        { length: 4 },
        (_, r) =>
          box(0.5, 0.3 + r * 0.5, 3.4, 0.04, '#8b6b53', 0) +
          Array.from({ length: 14 }, (_, i) =>
            box(0.55 + i * 0.24, 0.34 + r * 0.5, 0.18, 0.36 - (i % 3) * 0.05, ['#c0392b', '#2e86c1', '#d4ac0d', '#27ae60'][(i + r) % 4], 1),
          ).join(''),
      ).join(''),
      back: `${box(0.6, 0, 1.0, 0.45, '#a4b494', 12)}`,
      ceiling: `<circle cx="${wx(2.6)}" cy="${wx(2.2)}" r="${wx(0.35)}" fill="#fff6d8"/>`,
    },
    doors: [{ wall: 'right', at: 3.0, to: 'living', label: '客厅' }],
  },
];

function faceSvg(room: RoomSpec, face: Face): string {
  const [w, h] = faceSize(face);
  let bg: string;
  if (face === 'floor') {
    if (room.floor === 'wood') {
      let p = `<rect width="${w}" height="${h}" fill="#c89b6d"/>`;
      for (let i = 0, x = 0; x < w; i++, x += 44) {
        p += `<rect x="${x}" y="0" width="42" height="${h}" fill="${['#c89b6d', '#c3956a', '#cda273', '#c49668'][i % 4]}"/>`;
        for (let y = (i * 173) % 300; y < h; y += 300) p += `<rect x="${x}" y="${y}" width="42" height="3" fill="#00000022"/>`;
      }
      bg = p;
    } else {
      let p = `<rect width="${w}" height="${h}" fill="#d9d6cf"/>`;
      for (let x = 0; x < w; x += 132) p += `<rect x="${x}" y="0" width="3" height="${h}" fill="#bdb9b0"/>`;
      for (let y = 0; y < h; y += 132) p += `<rect x="0" y="${y}" width="${w}" height="3" fill="#bdb9b0"/>`;
      bg = p;
    }
  } else if (face === 'ceiling') {
    bg = `<rect width="${w}" height="${h}" fill="#fbfbf9"/><rect x="20" y="20" width="${w - 40}" height="${h - 40}" fill="none" stroke="#ecebe6" stroke-width="12"/>`;
  } else {
    bg = `<rect width="${w}" height="${h}" fill="${room.wallColor}"/><rect x="0" y="${h - 24}" width="${w}" height="24" fill="#fff"/><rect x="0" y="0" width="${w}" height="14" fill="#fff"/>`;
  }
  const doors = room.doors
    .filter((d) => d.wall === face)
    .map(doorSvg)
    .join('');
  const label = face === 'front' ? '' : '';
  return svgDoc(w, h, `${SKY}${bg}${room.faces[face] ?? ''}${doors}${label}`);
}

async function faceRaster(room: RoomSpec, face: Face) {
  const { data, info } = await sharp(Buffer.from(faceSvg(room, face)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, w: info.width, h: info.height };
}

/** Where a door's middle is seen from the eye, in degrees: yaw (0 ahead, growing to the right, as PSV) and pitch. */
function doorDirection(d: Door): { yaw: number; pitch: number } {
  const y = 1.1 - ROOM.down;
  let x = 0;
  let z = 0;
  if (d.wall === 'front') [x, z] = [d.at - ROOM.a, ROOM.b];
  if (d.wall === 'back') [x, z] = [ROOM.a - d.at, -ROOM.b];
  if (d.wall === 'right') [x, z] = [ROOM.a, ROOM.b - d.at];
  if (d.wall === 'left') [x, z] = [-ROOM.a, d.at - ROOM.b];
  const deg = (r: number) => Math.round((r * 1800) / Math.PI) / 10;
  return { yaw: deg(Math.atan2(x, z)), pitch: deg(Math.atan2(y, Math.hypot(x, z))) };
}

async function makePanorama(room: RoomSpec, width = 2048) {
  const height = width / 2;
  const faces = {} as Record<Face, { data: Buffer; w: number; h: number }>;
  for (const f of ['front', 'right', 'back', 'left', 'floor', 'ceiling'] as Face[]) faces[f] = await faceRaster(room, f);
  const out = Buffer.alloc(width * height * 3);
  const { a, b, up, down } = ROOM;
  for (let py = 0; py < height; py++) {
    const lat = Math.PI / 2 - ((py + 0.5) / height) * Math.PI;
    const cl = Math.cos(lat);
    const dy = Math.sin(lat);
    for (let px = 0; px < width; px++) {
      const lon = ((px + 0.5) / width) * 2 * Math.PI - Math.PI;
      const dx = cl * Math.sin(lon);
      const dz = cl * Math.cos(lon);
      // The nearest plane the ray meets.
      const tx = dx > 0 ? a / dx : dx < 0 ? -a / dx : Number.POSITIVE_INFINITY;
      const tz = dz > 0 ? b / dz : dz < 0 ? -b / dz : Number.POSITIVE_INFINITY;
      const ty = dy > 0 ? up / dy : dy < 0 ? -down / dy : Number.POSITIVE_INFINITY;
      const t = Math.min(tx, ty, tz);
      const x = dx * t;
      const y = dy * t;
      const z = dz * t;
      let face: Face;
      let u: number;
      let v: number;
      if (t === ty) {
        face = dy > 0 ? 'ceiling' : 'floor';
        u = (x + a) * S;
        v = dy > 0 ? (z + b) * S : (b - z) * S;
      } else if (t === tz) {
        face = dz > 0 ? 'front' : 'back';
        u = dz > 0 ? (x + a) * S : (a - x) * S;
        v = (up - y) * S;
      } else {
        face = dx > 0 ? 'right' : 'left';
        u = dx > 0 ? (b - z) * S : (z + b) * S;
        v = (up - y) * S;
      }
      const f = faces[face];
      const fx = Math.min(f.w - 2, Math.max(0, u - 0.5));
      const fy = Math.min(f.h - 2, Math.max(0, v - 0.5));
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      const ax = fx - x0;
      const ay = fy - y0;
      const i00 = (y0 * f.w + x0) * 3;
      const i10 = i00 + 3;
      const i01 = i00 + f.w * 3;
      const i11 = i01 + 3;
      const o = (py * width + px) * 3;
      for (let c = 0; c < 3; c++) {
        const top = f.data[i00 + c] * (1 - ax) + f.data[i10 + c] * ax;
        const bottom = f.data[i01 + c] * (1 - ax) + f.data[i11 + c] * ax;
        out[o + c] = Math.round(top * (1 - ay) + bottom * ay);
      }
    }
  }
  const img = sharp(out, { raw: { width, height, channels: 3 } });
  let jpg = await img.clone().jpeg({ quality: 78, mozjpeg: true }).toBuffer();
  if (jpg.length > MAX_PANO) jpg = await img.clone().jpeg({ quality: 65, mozjpeg: true }).toBuffer();
  if (jpg.length > MAX_PANO) throw new Error(`${room.key}: ${jpg.length} bytes > ${MAX_PANO}`);
  const thumb = await sharp(out, { raw: { width, height, channels: 3 } })
    .extract({ left: width / 4, top: height / 4, width: width / 2, height: height / 2 })
    .resize(480, 240)
    .jpeg({ quality: 72, mozjpeg: true })
    .toBuffer();
  const name = `${room.key}.${hash8(jpg)}.jpg`;
  const thumbName = `${room.key}-thumb.${hash8(thumb)}.jpg`;
  writeFileSync(path.join(OUT_VR, name), jpg);
  writeFileSync(path.join(OUT_VR, thumbName), thumb);
  return {
    key: room.key,
    name: room.name,
    bytes: jpg.length,
    url: `/media/vr/${name}`,
    thumb: `/media/vr/${thumbName}`,
    links: room.doors.map((d) => ({ to: d.to, label: d.label, ...doorDirection(d) })),
  };
}

async function main() {
  for (const dir of [OUT_VIDEO, OUT_VR]) {
    mkdirSync(dir, { recursive: true });
    for (const f of readdirSync(dir)) rmSync(path.join(dir, f));
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'portal-media-'));
  try {
    const clips = [];
    for (const c of CLIPS) {
      const clip = await makeClip(tmp, c);
      process.stdout.write(`${clip.url} ${clip.bytes} bytes\n`);
      clips.push(clip);
    }
    const rooms = [];
    for (const r of ROOMS) {
      const pano = await makePanorama(r);
      process.stdout.write(`${pano.url} ${pano.bytes} bytes\n`);
      rooms.push(pano);
    }
    const src = `/** Written by scripts/media.ts (do not edit): the project's clips and panoramas under public/media/. */
export const CLIPS = ${JSON.stringify(clips, null, 2)} as const;

export const PANORAMAS = ${JSON.stringify(rooms, null, 2)} as const;

/** The one mark burned into every clip (x, y, width, height in the 360x640 frame): a corner with no scene text. */
export const WATERMARK = ${JSON.stringify(WATERMARK)} as const;
`;
    writeFileSync(MANIFEST, src);
    execFileSync('npx', ['biome', 'format', '--write', MANIFEST], { cwd: ROOT, stdio: 'ignore' });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
