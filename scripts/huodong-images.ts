/**
 * Writes the banner pictures of the ten /huodong activity templates (issue 19) into public/img/huodong: two variants
 * of each kind, drawn as SVG here (no picture from outside). The activity's own name is set over them in HTML.
 * Usage: npx tsx scripts/huodong-images.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ACTIVITY_KINDS, type ActivityKind } from '../src/lib/activity.ts';

const W = 750;
const H = 360;

/** Colours and the motif of each kind: [from, to, ink, accent, label]. */
const LOOK: Record<ActivityKind, [string, string, string, string, string]> = {
  xinfang: ['#e8453c', '#f28a3c', '#fff', '#ffd86b', '新房购房节'],
  ershoufang: ['#1f7a5a', '#3fb68b', '#fff', '#d8f5e6', '二手好房节'],
  zufang: ['#2f6fd6', '#58a6f0', '#fff', '#dbeaff', '安心租房季'],
  tejiafang: ['#b3121f', '#e0322f', '#fff', '#ffe08a', '特价房专场'],
  yellow: ['#ffd400', '#ffb800', '#222', '#e60012', '限时秒杀'],
  youhuihuodong: ['#ff5a3c', '#ff8a50', '#fff', '#fff1c1', '领券购房'],
  muban1: ['#0e5a8a', '#2a9fd6', '#fff', '#ffe27a', '周末看房团'],
  muban2: ['#7a1fa2', '#c2185b', '#fff', '#ffd54f', '认购抽大奖'],
  muban3: ['#1d2b44', '#3d5a80', '#f5d68a', '#f5d68a', '品牌房企专场'],
  muban4: ['#00695c', '#26a69a', '#fff', '#ffeb99', '新盘开盘季'],
};

function skyline(ink: string, seed: number, opacity: number): string {
  let out = '';
  for (let i = 0; i < 9; i++) {
    const bw = 58 + ((seed * 13 + i * 29) % 30);
    const bh = 90 + ((seed * 37 + i * 53) % 150);
    const x = i * 86 - 10;
    out += `<rect x="${x}" y="${H - bh}" width="${bw}" height="${bh}" fill="${ink}" fill-opacity="${opacity}"/>`;
    for (let r = 0; r < Math.floor((bh - 20) / 22); r++)
      out += `<rect x="${x + 10}" y="${H - bh + 12 + r * 22}" width="${bw - 20}" height="8" fill="${ink}" fill-opacity="${opacity * 0.9}"/>`;
  }
  return out;
}

function motif(kind: ActivityKind, accent: string, ink: string): string {
  switch (kind) {
    case 'yellow':
      return `<polygon points="520,30 600,160 560,160 610,300 470,130 520,130 470,30" fill="${accent}"/><circle cx="680" cy="250" r="40" fill="none" stroke="${ink}" stroke-width="6"/><path d="M680 222 v30 l18 12" stroke="${ink}" stroke-width="6" fill="none"/>`;
    case 'tejiafang':
      return `<g transform="rotate(-12 600 110)"><rect x="520" y="60" width="170" height="96" rx="12" fill="${accent}"/><text x="605" y="125" font-size="46" font-weight="bold" text-anchor="middle" fill="#b3121f" font-family="sans-serif">特价</text></g>`;
    case 'youhuihuodong':
      return `<g><rect x="470" y="70" width="230" height="110" rx="14" fill="${accent}"/><circle cx="470" cy="125" r="18" fill="#ff6a44"/><circle cx="700" cy="125" r="18" fill="#ff7a4a"/><line x1="560" y1="80" x2="560" y2="170" stroke="#ff5a3c" stroke-dasharray="6 6" stroke-width="3"/><text x="515" y="140" font-size="40" font-weight="bold" text-anchor="middle" fill="#ff5a3c" font-family="sans-serif">¥</text><text x="630" y="140" font-size="32" font-weight="bold" text-anchor="middle" fill="#ff5a3c" font-family="sans-serif">优惠券</text></g>`;
    case 'muban1':
      return `<g fill="${accent}"><rect x="470" y="100" width="230" height="90" rx="20"/><rect x="490" y="115" width="44" height="34" fill="#0e5a8a"/><rect x="545" y="115" width="44" height="34" fill="#0e5a8a"/><rect x="600" y="115" width="44" height="34" fill="#0e5a8a"/><circle cx="515" cy="195" r="18" fill="#222"/><circle cx="655" cy="195" r="18" fill="#222"/></g>`;
    case 'muban2':
      return `<g><rect x="520" y="90" width="150" height="120" fill="${accent}"/><rect x="505" y="70" width="180" height="34" fill="#ffca28"/><rect x="585" y="70" width="22" height="140" fill="#c2185b"/><path d="M596 70 q-50 -50 -70 -10 q30 15 70 10 q40 5 70 -10 q-20 -40 -70 10" fill="#ffca28"/></g>`;
    case 'muban3':
      return `<g fill="none" stroke="${accent}" stroke-width="4"><polygon points="600,40 700,100 700,220 600,280 500,220 500,100"/><polygon points="600,80 665,118 665,200 600,238 535,200 535,118"/></g>`;
    case 'muban4':
      return `<g stroke="${accent}" stroke-width="5" fill="none"><line x1="470" y1="150" x2="720" y2="150"/><circle cx="500" cy="150" r="14" fill="${accent}"/><circle cx="595" cy="150" r="14" fill="${accent}"/><circle cx="690" cy="150" r="14" fill="${accent}"/></g>`;
    case 'zufang':
      return `<g fill="${accent}"><path d="M520 200 l80 -70 l80 70 v80 h-160z"/><rect x="585" y="220" width="30" height="60" fill="#2f6fd6"/><circle cx="660" cy="80" r="16" fill="none" stroke="${accent}" stroke-width="6"/><rect x="672" y="76" width="50" height="8"/></g>`;
    case 'ershoufang':
      return `<g fill="${accent}"><path d="M520 210 l80 -80 l80 80 v70 h-160z"/><rect x="560" y="220" width="28" height="28" fill="#1f7a5a"/><rect x="612" y="220" width="28" height="28" fill="#1f7a5a"/><path d="M650 70 l18 18 l34 -34" stroke="${accent}" stroke-width="8" fill="none"/></g>`;
    default:
      return `<g fill="${accent}"><circle cx="640" cy="90" r="50" fill-opacity="0.9"/><path d="M470 240 q60 -80 120 0 t120 0" fill="none" stroke="${accent}" stroke-width="6"/></g>`;
  }
}

export function renderActivityBanner(kind: ActivityKind, variant: number): string {
  const [from, to, ink, accent, label] = LOOK[kind];
  const angle = variant === 1 ? '0" y2="1' : '1" y2="1';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="g" x1="0" y1="0" x2="${angle}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#g)"/>
${skyline(ink, variant * 7 + kind.length, 0.12)}
${motif(kind, accent, ink)}
<text x="40" y="70" font-family="'Noto Sans CJK SC','PingFang SC',sans-serif" font-size="30" font-weight="bold" fill="${ink}" fill-opacity="0.85" letter-spacing="4">${label}</text>
</svg>
`;
}

const dir = path.resolve(import.meta.dirname, '../public/img/huodong');
mkdirSync(dir, { recursive: true });
for (const kind of ACTIVITY_KINDS) for (const v of [1, 2]) writeFileSync(path.join(dir, `${kind}-${v}.svg`), renderActivityBanner(kind, v));
