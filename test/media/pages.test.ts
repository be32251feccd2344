import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { buildAppOverBackend, ROOT } from '../helpers/build.ts';

/**
 * Video and VR (issue 19) through fastify.inject over the embedded backend: every page renders the seeded clips and
 * tours, unknown and malformed ids are the 404 screen, heads come from the data (VideoObject JSON-LD), pages are
 * cached, and the VR and video badges of the list cards link to pages that exist.
 */

const ORIGIN = 'http://localhost:3000';
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]*)"/)?.[1] ?? '';
const jsonLd = (html: string): Array<Record<string, unknown>> =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((m) => {
    const v = JSON.parse(m[1]);
    return Array.isArray(v) ? v : [v];
  });
const text = (html: string) => html.replaceAll('<!-- -->', '').replaceAll('&amp;', '&');
const esc = (s: string) => s.replaceAll('&', '&amp;');

interface House {
  houseId: number;
  title?: string;
  name?: string;
}
interface Video {
  videoId: number;
  cityId: number;
  houseType: number;
  houseId: number;
  title: string;
  summary: string;
  url: string;
  poster: string;
  duration: number;
  viewNum: number;
  listing: House | null;
  estate: House | null;
  agent: { name: string } | null;
}
interface Tour {
  vrId: number;
  houseType: number;
  houseId: number;
  title: string;
  cover: string;
  roomNames: string[];
  scenes: Array<{ key: string; name: string; panorama: string; links: Array<{ to: string }> }>;
  listing: House | null;
  estate: House | null;
}

