/** SPEC 9 message time labels at their boundaries (src/lib/time-label.ts): Beijing calendar days, the short mode. */
import t from 'tap';
import { beijingParts, gatewayTime, needsSeparator, timeLabel } from '../../src/lib/time-label.ts';

const at = (s: string) => gatewayTime(s);
const MIN = 60_000;
const HOUR = 60 * MIN;

t.test('under one minute (and a clock a little ahead) is 刚刚', async (t) => {
  const now = at('2026-05-10 15:30:00');
  t.equal(timeLabel(now, now), '刚刚');
  t.equal(timeLabel(now - 59_999, now), '刚刚');
  t.equal(timeLabel(now + 5_000, now), '刚刚', 'a message stamped slightly in the future');
});

t.test('one minute up to one hour is N分钟前, floored', async (t) => {
  const now = at('2026-05-10 15:30:00');
  t.equal(timeLabel(now - MIN, now), '1分钟前');
  t.equal(timeLabel(now - 119_999, now), '1分钟前');
  t.equal(timeLabel(now - 59 * MIN - 59_999, now), '59分钟前');
});

t.test('under an hour across midnight is still minutes, not 昨天', async (t) => {
  t.equal(timeLabel(at('2026-05-10 23:50:00'), at('2026-05-11 00:10:00')), '20分钟前');
});

t.test('one hour or more on the same Beijing day is N小时前', async (t) => {
  const now = at('2026-05-10 15:30:00');
  t.equal(timeLabel(now - HOUR, now), '1小时前');
  t.equal(timeLabel(at('2026-05-10 00:00:00'), now), '15小时前', 'midnight of the same day');
  t.equal(timeLabel(at('2026-05-10 00:00:00'), at('2026-05-10 23:59:59')), '23小时前');
});

t.test('the day before is 昨天 HH:mm, up to its last second', async (t) => {
  const now = at('2026-05-10 08:00:00');
  t.equal(timeLabel(at('2026-05-09 23:59:59'), now), '昨天 23:59');
  t.equal(timeLabel(at('2026-05-09 00:00:00'), now), '昨天 00:00');
  t.equal(timeLabel(at('2026-05-09 06:05:00'), at('2026-05-10 00:30:00')), '昨天 06:05', 'just after midnight');
});

t.test('two days before is 2天前; three days before is the full date', async (t) => {
  const now = at('2026-05-10 08:00:00');
  t.equal(timeLabel(at('2026-05-08 23:59:59'), now), '2天前');
  t.equal(timeLabel(at('2026-05-08 00:00:00'), now), '2天前');
  t.equal(timeLabel(at('2026-05-07 23:59:59'), now), '2026-05-07 23:59');
  t.equal(timeLabel(at('2026-05-07 23:59:59'), now, { short: true }), '2026-05-07', 'short mode: the date only');
  t.equal(timeLabel(at('2025-12-31 09:07:00'), now), '2025-12-31 09:07', 'another year');
});

t.test('the short mode only changes old dates', async (t) => {
  const now = at('2026-05-10 08:00:00');
  t.equal(timeLabel(now - 5 * MIN, now, { short: true }), '5分钟前');
  t.equal(timeLabel(at('2026-05-09 20:00:00'), now, { short: true }), '昨天 20:00');
  t.equal(timeLabel(at('2026-05-08 20:00:00'), now, { short: true }), '2天前');
});

t.test('days are Beijing days, whatever the server time zone', async (t) => {
  // 2026-05-09 16:30 UTC is 2026-05-10 00:30 in Beijing: the same Beijing day as 2026-05-10 10:00.
  const now = Date.parse('2026-05-10T02:00:00Z');
  t.equal(timeLabel(Date.parse('2026-05-09T16:30:00Z'), now), '9小时前');
  t.equal(timeLabel(Date.parse('2026-05-09T15:30:00Z'), now), '昨天 23:30');
  t.same(beijingParts(Date.parse('2026-05-09T16:30:00Z')), { date: '2026-05-10', time: '00:30' });
});

t.test('a time that is not one gives no label, never NaN', async (t) => {
  t.equal(timeLabel(Number.NaN, Date.now()), '');
  t.ok(Number.isNaN(gatewayTime('yesterday')));
  t.ok(Number.isNaN(gatewayTime(null)));
  t.equal(gatewayTime('2026-05-10 08:00:00'), Date.parse('2026-05-10T00:00:00Z'));
  t.equal(gatewayTime('2026-05-10 08:00'), Date.parse('2026-05-10T00:00:00Z'));
});

t.test('a separator goes before the first message and after a gap of more than five minutes', async (t) => {
  t.ok(needsSeparator(null, 1000));
  t.notOk(needsSeparator(0, 5 * MIN));
  t.ok(needsSeparator(0, 5 * MIN + 1));
});

t.test('offline pushes follow the member chat settings: off, quiet hours (Beijing time, across midnight), hidden preview', async (t) => {
  const { beijingClock, chatSettingsOf, offlinePushFor } = await import('../../src/lib/chat-query.ts');
  const at = (iso: string) => Date.parse(iso);
  t.equal(beijingClock(at('2026-11-26T15:30:00Z')), '23:30', 'UTC 15:30 is 23:30 in Beijing');
  const base = chatSettingsOf({});
  t.equal(offlinePushFor(base, '您好', at('2026-11-26T15:30:00Z')), '您好');
  t.equal(offlinePushFor({ ...base, notify: false }, '您好', at('2026-11-26T04:00:00Z')), null);
  const quiet = { ...base, dnd: true, dndFrom: '22:00', dndTo: '08:00' };
  t.equal(offlinePushFor(quiet, '您好', at('2026-11-26T15:30:00Z')), null, '23:30 is inside 22:00–08:00');
  t.equal(offlinePushFor(quiet, '您好', at('2026-11-26T23:59:00Z')), null, '07:59 is inside');
  t.equal(offlinePushFor(quiet, '您好', at('2026-11-27T00:00:00Z')), '您好', '08:00 is outside');
  t.equal(offlinePushFor({ ...base, preview: false }, '您好', at('2026-11-26T04:00:00Z')), '您有一条新消息');
});

t.test('a listing says when it was put up in Beijing calendar days: 今天, 昨天, N天前 up to 30, then the date', async (t) => {
  const { listedLabel, listedWhen } = await import('../../src/lib/time-label.ts');
  const now = at('2026-05-10 00:10:00');
  t.equal(listedLabel('2026-05-10 00:05:00', now), '今天上架');
  t.equal(listedLabel('2026-05-09 23:59:59', now), '昨天上架', 'just before midnight is yesterday');
  t.equal(listedLabel('2026-05-08 08:00:00', now), '2天前上架');
  t.equal(listedLabel('2026-04-10 12:00:00', now), '30天前上架');
  t.equal(listedLabel('2026-04-09 12:00:00', now), '2026-04-09上架', 'older than a month: the date');
  t.equal(listedLabel('2026-05-11 09:00:00', now), '今天上架', 'a clock a little behind the gateway: never in the future');
  t.equal(listedWhen('2026-05-07 10:00:00', now), '3天前');
  t.equal(listedLabel('', now), '', 'no time, no label');
  t.equal(listedLabel(undefined, now), '');
});
