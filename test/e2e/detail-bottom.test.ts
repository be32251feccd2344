import t from 'tap';
import { backendRows } from '../listings/helpers.ts';
import { startE2E } from './browser.ts';

/**
 * Issue 11 point 7: at the end of a detail page on a 375x812 phone, the fixed bottom bars (the action bar, and on new
 * homes the supervision phone under it) must not hide the footer's last line, and the page must not leave a blank band
 * between the detail's last content and the footer.
 */
const e2e = await startE2E();
t.teardown(() => e2e.close());

/** The site-wide space between a page's content and its footer (`.ft` margin-top), plus a few pixels of slack. */
const MAX_GAP = 24 + 4;

const firstId = (sql: string) => Number(backendRows(e2e.backend, sql)[0].id);
const details = [
  ['second-hand', `/ershoufang/${firstId('SELECT id FROM listing WHERE city_id = 1 AND house_type = 11 ORDER BY id LIMIT 1')}.html`],
  ['rental', `/zufang/${firstId('SELECT id FROM listing WHERE city_id = 1 AND house_type = 12 ORDER BY id LIMIT 1')}.html`],
  ['new home', `/xinfang/${firstId('SELECT id FROM loupan WHERE city_id = 1 ORDER BY id LIMIT 1')}.html`],
  ['shop for sale', `/shangpucs/${firstId('SELECT id FROM listing WHERE city_id = 1 AND house_type = 13 ORDER BY id LIMIT 1')}.html`],
  ['office to let', `/xieziloucz/${firstId('SELECT id FROM listing WHERE city_id = 1 AND house_type = 16 ORDER BY id LIMIT 1')}.html`],
  ['overseas', `/haiwaidetails/${firstId('SELECT id FROM overseas ORDER BY id LIMIT 1')}`],
] as const;

/**
 * Runs in the page, as source text (tsx would wrap named inner functions in a helper the page does not have).
 * Bottom edges count what paints inside a root: text, replaced elements, and boxes with a background or a border.
 */
const MEASURE = `(() => {
      const paintedBottoms = (root, skip) => {
        const out = [];
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
        for (let n = walker.currentNode; n; n = walker.nextNode()) {
          if (n.nodeType === Node.TEXT_NODE) {
            if (!n.textContent?.trim() || !n.parentElement || skip(n.parentElement)) continue;
            const range = document.createRange();
            range.selectNodeContents(n);
            for (const r of range.getClientRects()) if (r.height > 0) out.push(r.bottom);
            continue;
          }
          const e = n;
          if (e === root || skip(e)) continue;
          const r = e.getBoundingClientRect();
          if (r.height === 0 || r.width === 0) continue;
          const s = getComputedStyle(e);
          if (s.visibility === 'hidden' || s.display === 'contents') continue;
          const replaced = /^(IMG|SVG|VIDEO|CANVAS|IFRAME|INPUT|BUTTON|SELECT|TEXTAREA)$/i.test(e.tagName);
          const boxed =
            s.backgroundColor !== 'rgba(0, 0, 0, 0)' || s.backgroundImage !== 'none' || parseFloat(s.borderBottomWidth) > 0;
          if (replaced || boxed) out.push(r.bottom);
        }
        return out;
      };
      const fixedBar = (e) => Boolean(e.closest('.abar, .svbar'));
      const footer = document.querySelector("footer.ft");
      const main = document.querySelector("main");
      const bars = [...document.querySelectorAll('.abar, .svbar')].map((b) => b.getBoundingClientRect());
      return {
        footerTop: footer.getBoundingClientRect().top,
        footerLastLine: Math.max(...paintedBottoms(footer, () => false).filter((b) => b <= footer.getBoundingClientRect().bottom)),
        contentBottom: Math.max(...paintedBottoms(main, fixedBar)),
        barTop: Math.min(...bars.map((r) => r.top)),
        barCount: bars.length,
        viewport: window.innerHeight,
      };
})()`;

interface Measure {
  footerTop: number;
  footerLastLine: number;
  contentBottom: number;
  barTop: number;
  barCount: number;
  viewport: number;
}

for (const [kind, path] of details) {
  t.test(`the end of a ${kind} detail page (${path})`, async (t) => {
    const { page } = await e2e.newPage();
    await page.goto(`${e2e.base}${path}`, { waitUntil: 'networkidle' });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1);
    const m = (await page.evaluate(MEASURE)) as Measure;
    t.ok(m.barCount > 0, 'the page has its fixed bottom bar');
    t.ok(m.barTop < m.viewport, 'the bar is on screen');
    t.ok(
      m.footerLastLine <= m.barTop,
      `the footer's last line (bottom ${m.footerLastLine.toFixed(1)}) is entirely above the bar (top ${m.barTop.toFixed(1)})`,
    );
    const gap = m.footerTop - m.contentBottom;
    t.ok(gap >= 0 && gap <= MAX_GAP, `no blank band above the footer: ${gap.toFixed(1)}px between the content and the footer`);
    await page.close();
  });
}
