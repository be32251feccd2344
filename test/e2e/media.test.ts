import type { Page } from 'playwright-core';
import t from 'tap';
import { startE2E } from './browser.ts';

/**
 * Video and VR in Chromium at 375x812 (issue 19): a clip plays in the page's player; the feed plays the clip in view,
 * muted, and pauses it when swiped away; a panorama turns when dragged and its doors lead to other rooms. Headless
 * Debian Chromium has WebGL 2 through SwiftShader (ANGLE on Vulkan) even with --disable-gpu, so the default launch
 * arguments serve.
 */

interface Obj<T> {
  obj: T;
}

/**
 * Waits until an expression holds in the page. Polled with page.evaluate: the site's CSP forbids the string
 * evaluation that waitForFunction uses in the page.
 */
async function until(page: Page, expr: string, tries = 200): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await page.evaluate(expr)) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`never true: ${expr}`);
}

/** SwiftShader's performance notes about WebGL read-backs are not page errors. */
const realErrors = (errors: string[]) => errors.filter((e) => !/GPU stall|GL_[A-Z_]+/.test(e));

t.test('video and VR in the browser', async (t) => {
  const e2e = await startE2E();
  t.teardown(() => e2e.close());
  const gw = async <T>(p: string): Promise<T> => ((await (await fetch(e2e.backend.url + p)).json()) as Obj<T>).obj;
  const videos = (await gw<{ content: Array<{ videoId: number }> }>('/api/video/list?cityId=1&size=3')).content;
  const tours = (await gw<{ content: Array<{ vrId: number; houseType: number }> }>('/api/vr/list?cityId=1&size=20')).content;
  const tour = tours.find((v) => v.houseType !== 1) ?? tours[0];

  t.test('a clip plays in the clip page’s player', async (t) => {
    const { page, errors } = await e2e.newPage();
    await page.goto(`${e2e.base}/video/${videos[0].videoId}.html`, { waitUntil: 'networkidle' });
    const player = page.locator('[data-testid="video-player"]');
    t.ok(await player.isVisible(), 'the player is shown');
    // Muted autoplay starts once hydrated; the time advancing is the proof that the clip decodes and plays.
    await until(page, 'document.querySelector("[data-testid=video-player]").currentTime > 0.5');
    t.equal(await page.evaluate('document.querySelector("[data-testid=video-player]").muted'), true, 'autoplay is muted');
    t.equal(await page.evaluate('document.querySelector("[data-testid=video-player]").paused'), false);
    t.same(realErrors(errors), [], 'no console errors');
    await page.close();
  });

  t.test('nothing of the page sits over the clip: its title is below the player (issue 34)', async (t) => {
    const { page } = await e2e.newPage();
    await page.goto(`${e2e.base}/video/${videos[0].videoId}.html`, { waitUntil: 'networkidle' });
    const video = await page.locator('[data-testid="video-player"]').boundingBox();
    const title = await page.locator('.vd__title').boundingBox();
    if (!video || !title) throw new Error('no player or no title');
    t.ok(title.y >= video.y + video.height, `the title starts below the player (${title.y} >= ${video.y + video.height})`);
    // The corners (where a badge or the mark would go) and the middle of the frame show the video itself.
    const points = [
      [video.x + 6, video.y + 6],
      [video.x + video.width - 6, video.y + 6],
      [video.x + video.width / 2, video.y + video.height / 2],
      [video.x + 6, video.y + video.height * 0.8],
    ];
    for (const [x, y] of points) {
      const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.getAttribute('data-testid'), [x, y]);
      t.equal(hit, 'video-player', `the point ${Math.round(x)},${Math.round(y)} of the frame is the video`);
    }
    await page.close();
  });

  t.test('on an estate’s VR page the supervision bar hides neither the agent nor the header (issue 34)', async (t) => {
    const { page } = await e2e.newPage();
    const list = await (await fetch(`${e2e.base}/xinfang/vr`)).text();
    const id = list.match(/\/xinfang\/vr\/(\d+)\.html/)?.[1];
    if (!id) throw new Error('no estate with a VR tour');
    await page.goto(`${e2e.base}/xinfang/vr/${id}.html`, { waitUntil: 'networkidle' });
    const bar = page.locator('.svbar');
    const agent = page.locator('.xf-agent');
    const chat = page.locator('.xf-agent [data-testid="agent-chat"]');
    const vh = await page.evaluate(() => window.innerHeight);

    // The chat link fully inside the window but behind the bar: focusing it (a keyboard user tabbing to it) scrolls it
    // clear of the bar.
    const c0 = await chat.boundingBox();
    if (!c0) throw new Error('no chat link');
    await page.evaluate((dy) => window.scrollBy(0, dy), c0.y + c0.height - (vh - 4));
    await chat.focus();
    await page.waitForTimeout(100);
    const [c1, b1] = [await chat.boundingBox(), await bar.boundingBox()];
    if (!c1 || !b1) throw new Error('no chat link or no bar');
    t.ok(c1.y + c1.height <= b1.y, `the focused chat link is above the bar (${c1.y + c1.height} <= ${b1.y})`);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(100);
    const [a2, b2] = [await agent.boundingBox(), await bar.boundingBox()];
    if (!a2 || !b2) throw new Error('no agent card or no bar');
    t.ok(a2.y + a2.height <= b2.y || a2.y >= b2.y + b2.height, 'scrolled to the bottom, the agent card and the bar do not meet');

    // With the viewer ready and scrolled under the sticky header, the header stays on top of the viewer's navbar.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForSelector('[data-testid="pano"][data-state="ready"]', { timeout: 20_000 });
    const stage = await page.locator('.pano__stage').boundingBox();
    if (!stage) throw new Error('no viewer');
    const header = await page.locator('.hd').boundingBox();
    if (!header) throw new Error('no header');
    await page.evaluate((y) => window.scrollTo(0, y), stage.y + stage.height - header.height - 10);
    const onTop = await page.evaluate(
      ([x, y]) => Boolean(document.elementFromPoint(x, y)?.closest('.hd')),
      [header.x + 30, header.height / 2],
    );
    t.ok(onTop, 'the header’s logo is not under the viewer');
    await page.close();
  });

  t.test('the feed plays the clip in view, muted, and pauses it when it leaves', async (t) => {
    const { page, errors } = await e2e.newPage();
    await page.goto(`${e2e.base}/videoPage`, { waitUntil: 'networkidle' });
    const v = (i: number, prop: string) => page.evaluate(`document.querySelectorAll('video[data-feed-index]')[${i}].${prop}`);
    await until(page, "document.querySelectorAll('video[data-feed-index]')[0].currentTime > 0.3");
    t.equal(await v(0, 'muted'), true, 'the first clip plays muted');
    t.equal(await v(1, 'preload'), 'metadata', 'the next clip loads its metadata');
    t.equal(await v(2, 'preload'), 'none', 'the one after waits');
    t.equal(await v(1, 'paused'), true, 'the next clip does not play yet');

    // Swipe to the second clip: the feed snaps, the first pauses and the second plays.
    await page.evaluate("document.querySelector('.vfeed').scrollBy(0, document.querySelector('.vfeed').clientHeight)");
    await until(page, "document.querySelectorAll('video[data-feed-index]')[1].currentTime > 0.3");
    await until(page, "document.querySelectorAll('video[data-feed-index]')[0].paused");
    t.equal(await v(0, 'paused'), true, 'the clip scrolled away is paused');
    t.equal(await v(1, 'paused'), false, 'the clip in view plays');
    t.equal(await v(2, 'preload'), 'metadata', 'now the next one loads its metadata');
    t.same(realErrors(errors), [], 'no console errors');
    await page.close();
  });

  t.test('a panorama turns when dragged, and a room button moves to that room', async (t) => {
    const { page, errors } = await e2e.newPage();
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(r.url()));
    await page.goto(`${e2e.base}/vr?id=${tour.vrId}`, { waitUntil: 'networkidle' });
    await page.waitForSelector('[data-testid="pano"][data-state="ready"]', { timeout: 20_000 });
    t.ok(
      fetched.some((u) => /\/assets\/index\.module-.*\.js$/.test(u)),
      'the viewer’s chunks were fetched on this page',
    );
    t.ok(
      fetched.some((u) => /\/assets\/core-.*\.css$/.test(u)),
      'and its stylesheet',
    );
    const canvas = page.locator('.pano__viewer canvas');
    t.ok(await canvas.isVisible(), 'a WebGL canvas');
    // A first small move makes the viewer report a position.
    const box = await page.locator('.pano__viewer').boundingBox();
    if (!box) throw new Error('no viewer box');
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx - 10, cy, { steps: 2 });
    await page.mouse.up();
    await until(page, "document.querySelector('[data-testid=pano]').dataset.yaw !== undefined");
    const before = Number(await page.getAttribute('[data-testid="pano"]', 'data-yaw'));
    await page.mouse.move(cx + 100, cy);
    await page.mouse.down();
    await page.mouse.move(cx - 120, cy, { steps: 12 });
    await page.mouse.up();
    await until(page, `Math.abs(Number(document.querySelector('[data-testid=pano]').dataset.yaw) - ${before}) > 0.2`);
    const after = Number(await page.getAttribute('[data-testid="pano"]', 'data-yaw'));
    t.not(after.toFixed(2), before.toFixed(2), `the view turned (yaw ${before} → ${after})`);

    // Turn until a door's hotspot is in view, then tap it: the viewer moves to the room behind that door.
    const inView = async () => {
      for (const link of await page.locator('.psv-virtual-tour-link').all()) {
        const b = await link.boundingBox();
        if (b && b.x > box.x + 10 && b.x + b.width < box.x + box.width - 10 && b.y > box.y && b.y + b.height < box.y + box.height)
          return link;
      }
      return null;
    };
    let door = await inView();
    for (let i = 0; !door && i < 16; i++) {
      await page.mouse.move(cx - 60, cy);
      await page.mouse.down();
      await page.mouse.move(cx + 60, cy, { steps: 6 });
      await page.mouse.up();
      await page.waitForTimeout(300);
      door = await inView();
    }
    if (!door) throw new Error('no door hotspot came into view');
    const from = await page.getAttribute('[data-testid="pano"]', 'data-room');
    await door.click();
    await until(page, `document.querySelector('[data-testid=pano]').dataset.room !== ${JSON.stringify(from)}`);
    t.pass(`a door hotspot led from ${from} to ${await page.getAttribute('[data-testid="pano"]', 'data-room')}`);
    await until(page, "document.querySelector('[data-testid=pano]').dataset.state === 'ready'");

    const first = await page.getAttribute('[data-testid="pano"]', 'data-room');
    const other = page.locator(`.pano__room:not([data-room="${first}"])`).first();
    const target = await other.getAttribute('data-room');
    await other.click();
    await page.waitForSelector(`[data-testid="pano"][data-room="${target}"]`, { timeout: 15_000 });
    t.pass(`moved from ${first} to ${target}`);
    t.equal(page.url(), `${e2e.base}/vr?id=${tour.vrId}`, 'in the viewer, not to the flat picture');
    t.same(realErrors(errors), [], 'no console errors');
    await page.close();
  });

  t.test('the other pages do not fetch the viewer', async (t) => {
    const { page } = await e2e.newPage();
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(r.url()));
    await page.goto(`${e2e.base}/videoPage`, { waitUntil: 'networkidle' });
    await page.goto(`${e2e.base}/ershoufang/`, { waitUntil: 'networkidle' });
    t.notOk(
      fetched.some((u) => /index\.module-|pano-lib|core-.*\.css/.test(u)),
      'no viewer chunk',
    );
    await page.close();
  });
});
