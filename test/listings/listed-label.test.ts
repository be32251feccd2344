/**
 * Listing cards and details say when a listing was put up (今天上架, 昨天上架, N天前上架: issue 31, SPEC 9 time
 * labels), computed when the page renders from the one clock the portal and its gateway share. The portal runs 45 days
 * ahead of today, so the demo calendar has moved and the labels are the clock's, not the seed's.
 */
import t from 'tap';
import { sqlTime } from '../../src/backend/time.ts';
import { listedLabel, listedWhen } from '../../src/lib/time-label.ts';
import { buildAppOverBackend } from '../helpers/build.ts';
import { backendRows } from './helpers.ts';

const DAY = 86_400_000;
/** Beijing 23:59:30, 45 days from today: the next step crosses midnight. */
const beijingMidnightOf = (ms: number) => ms - ((ms + 8 * 3_600_000) % DAY);
let now = beijingMidnightOf(Date.now() + 45 * DAY) + DAY - 30_000;

// The list is not page-cached here, so each render is a new one: the cards' shared markup must follow the day.
const app = await buildAppOverBackend(t, {
  now: () => now,
  editRegistry: (r) => {
    for (const p of r.pages) if (p.name === 'ershoufang.list') p.cache = 'no-cache';
  },
});

const createdOf = (id: string) => backendRows(app.backend, 'SELECT created_at AS c FROM listing WHERE id = ?', Number(id))[0]?.c as string;

/** Every card of a list page: its listing id and the label it shows. */
async function cards(url: string): Promise<Array<{ id: string; label: string }>> {
  const res = await app.app.inject({ url, headers: { host: 'm.localhost' } });
  t.equal(res.statusCode, 200, url);
  return [...res.body.matchAll(/href="\/ershoufang\/(\d+)\.html"[^>]*>[\s\S]*?<span class="lcard__listed">([^<]*)<\/span>/g)].map((m) => ({
    id: m[1] as string,
    label: m[2] as string,
  }));
}

t.test('the newest listings: each card says when it was put up, as of the page’s clock', async (t) => {
  const list = await cards('/ershoufang/co1/');
  t.ok(list.length >= 10, `${list.length} cards with a label`);
  for (const { id, label } of list) t.equal(label, listedLabel(createdOf(id), now), `listing ${id}: ${label}`);
  const newest = list[0] as { id: string; label: string };
  t.match(newest.label, /^(今天|昨天|[2-7]天前)上架$/, 'the newest was put up in the last week of the moved calendar');
  t.ok(createdOf(newest.id) <= sqlTime(now), 'and not after now');
});

t.test('after midnight in Beijing the same cards count one day more', async (t) => {
  const before = new Map((await cards('/ershoufang/co1/')).map((c) => [c.id, c.label]));
  now += 60_000; // 00:00:30 the next day
  const after = await cards('/ershoufang/co1/');
  let changed = 0;
  for (const { id, label } of after) {
    t.equal(label, listedLabel(createdOf(id), now), `listing ${id}: ${label}`);
    if (before.has(id) && before.get(id) !== label) changed++;
  }
  t.ok(changed > 0, `${changed} labels moved on at midnight`);
});

t.test('a detail says 上架 with the same words', async (t) => {
  const [first] = await cards('/ershoufang/co1/');
  const id = first?.id as string;
  const res = await app.app.inject({ url: `/ershoufang/${id}.html`, headers: { host: 'm.localhost' } });
  t.equal(res.statusCode, 200);
  const when = listedWhen(createdOf(id), now);
  t.match(res.body, new RegExp(`上架</[a-z]+>\\s*<[a-z]+[^>]*>${when}<`), `the detail says 上架 ${when}`);
});
