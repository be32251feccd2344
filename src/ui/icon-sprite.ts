import type { IconName } from './icons.tsx';

const STROKE = 'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"';

/** The drawing of every icon: one symbol each in /icons.svg. Stroke icons use currentColor on a 24×24 box. */
const STROKE_SYMBOLS: Record<Exclude<IconName, 'brand' | 'avatar'>, string> = {
  menu: '<path d="M4 6.5h16M4 12h16M4 17.5h16" />',
  close: '<path d="M6 6l12 12M18 6 6 18" />',
  'chevron-down': '<path d="m7 10 5 5 5-5" />',
  'chevron-right': '<path d="m10 7 5 5-5 5" />',
  search: '<circle cx="11" cy="11" r="6.5" /> <path d="m16 16 4 4" />',
  phone:
    '<path d="M6.6 3.5h2.6l1.5 4-2 1.3a11 11 0 0 0 6.5 6.5l1.3-2 4 1.5v2.6a2 2 0 0 1-2.2 2A16.5 16.5 0 0 1 4.6 5.7a2 2 0 0 1 2-2.2Z" />',
  shield: '<path d="M12 3.2 5 6v5.5c0 4.3 3 7.8 7 9.3 4-1.5 7-5 7-9.3V6l-7-2.8Z" /> <path d="m9 12 2.2 2.2L15.5 10" />',
  user: '<circle cx="12" cy="8.5" r="3.8" /> <path d="M4.5 20c1.2-3.8 4-5.6 7.5-5.6s6.3 1.8 7.5 5.6" />',
  'new-home': '<path d="M4 21V8.5l6-3.5v16M10 21V3.5l8 4V21M2.5 21h19" /> <path d="M13 9.5h2M13 13h2M13 16.5h2M6.5 11.5h1M6.5 15h1" />',
  resale: '<path d="M3.5 11 12 4l8.5 7" /> <path d="M5.5 9.5V20h13V9.5" /> <path d="M10 20v-5.5h4V20" />',
  rent: '<circle cx="8" cy="12" r="4" /> <path d="M12 12h9M18 12v3M15.5 12v2.2" /> <circle cx="8" cy="12" r="1" />',
  globe:
    '<circle cx="12" cy="12" r="8.5" /> <path d="M3.5 12h17M12 3.5c2.4 2.4 3.6 5.2 3.6 8.5s-1.2 6.1-3.6 8.5c-2.4-2.4-3.6-5.2-3.6-8.5s1.2-6.1 3.6-8.5Z" />',
  shop: '<path d="M4 9.5 5.5 4h13L20 9.5" /> <path d="M4 9.5c0 1.5 1.2 2.5 2.7 2.5s2.6-1 2.6-2.5c0 1.5 1.2 2.5 2.7 2.5s2.7-1 2.7-2.5c0 1.5 1.1 2.5 2.6 2.5S20 11 20 9.5" /> <path d="M5.5 12v8.5h13V12M10 20.5v-5h4v5" />',
  school:
    '<path d="m2.5 9.5 9.5-5 9.5 5-9.5 5-9.5-5Z" /> <path d="M6.5 11.6v4.6c1.6 1.6 3.4 2.3 5.5 2.3s3.9-.8 5.5-2.3v-4.6M21.5 9.5v5" />',
  community:
    '<path d="M2.5 20.5h19M4 20.5v-8l4.5-3.5 4.5 3.5v8M13 20.5V9.5l3.5-3 3.5 3v11" /> <path d="M7.3 20.5v-3.5h2.4v3.5M15.5 12h2M15.5 15.5h2" />',
  price: '<path d="M3.5 20.5h17M4 16l5-5 3.5 3.5L19.5 7" /> <path d="M15 7h4.5v4.5" />',
  calculator:
    '<rect x="5" y="3" width="14" height="18" rx="2.5" /> <path d="M8.5 7h7M8.5 11.5h.01M12 11.5h.01M15.5 11.5h.01M8.5 15h.01M12 15h.01M15.5 15v2.5M8.5 18h.01M12 18h.01" />',
  news: '<path d="M5 4.5h11.5v15H6.5A2.5 2.5 0 0 1 4 17V5.5" /> <path d="M16.5 8.5H20V17a2.5 2.5 0 0 1-2.5 2.5h-1" /> <path d="M7.5 8.5h5.5M7.5 12h5.5M7.5 15.5h3.5" />',
  qa: '<path d="M4 5.5A2 2 0 0 1 6 3.5h12a2 2 0 0 1 2 2V15a2 2 0 0 1-2 2h-6.5L7 20.5V17H6a2 2 0 0 1-2-2V5.5Z" /> <path d="M10 8.5a2 2 0 1 1 2.8 1.8c-.5.3-.8.7-.8 1.2v.5M12 14.3h.01" />',
  store: '<path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11Z" /> <circle cx="12" cy="10" r="2.5" />',
  handshake: '<circle cx="9.5" cy="8" r="3.5" /> <path d="M3 20c.9-3.6 3.3-5.5 6.5-5.5 1.6 0 3 .5 4.1 1.4M18 13v7M14.5 16.5h7" />',
  entrust: '<path d="M7 3.5h7l4 4v13H7a1.5 1.5 0 0 1-1.5-1.5V5A1.5 1.5 0 0 1 7 3.5Z" /> <path d="M13.5 3.5V8h4.5M9 12.5h6M9 16h4" />',
  map: '<path d="M3.5 6.5 9 4l6 2.5L20.5 4v13.5L15 20l-6-2.5-5.5 2.5V6.5Z" /> <path d="M9 4v13.5M15 6.5V20" />',
  heart: '<path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.2a4.3 4.3 0 0 1 7.5 2.6C19.5 15.4 12 20 12 20Z" />',
  share:
    '<circle cx="17.5" cy="5.5" r="2.5" /> <circle cx="6.5" cy="12" r="2.5" /> <circle cx="17.5" cy="18.5" r="2.5" /> <path d="m8.7 10.8 6.6-4M8.7 13.2l6.6 4" />',
  flag: '<path d="M5.5 21V4M5.5 4.5h11l-2 4 2 4h-11" />',
  chat: '<path d="M4.5 18.5 5.7 15A7.5 7.5 0 1 1 9 18.3l-4.5.2Z" /> <path d="M9 11.5h.01M12.5 11.5h.01M16 11.5h.01" />',
  calendar: '<rect x="4" y="5.5" width="16" height="15" rx="2" /> <path d="M4 10h16M8.5 3.5v4M15.5 3.5v4M8.5 14h2M13.5 14h2M8.5 17h2" />',
};

