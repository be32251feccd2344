import t from 'tap';
import { readRegistry } from '../helpers/build.ts';
import { backendRows, formPost, memberPortal } from '../member/helpers.ts';

/** The entrustment writes' limits (issue 33): the real values of registry.json, per member. */
const limits = readRegistry().site.rateLimits;

t.test('a burst of entrustments and of price changes meets the registry’s limits', async (t) => {
  const { app, cookie, backend, member } = await memberPortal(t, '13833339001');
  const stressId = String((backendRows(backend, 'SELECT id FROM xiaoqu WHERE city_id = 1 ORDER BY id LIMIT 1')[0] as { id: number }).id);
  const fields = {
    kind: 'sell',
    stressId,
    building: '3栋',
    floor: '12',
    totalFloors: '26',
    room: '1202',
    area: '96',
    rooms: '3',
    halls: '2',
    toilets: '1',
    orientation: '南北',
    decoration: '精装',
    price: '150',
    contact: '王先生',
    phone: '13911119001',
    agree: '1',
  };
  const save = limits.entrust?.max ?? 0;
  t.ok(save > 0, 'registry.json names the entrust limit');
  let id = '';
  for (let i = 0; i < save; i++) {
    const r = await formPost(app, '/-/entrust/save', { ...fields, room: String(1201 + i) }, cookie, true);
    t.equal(r.statusCode, 200, `entrustment ${i + 1}`);
    id = String(r.json().obj.id);
  }
  const limited = await formPost(app, '/-/entrust/save', { ...fields, room: '2201' }, cookie, true);
  t.equal(limited.statusCode, 429);
  t.match(limited.json(), { status: 429, message: `委托提交太频繁了，每小时最多提交${save}次，请稍后再试` });
  t.ok(Number(limited.headers['retry-after']) >= 1, 'Retry-After');
  t.same(backendRows(backend, 'SELECT COUNT(*) AS n FROM entrust WHERE member_id = ?', member.uid), [{ n: save }], 'no more saved');

  const change = limits['entrust-change']?.max ?? 0;
  for (let i = 0; i < change; i++) {
    const r = await formPost(app, '/-/entrust/modifyprice', { id, price: String(140 + (i % 5)) }, cookie, true);
    t.equal(r.statusCode, 200, `price change ${i + 1}`);
  }
  const tooMany = await formPost(app, '/-/entrust/modifyprice', { id, price: '120' }, cookie, true);
  t.equal(tooMany.statusCode, 429);
  const withdraw = await formPost(app, '/-/entrust/removeshelf', { id, reason: '暂不出售' }, cookie, true);
  t.equal(withdraw.statusCode, 429, 'withdrawals count with the price changes');
});
