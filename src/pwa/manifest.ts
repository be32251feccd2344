import type { CityInfo } from '../contracts/session.ts';
import type { SiteSettings } from '../registry/types.ts';

/**
 * Issue 37 part 5: the web app manifest of a city's site (W3C Web App Manifest), served at /manifest.webmanifest on
 * every city host (plugins/pwa.ts) and linked from every page's head (src/render/document.ts). Each city host is an
 * app of its own: its name carries the city, and its id, start_url and scope are `/`, which the browser resolves
 * against the manifest's URL: the root of the host that served it, the city's. They are relative on purpose: a
 * manifest's start_url, id and scope must be on its own origin, and absolute ones built from the registry's hosts were
 * ignored with a warning wherever the site is reached on another origin (another port, a staging host, an address).
 */

/** The brand's green (public/favicon.svg): the pages' theme-color meta and the installed app's title bar. */
export const BRAND_COLOR = '#00a862';
/** What an installed app shows while the first page loads: the pages' own background. */
export const BACKGROUND_COLOR = '#ffffff';
export const MANIFEST_PATH = '/manifest.webmanifest';
export const MANIFEST_TYPE = 'application/manifest+json; charset=utf-8';

/** The icons scripts/pwa-icons.ts draws from public/favicon.svg (committed under public/pwa/). */
export const MANIFEST_ICONS = [
  { src: '/pwa/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/pwa/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/pwa/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  orientation: 'portrait';
  theme_color: string;
  background_color: string;
  icons: ReadonlyArray<{ src: string; sizes: string; type: string; purpose: string }>;
}

/** The root of the host that serves the manifest: the city's site (relative: see above). */
const ROOT = '/';

export function webAppManifest(site: SiteSettings, city: Pick<CityInfo, 'name'>): WebAppManifest {
  const root = ROOT;
  const cityName = city.name || site.defaultCityName;
  return {
    id: root,
    name: `${site.brand}·${cityName}`,
    // A launcher shows about 12 characters under an icon: the brand and the city's first character or two.
    short_name: `${site.brand}${cityName.slice(0, 2)}`,
    description: `${cityName}新房、二手房、租房，看房买房上${site.brand}`,
    lang: 'zh-CN',
    dir: 'ltr',
    start_url: root,
    scope: root,
    display: 'standalone',
    orientation: 'portrait',
    theme_color: BRAND_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: MANIFEST_ICONS,
  };
}
