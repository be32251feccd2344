import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Locally generated placeholder pictures (SVG), so no image comes from outside. The data refers to them by
 * site-relative URLs `/img/{kind}/{n}.svg`, which the portal serves from public/img (written by `npm run seed`,
 * and committed); the backend also answers the same paths itself.
 */
export const IMAGE_SETS = {
  house: 24,
  huxing: 12,
  avatar: 24,
  article: 16,
  loupan: 20,
  school: 8,
  store: 8,
  overseas: 12,
  banner: 6,
  license: 4,
  filing: 4,
} as const;

export type ImageKind = keyof typeof IMAGE_SETS;

export function imageUrl(kind: ImageKind, n: number): string {
  const count = IMAGE_SETS[kind];
  return `/img/${kind}/${((((n - 1) % count) + count) % count) + 1}.svg`;
}

const PALETTES = [
  ['#f3efe6', '#d9c7a6', '#8a6d46'],
  ['#e8f1f8', '#a9c8e0', '#3d6f96'],
  ['#eef5ec', '#b5d3a8', '#4f7d40'],
  ['#f8ece8', '#e3b3a3', '#9c4d36'],
  ['#f1eef8', '#c3b5e3', '#5d4b8f'],
  ['#fbf5e3', '#ecd18b', '#9a7a1e'],
];

function frame(w: number, h: number, n: number, body: string, label: string): string {
  const [bg, mid, ink] = PALETTES[n % PALETTES.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<g fill="${ink}" stroke="${ink}">${body}</g>
<text x="${w - 12}" y="${h - 12}" font-family="sans-serif" font-size="14" fill="${ink}" fill-opacity="0.55" text-anchor="end">${label}</text>
</svg>
`;
}

function building(n: number): string {
  let out = '';
  const count = 3 + (n % 4);
  for (let i = 0; i < count; i++) {
    const x = 30 + i * (560 / count);
    const bh = 120 + ((n * 37 + i * 53) % 180);
    const bw = 560 / count - 24;
    out += `<rect x="${x}" y="${400 - bh}" width="${bw}" height="${bh}" fill-opacity="0.35" stroke-width="0"/>`;
    for (let r = 0; r < Math.floor(bh / 28); r++) {
      for (let c = 0; c < Math.floor(bw / 24); c++) {
        out += `<rect x="${x + 8 + c * 24}" y="${400 - bh + 10 + r * 28}" width="12" height="14" fill-opacity="0.5" stroke-width="0"/>`;
      }
    }
  }
  return `${out}<rect x="0" y="400" width="640" height="80" fill-opacity="0.2" stroke-width="0"/>`;
}

function floorPlan(n: number): string {
  const rooms = 2 + (n % 3);
  let out = '<rect x="80" y="60" width="480" height="360" fill="none" stroke-width="6"/>';
  for (let i = 1; i < rooms; i++)
    out += `<line x1="${80 + (480 / rooms) * i}" y1="60" x2="${80 + (480 / rooms) * i}" y2="${260 + (i % 2) * 60}" stroke-width="4"/>`;
  out += '<line x1="80" y1="260" x2="380" y2="260" stroke-width="4"/>';
  return `${out}<text x="320" y="360" font-size="28" text-anchor="middle" stroke-width="0">${rooms}室${1 + (n % 2)}厅</text>`;
}

function avatar(): string {
  return '<circle cx="240" cy="190" r="90" fill-opacity="0.6" stroke-width="0"/><rect x="110" y="300" width="260" height="180" rx="120" fill-opacity="0.6" stroke-width="0"/>';
}

function school(): string {
  return '<polygon points="320,80 560,200 80,200" fill-opacity="0.5" stroke-width="0"/><rect x="120" y="200" width="400" height="200" fill-opacity="0.35" stroke-width="0"/><rect x="290" y="300" width="60" height="100" fill-opacity="0.7" stroke-width="0"/><line x1="320" y1="30" x2="320" y2="80" stroke-width="4"/><rect x="320" y="30" width="50" height="28" fill="#d22" stroke-width="0"/>';
}

function article(n: number): string {
  let out = '';
  for (let i = 0; i < 8; i++) {
    const h = 40 + ((n * 29 + i * 71) % 260);
    out += `<rect x="${60 + i * 66}" y="${400 - h}" width="40" height="${h}" fill-opacity="0.45" stroke-width="0"/>`;
  }
  return `${out}<polyline points="80,300 146,260 212,280 278,200 344,220 410,150 476,170 542,110" fill="none" stroke-width="5"/>`;
}

function banner(n: number): string {
  return `${building(n)}<text x="320" y="120" font-size="44" font-weight="bold" text-anchor="middle" stroke-width="0">安心找好房</text>`;
}

/** A certificate (营业执照 or 经纪机构备案证明, issue 17 part B): a bordered sheet, a seal and ruled lines, no real data. */
function certificate(n: number, title: string, seal: string): string {
  let rows = '';
  for (let i = 0; i < 6; i++) {
    const y = 200 + i * 34;
    rows += `<rect x="90" y="${y}" width="90" height="12" fill-opacity="0.35" stroke-width="0"/>`;
    rows += `<rect x="200" y="${y}" width="${200 + ((n * 41 + i * 67) % 150)}" height="12" fill-opacity="0.18" stroke-width="0"/>`;
  }
  return `<rect x="40" y="30" width="560" height="420" fill="#fffdf6" stroke-width="6"/>
<rect x="56" y="46" width="528" height="388" fill="none" stroke-width="1.5"/>
<text x="320" y="120" font-size="44" font-weight="bold" text-anchor="middle" stroke-width="0" letter-spacing="8">${title}</text>
<text x="320" y="160" font-size="16" text-anchor="middle" stroke-width="0" fill-opacity="0.7">（副本）</text>
${rows}
<circle cx="470" cy="380" r="46" fill="none" stroke="#c0392b" stroke-width="4"/>
<text x="470" y="386" font-size="15" text-anchor="middle" stroke-width="0" fill="#c0392b">${seal}</text>`;
}

export function renderImage(kind: ImageKind, n: number): string {
  const label = `${kind} ${n}`;
  switch (kind) {
    case 'huxing':
      return frame(640, 480, n, floorPlan(n), label);
    case 'avatar':
      return frame(480, 480, n, avatar(), '');
    case 'school':
      return frame(640, 480, n, school(), label);
    case 'article':
      return frame(640, 480, n, article(n), label);
    case 'banner':
      return frame(750, 360, n, banner(n), '');
    case 'license':
      return frame(640, 480, n, certificate(n, '营业执照', '登记机关'), '');
    case 'filing':
      return frame(640, 480, n, certificate(n, '备案证明', '住建部门'), '');
    default:
      return frame(640, 480, n, building(n), label);
  }
}

/** Writes every image under `${publicDir}/img`; skips files whose content is already right. Returns the count written. */
export function writeImages(publicDir: string): number {
  let written = 0;
  for (const [kind, count] of Object.entries(IMAGE_SETS) as Array<[ImageKind, number]>) {
    const dir = path.join(publicDir, 'img', kind);
    mkdirSync(dir, { recursive: true });
    for (let n = 1; n <= count; n++) {
      const file = path.join(dir, `${n}.svg`);
      const svg = renderImage(kind, n);
      if (existsSync(file) && readFileSync(file, 'utf8') === svg) continue;
      writeFileSync(file, svg);
      written++;
    }
  }
  return written;
}