t.test('video and VR pages', async (t) => {
  const { app, backend } = await buildAppOverBackend(t);
  const gw = async <T>(p: string): Promise<T> => ((await (await fetch(backend.url + p)).json()) as { obj: T }).obj;
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

  const hot = (await gw<{ content: Video[]; totalElements: number }>('/api/video/list?cityId=1&size=50')).content;
  const listingVideo = hot.find((v) => v.houseType === 11 && v.listing) as Video;
  const estateVideo = hot.find((v) => v.houseType === 1 && v.estate) as Video;
  const tours = (await gw<{ content: Tour[] }>('/api/vr/list?cityId=1&size=50')).content;
  const listingTourItem = tours.find((v) => v.houseType !== 1) as Tour;
  const listingTour = await gw<Tour>(`/api/vr/find/${listingTourItem.vrId}`);
  const other = (await gw<{ content: Video[] }>('/api/video/list?cityId=2&size=1')).content[0];
  t.ok(listingVideo && estateVideo && listingTour, 'the seed has clips of listings and estates and tours of listings');

  t.test('every clip and panorama the data names is a committed file within its size limit', async (t) => {
    for (const v of hot) {
      for (const [url, max] of [
        [v.url, 300 * 1024],
        [v.poster, 200 * 1024],
      ] as const) {
        const file = path.join(ROOT, 'public', url);
        t.ok(existsSync(file) && statSync(file).size <= max, url);
      }
    }
    for (const s of listingTour.scenes) t.ok(statSync(path.join(ROOT, 'public', s.panorama)).size <= 400 * 1024, s.panorama);
    const res = await get(listingVideo.url);
    t.equal(res.statusCode, 200);
    t.equal(res.headers['content-type'], 'video/mp4');
    t.match(res.headers['cache-control'], /immutable/, 'hashed names are served immutable');
    const range = await get(listingVideo.url, { range: 'bytes=0-99' });
    t.equal(range.statusCode, 206, 'byte ranges for seeking');
  });

  t.test('/video/{id}.html: the player, the listing card, the agent, related clips, VideoObject JSON-LD', async (t) => {
    const res = await get(`/video/${listingVideo.videoId}.html`);
    t.equal(res.statusCode, 200);
    const html = text(res.body);
    t.match(
      html,
      new RegExp(`<video[^>]*src="${listingVideo.url}"[^>]*poster="${listingVideo.poster}"[^>]*controls=""[^>]*playsInline=""`, 'i'),
    );
    t.notMatch(res.body, /<video[^>]*autoplay/i, 'no autoplay attribute: muted autoplay starts from script when allowed');
    t.match(html, `<h1 class="vd__title">${listingVideo.title}</h1>`);
    t.match(html, listingVideo.summary);
    t.match(html, `href="/ershoufang/${listingVideo.houseId}.html"`, 'the listing card links to the listing');
    t.match(html, listingVideo.listing?.title ?? '');
    const detail = await gw<Video>(`/api/video/find/${listingVideo.videoId}`);
    if (detail.agent) {
      t.match(html, detail.agent.name, 'the agent');
      t.match(html, '在线咨询');
    }
    t.match(html, /class="vgrid__item"/, 'related clips');
    t.equal(canonicalOf(res.body), `${ORIGIN}/video/${listingVideo.videoId}.html`);
    t.match(titleOf(res.body), `${esc(listingVideo.title)}_长沙视频看房_湘房网`);
    const ld = jsonLd(res.body).find((l) => l['@type'] === 'VideoObject');
    t.ok(ld, 'a VideoObject');
    t.equal(ld?.name, listingVideo.title);
    t.equal(ld?.contentUrl, `${ORIGIN}${listingVideo.url}`);
    t.equal(ld?.duration, `PT${listingVideo.duration}S`);
    t.same(ld?.thumbnailUrl, [`${ORIGIN}${listingVideo.poster}`]);
    t.match(String(ld?.uploadDate), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
    t.notMatch(res.body, /undefined|NaN|>null</);

    const again = await get(`/video/${listingVideo.videoId}.html`);
    t.equal(again.headers['x-cache'], 'HIT', 'cached');

    const ofEstate = await get(`/video/${estateVideo.videoId}.html`);
    t.equal(ofEstate.statusCode, 200);
    t.match(text(ofEstate.body), `href="/xinfang/${estateVideo.houseId}.html"`, 'an estate clip shows the estate card');
  });

  t.test('a listing’s detail and photo pages link its clip (SPEC 3 gallery state videoUrl)', async (t) => {
    const detail = await get(`/ershoufang/${listingVideo.houseId}.html`);
    t.equal(detail.statusCode, 200);
    t.match(detail.body, `<a class="gal__video" href="/video/${listingVideo.videoId}.html">`);
    const photo = await get(`/photo?id=${listingVideo.houseId}&type=ershoufang`);
    t.match(photo.body, `href="/video/${listingVideo.videoId}.html"`);
  });

  t.test('unknown, malformed and other cities’ clips are the 404 screen', async (t) => {
    for (const url of ['/video/99999999.html', '/video/abc.html', '/video/0.html', `/video/${other.videoId}.html`]) {
      t.equal((await get(url)).statusCode, 404, url);
    }
  });

  t.test('/videoPage and /videoPage/videopush: the vertical feed with a card under each clip', async (t) => {
    const res = await get('/videoPage');
    t.equal(res.statusCode, 200);
    const html = text(res.body);
    const feed = (await gw<{ content: Video[]; totalPages: number }>('/api/video/list?cityId=1&size=8&sort=hot')).content;
    const slides = [...html.matchAll(/data-video-id="(\d+)"/g)].map((m) => Number(m[1]));
    t.same(
      slides,
      feed.map((v) => v.videoId),
      'most watched first',
    );
    const preloads = [...html.matchAll(/<video[^>]*preload="(\w+)"/g)].map((m) => m[1]);
    t.equal(preloads[0], 'metadata', 'the first clip loads its metadata');
    t.ok(
      preloads.slice(1).every((p) => p === 'none'),
      'the others wait',
    );
    t.match(html, /<video[^>]*muted=""/);
    t.match(html, 'href="/videoPage?page=2"', 'the next batch');
    t.equal(canonicalOf(res.body), `${ORIGIN}/videoPage`);
    t.match(titleOf(res.body), '长沙视频看房');
    t.equal((await get('/videoPage')).headers['x-cache'], 'HIT');

    const push = await get('/videoPage/videopush');
    t.equal(push.statusCode, 200);
    const newest = (await gw<{ content: Video[] }>('/api/video/list?cityId=1&size=8&sort=new')).content;
    t.match(text(push.body), `data-video-id="${newest[0].videoId}"`, 'newest first');
    t.equal(canonicalOf(push.body), `${ORIGIN}/videoPage/videopush`);
    const p2 = await get('/videoPage?page=2');
    t.equal(p2.statusCode, 200);
    t.equal(canonicalOf(p2.body), `${ORIGIN}/videoPage?page=2`);
    for (const url of ['/videoPage?page=abc', '/videoPage?page=9999']) t.equal((await get(url)).statusCode, 404, url);
  });

  t.test('/vr: the city’s tours, each opening its own tour page', async (t) => {
    const res = await get('/vr');
    t.equal(res.statusCode, 200);
    const html = text(res.body);
    const hrefs = [...html.matchAll(/href="([^"]+)" class="vr-list__item"/g)].map((m) => m[1]);
    t.ok(hrefs.length >= 5, `${hrefs.length} tours`);
    for (const href of hrefs.slice(0, 4)) t.equal((await get(href)).statusCode, 200, href);
    t.equal(canonicalOf(res.body), `${ORIGIN}/vr`);
    t.match(titleOf(res.body), '长沙VR看房');
    t.equal((await get('/vr')).headers['x-cache'], 'HIT');
  });

  t.test('/vr?id=: the tour, rendered useful without scripts (cover and rooms), with the listing and agent', async (t) => {
    const res = await get(`/vr?id=${listingTour.vrId}`);
    t.equal(res.statusCode, 200);
    const html = text(res.body);
    t.match(html, `<h1 class="vr-head__title">${listingTour.title}</h1>`);
    t.match(html, `src="${listingTour.scenes[0].panorama.replace(/\.[0-9a-f]+\.jpg$/, '')}`, 'the first room’s picture');
    for (const s of listingTour.scenes) t.match(html, `href="${s.panorama}"`, `room ${s.name}`);
    t.ok(
      listingTour.scenes.every((s) => s.links.every((l) => listingTour.scenes.some((o) => o.key === l.to))),
      'hotspots lead only to rooms of the tour',
    );
    t.ok(
      listingTour.scenes.some((s) => s.links.length),
      'rooms are linked',
    );
    t.match(html, `href="/${listingTour.houseType === 12 ? 'zufang' : 'ershoufang'}/${listingTour.houseId}.html"`);
    t.equal(canonicalOf(res.body), `${ORIGIN}/vr?id=${listingTour.vrId}`);
    t.notMatch(res.body, /photo-sphere|three\.module/, 'no viewer code in the HTML');
    for (const url of ['/vr?id=99999999', '/vr?id=abc', '/vr?id=0', '/vr?page=abc']) t.equal((await get(url)).statusCode, 404, url);
  });

  t.test('/xinfang/video/{id}.html and /xinfang/vr/{id}.html: the estate’s player and its panorama tour', async (t) => {
    const v = await get(`/xinfang/video/${estateVideo.houseId}.html`);
    t.equal(v.statusCode, 200);
    const own = (await gw<{ content: Video[] }>(`/api/video/list?cityId=1&houseType=1&houseId=${estateVideo.houseId}`)).content;
    t.match(text(v.body), new RegExp(`<video[^>]*src="${own[0].url}"[^>]*controls`), 'a real player, not a still');
    t.notMatch(v.body, 'xf-media__play', 'no still image with a ▶ overlay');
    t.same(
      jsonLd(v.body)
        .filter((l) => l['@type'] === 'VideoObject')
        .map((l) => l.contentUrl),
      own.map((o) => `${ORIGIN}${o.url}`),
      'each clip of the estate is a VideoObject',
    );
    const estateTour = tours.find((x) => x.houseType === 1) as Tour;
    const vr = await get(`/xinfang/vr/${estateTour.houseId}.html`);
    t.equal(vr.statusCode, 200);
    t.match(text(vr.body), 'data-testid="pano"');
    t.match(text(vr.body), /class="pano__room[^"]*"/);
    t.equal(canonicalOf(vr.body), `${ORIGIN}/xinfang/vr/${estateTour.houseId}.html`);
    const viaVr = await get(`/vr?id=${estateTour.vrId}`);
    t.equal(canonicalOf(viaVr.body), `${ORIGIN}/xinfang/vr/${estateTour.houseId}.html`, 'an estate’s tour is canonical on its VR page');
  });

  t.test('list cards: VR and video badges link to pages that exist', async (t) => {
    const badges = new Set<string>();
    for (const list of ['/ershoufang/', '/ershoufang/pg2/', '/zufang/', '/xinfang/', '/xinfang/pg2/']) {
      const html = text((await get(list)).body);
      for (const m of html.matchAll(/<a data-testid="media-badge" href="([^"]+)" class="mbadge mbadge--(vr|video)"/g)) badges.add(m[1]);
    }
    const kinds = [...badges].map((b) => b.replace(/\d+/g, 'N'));
    t.ok(kinds.includes('/vr?id=N'), 'listing VR');
    t.ok(kinds.includes('/xinfang/vr/N.html'), 'estate VR');
    t.ok(kinds.includes('/xinfang/video/N.html'), 'estate video');
    for (const href of [...badges].slice(0, 12)) t.equal((await get(href)).statusCode, 200, href);
  });
});
