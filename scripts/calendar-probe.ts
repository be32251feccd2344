/**
 * `npx tsx scripts/calendar-probe.ts [dataDir]`: what a visitor of the demo sees today (issue 31), read from the
 * embedded gateway on the machine's clock. Run it under libfaketime to see the demo at a later date:
 *   FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f '+120d' npx tsx scripts/calendar-probe.ts
 * Without a dataDir it seeds a fresh database (scale SEED_SCALE, default 0.05); with one it starts on that database,
 * as a portal started on an older data dir would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildBackend } from '../src/backend/app.ts';
import { ACTIVITY_KINDS } from '../src/lib/activity.ts';

const given = process.argv[2];
const dataDir = given ?? mkdtempSync(path.join(os.tmpdir(), 'calendar-probe-'));
const app = await buildBackend({ dataDir, scale: Number(process.env.SEED_SCALE ?? 0.05) });
const get = async (url: string) => (await app.inject({ url })).json().obj;
const pad = (n: number) => String(n).padStart(2, '0');
const beijing = new Date(Date.now() + 8 * 3_600_000);
const today = `${beijing.getUTCFullYear()}-${pad(beijing.getUTCMonth() + 1)}-${pad(beijing.getUTCDate())}`;
const lastMonthDate = new Date(Date.UTC(beijing.getUTCFullYear(), beijing.getUTCMonth() - 1, 1));
const lastMonth = `${lastMonthDate.getUTCFullYear()}-${pad(lastMonthDate.getUTCMonth() + 1)}`;

const running = (await get('/api/activity/list/1?state=running&size=1')).totalElements as number;
let templates = 0;
for (const kind of ACTIVITY_KINDS) if ((await get(`/api/activity/current/1/${kind}`))?.id) templates++;
const nowText = `${today} ${pad(beijing.getUTCHours())}:${pad(beijing.getUTCMinutes())}:00`;
const sessions = ((await get('/api/grouproom/sessions/1')) as Array<{ startsAt: string }>).filter((s) => s.startsAt > nowText).length;
const coupon = ((await get('/web/coupon/member/13800138000')) as Array<{ couponNo: string; status: string; expiresAt: string }>).find(
  (c) => c.couponNo === 'XH2026001',
);
await app.close();
const { default: Database } = await import('../src/backend/sqlite-driver.ts');
const db = new Database(path.join(dataDir, 'portal.db'), { readonly: true });
const one = (sql: string) => db.prepare(sql).pluck().get() as string;
const newestListing = one('SELECT MAX(created_at) FROM listing WHERE house_type = 11');
const lastPrice = one('SELECT MAX(month) FROM area_price');
const newestNews = one('SELECT MAX(created_at) FROM info_doc');
db.close();
const daysAgo = (t: string) =>
  Math.round((Date.parse(`${today}T00:00:00+08:00`) - Date.parse(`${t.slice(0, 10)}T00:00:00+08:00`)) / 86_400_000);
process.stdout.write(
  `${JSON.stringify({
    today,
    runningActivities: running,
    templatesWithCurrent: `${templates}/${ACTIVITY_KINDS.length}`,
    upcomingSessions: sessions,
    demoCoupon: coupon ? `${coupon.status} until ${coupon.expiresAt.slice(0, 10)}` : 'none',
    newestListingDaysAgo: daysAgo(newestListing),
    newestNewsDaysAgo: daysAgo(newestNews),
    priceSeriesEnds: `${lastPrice} (last month ${lastMonth})`,
  })}\n`,
);
if (!given) rmSync(dataDir, { recursive: true, force: true });
