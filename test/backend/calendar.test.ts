/**
 * The demo never ages (issue 31, SPEC 9 time rules): the gateway lays its demo calendar out from its clock when it seeds,
 * and moves an aged database's calendar forward when it starts, leaving members' own records as they were. Each case
 * runs the gateway on an injected clock; `.ci/run` also runs this file under libfaketime at +400 days.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import t, { type Test } from 'tap';
import { buildBackend } from '../../src/backend/app.ts';
import { openDb } from '../../src/backend/db.ts';
import { calendarAnchor } from '../../src/backend/seed/calendar.ts';
import { DAY_MS, monthOf, sqlTime } from '../../src/backend/time.ts';
import { ACTIVITY_KINDS } from '../../src/lib/activity.ts';
import { TEST_SCALE } from '../helpers/backend.ts';

const dirs: string[] = [];
t.teardown(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const freshDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'fangchan-calendar-'));
  dirs.push(d);
  return d;
};

// biome-ignore lint/suspicious/noExplicitAny: the gateway's answers, read as a visitor's page would.
type Answer = { status: number; obj: any };
const get = async (app: FastifyInstance, url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return res.json() as Answer;
};
const post = async (app: FastifyInstance, url: string, payload: object) =>
  (await app.inject({ method: 'POST', url, payload })).json() as Answer;

/** What a visitor of the demo sees at `now`: activities running, a current one of every template, upcoming sessions, a valid coupon. */
async function checkDemoIsCurrent(t: Test, app: FastifyInstance, now: number, label: string) {
  const running = await get(app, '/api/activity/list/1?state=running&size=100');
  t.ok(running.obj.totalElements >= ACTIVITY_KINDS.length, `${label}: ${running.obj.totalElements} activities running in 长沙`);
  for (const kind of ACTIVITY_KINDS) {
    const current = await get(app, `/api/activity/current/1/${kind}`);
    t.ok(current.obj?.id, `${label}: /huodong/${kind}/ has a current activity`);
  }
  const sessions = (await get(app, '/api/grouproom/sessions/1')).obj as Array<{ startsAt: string }>;
  const upcoming = sessions.filter((s) => s.startsAt > sqlTime(now));
  t.ok(upcoming.length >= 3, `${label}: ${upcoming.length} group viewings to come`);
  t.ok(
    upcoming.every((s) => s.startsAt < sqlTime(now + 60 * DAY_MS)),
    `${label}: every session within the coming weeks`,
  );
  const coupons = (await get(app, '/web/coupon/member/13800138000')).obj as Array<{ couponNo: string; expiresAt: string; status: string }>;
  const demo = coupons.find((c) => c.couponNo === 'XH2026001');
  t.ok(demo && demo.expiresAt > sqlTime(now), `${label}: the demo member's coupon is valid (until ${demo?.expiresAt})`);
  t.not(demo?.status, '已过期', `${label}: the coupon is not shown as expired`);
  const claimable = (await get(app, '/api/activity/coupons/1')).obj as unknown[];
  t.ok(claimable.length >= 2, `${label}: ${claimable.length} coupons can be claimed`);
}

/** What the data says, read from the database: listings put up in the last months, a price series ending last month. */
function checkDataIsCurrent(t: Test, dataDir: string, now: number, label: string) {
  const db = openDb(dataDir);
  try {
    const { newest, oldest } = db
      .prepare('SELECT MAX(created_at) AS newest, MIN(created_at) AS oldest FROM listing WHERE status = 1')
      .get() as { newest: string; oldest: string };
    t.ok(newest <= sqlTime(now) && newest > sqlTime(now - 7 * DAY_MS), `${label}: the newest listing was put up ${newest}`);
    t.ok(oldest > sqlTime(now - 400 * DAY_MS), `${label}: the oldest listing was put up ${oldest}, within the last year`);
    const lastMonth = monthOf(now, -1);
    t.equal(db.prepare('SELECT MAX(month) FROM area_price').pluck().get(), lastMonth, `${label}: district prices end ${lastMonth}`);
    t.equal(db.prepare('SELECT MAX(month) FROM xiaoqu_price').pluck().get(), lastMonth, `${label}: community prices end ${lastMonth}`);
    t.equal(db.prepare('SELECT COUNT(DISTINCT month) FROM area_price').pluck().get(), 24, `${label}: 24 months of prices`);
    const news = db.prepare('SELECT MAX(created_at) FROM info_doc').pluck().get() as string;
    t.ok(news > sqlTime(now - 14 * DAY_MS) && news <= sqlTime(now), `${label}: the latest news is of the last weeks (${news})`);
  } finally {
    db.close();
  }
}

const today = Date.now();

for (const days of [45, 120, 400]) {
  t.test(`seeded at +${days} days, the demo is current`, async (t) => {
    const now = today + days * DAY_MS;
    const dataDir = freshDir();
    const app = await buildBackend({ dataDir, scale: TEST_SCALE, now: () => now });
    t.teardown(() => app.close());
    await checkDemoIsCurrent(t, app, now, `+${days}d`);
    await app.close();
    checkDataIsCurrent(t, dataDir, now, `+${days}d`);
  });
}

t.test('a database seeded today and started 120 days later: the calendar moves, members’ own records do not', async (t) => {
  const dataDir = freshDir();
  let now = today;
  const clock = () => now;
  let app = await buildBackend({ dataDir, scale: TEST_SCALE, now: clock });
  // A member's own records, made today: a feedback and a sign-up of a running activity.
  const feedback = await post(app, '/api/feedback/save', { cityId: 1, memberId: 'm100001', content: '页面打开很快，希望多一些学区房' });
  t.equal(feedback.status, 200);
  const activity = (await get(app, '/api/activity/current/1/xinfang')).obj as { id: number };
  const signup = await post(app, '/api/template/updateCustomerFlowDataRecord', {
    activityId: activity.id,
    name: '王先生',
    phone: '13900001111',
  });
  t.equal(signup.status, 200);
  const before = readOwnRecords(dataDir, feedback.obj.id);
  await app.close();

  now = today + 120 * DAY_MS;
  app = await buildBackend({ dataDir, now: clock });
  t.teardown(() => app.close());
  await checkDemoIsCurrent(t, app, now, 'aged +120d');
  await app.close();
  checkDataIsCurrent(t, dataDir, now, 'aged +120d');
  t.same(readOwnRecords(dataDir, feedback.obj.id), before, 'the member’s feedback and sign-up keep their dates');
  const db = openDb(dataDir);
  t.equal(sqlTime(calendarAnchor(db)).slice(11), '16:00:00', 'the anchor stays at 16:00 in Beijing');
  t.ok(now - calendarAnchor(db) < DAY_MS, 'the anchor is the latest 16:00');
  db.close();

  // Started again the same day: nothing moves twice.
  const again = await buildBackend({ dataDir, now: clock });
  await again.close();
  checkDataIsCurrent(t, dataDir, now, 'restarted');
});

function readOwnRecords(dataDir: string, feedbackId: number) {
  const db = openDb(dataDir);
  try {
    return {
      feedback: db.prepare('SELECT created_at FROM feedback WHERE id = ?').pluck().get(feedbackId),
      signup: db.prepare("SELECT created_at FROM activity_signup WHERE phone = '13900001111'").pluck().get(),
    };
  } finally {
    db.close();
  }
}