const FILLED_SYMBOLS: Record<'brand' | 'avatar', { viewBox: string; body: string }> = {
  brand: {
    viewBox: '0 0 32 32',
    body: '<rect width="32" height="32" rx="8" fill="#00a862"/><path d="M6.5 15.5 16 7.5l9.5 8" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/><path d="M10 14.2V24h12v-9.8" fill="none" stroke="#fff" stroke-width="2.6" stroke-linejoin="round"/><rect x="14" y="17.5" width="4" height="6.5" rx="1" fill="#ffd15c"/>',
  },
  avatar: {
    viewBox: '0 0 48 48',
    body: '<circle cx="24" cy="24" r="24" fill="#e3f5ec"/><circle cx="24" cy="19" r="8" fill="#7fcfa8"/><path d="M9.5 40c2.6-7 8-10.5 14.5-10.5S35.9 33 38.5 40A23.9 23.9 0 0 1 24 48c-5.5 0-10.5-2.9-14.5-8Z" fill="#7fcfa8"/>',
  },
};

/** The sprite document served at /icons.svg. */
export function buildIconSprite(): string {
  const symbols = [
    ...Object.entries(STROKE_SYMBOLS).map(([id, body]) => `<symbol id="${id}" ${STROKE}>${body}</symbol>`),
    ...Object.entries(FILLED_SYMBOLS).map(([id, s]) => `<symbol id="${id}" viewBox="${s.viewBox}">${s.body}</symbol>`),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`;
}
