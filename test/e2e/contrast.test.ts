import type { Page } from 'playwright-core';
import t from 'tap';
import { backendRows } from '../listings/helpers.ts';
import { startE2E } from './browser.ts';

/**
 * Issue 11 point 7: the text colours a phone user reads most reach WCAG AA, 4.5:1 against what is painted behind
 * them, as Chromium computes them: the grey meta text, the prices, the brand green with white on it, and the orange
 * booking and call buttons. Bringing back an old colour (#9299a3, white on #00a862, #f26b1d) fails here.
 */
const e2e = await startE2E();
t.teardown(() => e2e.close());

type Rgba = [number, number, number, number];
const parse = (css: string): Rgba => {
  const m = css.match(/rgba?\(([^)]+)\)/);
  if (!m) throw new Error(`not an rgb colour: ${css}`);
  const [r, g, b, a = '1'] = m[1].split(/[\s,/]+/).filter(Boolean);
  return [Number(r), Number(g), Number(b), Number(a)];
};
const over = ([r, g, b, a]: Rgba, [R, G, B]: Rgba): Rgba => [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a), 1];
const luminance = ([r, g, b]: Rgba) => {
  const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};
const ratio = (a: Rgba, b: Rgba) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

/** The text colour of the first match and the background it sits on (its own and its ancestors', down to an opaque one). */
async function contrastOf(page: Page, selector: string) {
  const el = page.locator(selector).first();
  await el.waitFor({ state: 'attached' });
  const s = await el.evaluate((node) => {
    const layers: Array<{ color: string; image: string }> = [];
    for (let e: Element | null = node; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      layers.push({ color: cs.backgroundColor, image: cs.backgroundImage });
    }
    return { color: getComputedStyle(node).color, layers, text: node.textContent?.trim() ?? '' };
  });
  // Layers from the text outwards down to the first opaque one: what shows behind the text.
  const opaque = s.layers.findIndex((l) => parse(l.color)[3] === 1);
  const behind = opaque < 0 ? s.layers : s.layers.slice(0, opaque + 1);
  const images = behind.map((l) => l.image).filter((i) => i !== 'none');
  const bg = behind.reverse().reduce<Rgba>((under, layer) => over(parse(layer.color), under), [255, 255, 255, 1]);
  return { ratio: ratio(over(parse(s.color), bg), bg), text: s.text, color: s.color, images };
}

const detailId = Number(backendRows(e2e.backend, 'SELECT id FROM listing WHERE city_id = 1 AND house_type = 11 ORDER BY id LIMIT 1')[0].id);
const samples: Array<[string, string, string]> = [
  ['/', '.svc__text', 'grey service caption (11px)'],
  ['/', '.sbar__btn', 'white on the brand green search button'],
  ['/ershoufang/', '.lcard__unit', 'grey unit price on a card (12px)'],
  ['/ershoufang/', '.lcard .price', 'price'],
  ['/ershoufang/', '.lcard .tag', 'green tag on its soft background (11px)'],
  ['/ershoufang/', '.hd__quick-link.is-active', 'the current channel in the header'],
  [`/ershoufang/${detailId}.html`, '.dt-facts__item dt', 'grey fact label'],
  [`/ershoufang/${detailId}.html`, '.dt-report span', 'grey view count on the page background'],
  [`/ershoufang/${detailId}.html`, '.abar__btn--chat', 'white on the brand green 在线咨询 button'],
  [`/ershoufang/${detailId}.html`, '.abar__btn--book', 'the orange 预约看房 button'],
  [`/ershoufang/${detailId}.html`, '.abar__btn--tel', 'white on the orange 电话咨询 button'],
  [`/ershoufang/${detailId}.html`, '.ft__phone-label', 'grey footer label (11px)'],
];

for (const [path, selector, what] of samples) {
  t.test(`${what}: ${selector} on ${path}`, async (t) => {
    const { page } = await e2e.newPage();
    await page.goto(`${e2e.base}${path}`, { waitUntil: 'domcontentloaded' });
    const c = await contrastOf(page, selector);
    t.same(c.images, [], 'a plain background, so the ratio is exact');
    t.ok(c.ratio >= 4.5, `“${c.text.slice(0, 12)}” in ${c.color}: ${c.ratio.toFixed(2)}:1 ≥ 4.5:1`);
    await page.close();
  });
}
