/**
 * Frame timing of the map screen in Chromium with the CPU throttled 4× (CDP Emulation.setCPUThrottlingRate), as a
 * mid-range phone (issue 14 part D). Not a timed test: it prints figures. After `npm run build` and with the portal
 * running: `npx tsx scripts/map-frames.ts http://localhost:3000 [/ditu]`. Phases: tapping a district and a shop area
 * (the map flies in to the clustered communities), panning over the communities, zooming out again by wheel.
 */
import { launchChromium } from './chromium.ts';

const base = process.argv[2] ?? 'http://localhost:3000';
const path = process.argv[3] ?? '/ditu';

const browser = await launchChromium({
  viewport: { width: 375, height: 812 },
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
});
try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const t0 = Date.now();
  await page.goto(base + path);
  await page.locator('.leaflet-container .mb--region').first().waitFor({ timeout: 60_000 });
  const firstMap = Date.now() - t0;
  // plain strings: functions handed to evaluate() would carry tsx's name helpers into the page
  const communities = (await page.evaluate(
    `fetch('/-/data${path}?level=xiaoqu').then((r) => r.json()).then((b) => b.route.data.bubbles.items.length)`,
  )) as number;
  await page.evaluate(
    'window.__frames = []; (function tick(t) { window.__frames.push(t); requestAnimationFrame(tick); })(performance.now());',
  );
  const box = await page.locator('.leaflet-container').boundingBox();
  if (!box) throw new Error('no map');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const mark = () => page.evaluate('window.__frames.length') as Promise<number>;
  const phases: Array<{ name: string; from: number; to: number }> = [];
  const phase = async (name: string, run: () => Promise<void>) => {
    const from = await mark();
    await run();
    phases.push({ name, from, to: await mark() });
  };
  // in as a visitor goes: tap a district (the map flies to its shop areas), then a shop area (to its communities)
  await phase('tap a district: fly to its shop areas', async () => {
    await page.locator('.mb--region:not(.mb--empty)').first().dispatchEvent('click');
    await page.locator('.mb--shopMap').first().waitFor();
    await page.waitForTimeout(1500);
  });
  await phase('tap a shop area: fly to its communities (clustered)', async () => {
    await page.locator('.mb--shopMap:not(.mb--empty)').first().dispatchEvent('click');
    await page.locator('.mb--xiaoqu, .mb--cluster').first().waitFor();
    await page.waitForTimeout(2000);
  });
  const markers = await page.locator('.mb--xiaoqu, .mb--cluster').count();
  const levels = `${await page.locator('.mb--region').count()} district, ${await page.locator('.mb--shopMap').count()} shop-area, ${await page.locator('.mb--xiaoqu').count()} community, ${await page.locator('.mb--cluster').count()} cluster bubbles`;
  await phase('pan over communities', async () => {
    for (let i = 0; i < 6; i++) {
      const dx = i % 2 ? 160 : -160;
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      for (let s = 1; s <= 10; s++) await page.mouse.move(cx + (dx * s) / 10, cy + (dx * s) / 20);
      await page.mouse.up();
      await page.waitForTimeout(400);
    }
    await page.waitForTimeout(800);
  });
  await phase('zoom out to districts', async () => {
    for (let i = 0; i < 8; i++) {
      await page.mouse.wheel(0, 120);
      await page.waitForTimeout(450);
    }
    await page.waitForTimeout(1000);
  });
  const frames = (await page.evaluate('window.__frames')) as number[];
  process.stdout.write(
    `map frames at CPU ×4, 375x812, ${base}${path}: first map with bubbles ${firstMap} ms; ${communities} communities at the third level, ${markers} community bubbles and clusters drawn after zooming in (${levels})\n`,
  );
  for (const p of phases) {
    const ts = frames.slice(p.from, p.to);
    const gaps = ts.slice(1).map((t, i) => t - (ts[i] as number));
    const sorted = [...gaps].sort((a, b) => a - b);
    const q = (f: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * f))] ?? 0;
    const secs = ((ts.at(-1) ?? 0) - (ts[0] ?? 0)) / 1000;
    process.stdout.write(
      `  ${p.name}: ${gaps.length} frames in ${secs.toFixed(1)} s = ${(gaps.length / secs).toFixed(1)} fps; frame median ${q(0.5).toFixed(1)} ms, p95 ${q(0.95).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms, ${gaps.filter((g) => g > 50).length} frames over 50 ms\n`,
    );
  }
} finally {
  await browser.close();
}
