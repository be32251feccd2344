import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import t from 'tap';
import { type CallContext, createApi } from '../../src/api/index.ts';
import type { EntrustState } from '../../src/contracts/gateway/member.ts';
import { startTestBackend } from '../helpers/backend.ts';

/**
 * The entrustment state machine of the embedded gateway (issue 17): 待受理 → 已受理 → 已上架 → 已成交 | 已下架, every step a
 * log line with its time and actor, illegal steps 400 naming the state, a member sees only their own, and the listing an
 * entrustment creates is in the second-hand list while 已上架 and leaves it when taken off.
 */
let clock = Date.now();
const backend = await startTestBackend({ now: () => clock });
t.teardown(backend.close);
const api = createApi({ gatewayUrl: backend.url, timeoutMs: 3000 });
const call: CallContext = { reqId: 'entrust-1', log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger };
const x = (await api.xiaoqu.list(call, { cityId: 1, size: 1 })).content[0];

const entrust = (memberId: string, kind: 'sell' | 'rent' = 'sell') =>
  api.user.entrustSave(call, {
    memberId,
    cityId: 1,
    kind,
    stressId: x.stressId,
    building: '3栋',
    unit: '1单元',
    room: '1202',
    floor: 12,
    totalFloors: 26,
    area: 96,
    rooms: 3,
    halls: 2,
    toilets: 1,
    orientation: '南北',
    decoration: '精装',
    price: kind === 'sell' ? 150 : 3200,
    contact: '刘女士',
    phone: '13911112222',
  });
const refused = (p: Promise<unknown>) => p.then(() => null).catch((e: { statusCode?: number; message?: string }) => e);
const step = (id: number, to: EntrustState) => api.user.entrustTransition(call, { id, to, actor: '经纪人王五' });
const inList = async (houseType: 11 | 12) =>
  (await api.house.findByCondition(call, { cityId: 1, houseType, stressId: x.stressId, size: 100 })).content.map((l) => l.title);

t.test('every legal transition is a log line with its actor; the listing is in the list while 已上架 only', async (t) => {
  const e = await entrust('m700');
  t.match(e, { status: '待受理', agent: null, houseNumber: null });
  const accepted = await step(e?.id as number, '已受理');
  t.match(accepted, { status: '已受理', agent: { belongerId: Number, name: String, phone: String } });
  const before = await inList(11);
  const listed = await step(e?.id as number, '已上架');
  t.match(listed, { status: '已上架', houseNumber: /ES\d{7}$/ });
  const after = await inList(11);
  t.equal(after.length, before.length + 1, 'one more second-hand listing in the community');
  t.ok(after.some((title) => title.includes('业主委托出售')));
  const detail = await api.house.findByCondition(call, { cityId: 1, houseType: 11, stressId: x.stressId, size: 100 });
  t.ok(
    detail.content.some((l) => l.houseNumber === listed?.houseNumber),
    'the listing is found by its house number',
  );
  t.match(await step(e?.id as number, '已成交'), { status: '已成交' });
  t.equal((await inList(11)).length, before.length, 'a sold listing leaves the list');
  const d = await api.user.entrust(call, e?.id as number, 'm700');
  t.same(
    d?.logs.map((l) => [l.action, l.actor]),
    [
      ['提交委托', '业主'],
      ['已受理', '经纪人王五'],
      ['已上架', '经纪人王五'],
      ['已成交', '经纪人王五'],
    ],
  );
  t.ok(d?.logs.every((l) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(l.createdAt)));
});

t.test('illegal transitions are refused with 400 naming the state', async (t) => {
  const e = await entrust('m701');
  const id = e?.id as number;
  t.match(await refused(step(id, '已上架')), { statusCode: 400, message: /待受理/ });
  t.match(await refused(step(id, '已成交')), { statusCode: 400, message: /待受理/ });
  t.match(await refused(step(id, '待受理')), { statusCode: 400, message: /待受理/ });
  await step(id, '已受理');
  t.match(await refused(step(id, '已受理')), { statusCode: 400, message: /已受理/ });
  t.match(await refused(step(id, '已成交')), { statusCode: 400, message: /已受理/ });
  await step(id, '已上架');
  t.match(await refused(step(id, '已受理')), { statusCode: 400, message: /已上架/ });
  await step(id, '已成交');
  for (const to of ['已受理', '已上架', '已下架', '待受理'] as const) {
    t.match(await refused(step(id, to)), { statusCode: 400, message: /已成交/ }, `已成交 → ${to}`);
  }
  t.match(await refused(api.user.entrustRemoveShelf(call, { id, memberId: 'm701', reason: '暂不出售' })), {
    statusCode: 400,
    message: /已成交/,
  });
  t.match(await refused(api.user.entrustModifyPrice(call, { id, memberId: 'm701', price: 99 })), { statusCode: 400, message: /已成交/ });
  const w = await entrust('m701');
  await api.user.entrustRemoveShelf(call, { id: w?.id as number, memberId: 'm701', reason: '暂不出售' });
  for (const to of ['已受理', '已上架', '已成交', '已下架'] as const) {
    t.match(await refused(step(w?.id as number, to)), { statusCode: 400, message: /已下架/ }, `已下架 → ${to}`);
  }
  t.match(await refused(step(99_999_999, '已受理')), { statusCode: 404 });
});

t.test('withdrawn from each open state: logged with the reason; a listed one leaves the rental list', async (t) => {
  for (const upTo of ['待受理', '已受理', '已上架'] as const) {
    const e = await entrust('m702', 'rent');
    const id = e?.id as number;
    if (upTo !== '待受理') await step(id, '已受理');
    if (upTo === '已上架') await step(id, '已上架');
    const before = await inList(12);
    t.match(await api.user.entrustRemoveShelf(call, { id, memberId: 'm702', reason: '已自行出租' }), { status: '已下架' });
    if (upTo === '已上架') t.equal((await inList(12)).length, before.length - 1, 'the rental leaves the list');
    const d = await api.user.entrust(call, id, 'm702');
    t.match(d?.logs.at(-1), { action: '下架', detail: '已自行出租', actor: '业主' }, `withdrawn from ${upTo}`);
  }
});

t.test('a price change is logged and reaches the listing', async (t) => {
  const e = await entrust('m703');
  const id = e?.id as number;
  await step(id, '已受理');
  const listed = await step(id, '已上架');
  t.match(await api.user.entrustModifyPrice(call, { id, memberId: 'm703', price: 142 }), { price: 142 });
  const d = await api.user.entrust(call, id, 'm703');
  t.match(d?.logs.at(-1), { action: '修改价格', detail: '150万 → 142万', actor: '业主' });
  const l = (await api.house.findByCondition(call, { cityId: 1, houseType: 11, stressId: x.stressId, size: 100 })).content.find(
    (i) => i.houseNumber === listed?.houseNumber,
  );
  t.equal(l?.price, 142);
});

t.test("another member's entrustment is not found, for reading and for every action", async (t) => {
  const e = await entrust('m704');
  const id = e?.id as number;
  t.match(await refused(api.user.entrust(call, id, 'm705')), { statusCode: 404 });
  t.match(await refused(api.user.entrustModifyPrice(call, { id, memberId: 'm705', price: 1 })), { statusCode: 404 });
  t.match(await refused(api.user.entrustRemoveShelf(call, { id, memberId: 'm705', reason: '其他' })), { statusCode: 404 });
  t.same(await api.user.entrustList(call, 'm705'), []);
  t.match(await api.user.entrust(call, id, 'm704'), { status: '待受理' }, 'unchanged');
});

t.test('the embedded gateway advances by itself after its delays, on its clock', async (t) => {
  const e = await entrust('m706');
  const id = e?.id as number;
  t.match(await api.user.entrust(call, id, 'm706'), { status: '待受理' });
  clock += 61_000;
  t.match(await api.user.entrust(call, id, 'm706'), { status: '已受理', agent: { name: String } });
  clock += 121_000;
  t.match(await api.user.entrustList(call, 'm706'), [{ status: '已上架', houseNumber: String }]);
  const d = await api.user.entrust(call, id, 'm706');
  t.same(
    d?.logs.map((l) => [l.action, l.actor]),
    [
      ['提交委托', '业主'],
      ['已受理', '系统'],
      ['已上架', '系统'],
    ],
  );
});

t.test('the gateway refuses bad input naming the field', async (t) => {
  t.match(
    await refused(
      api.user.entrustSave(call, {
        memberId: 'm707',
        cityId: 1,
        kind: 'sell',
        stressId: x.stressId,
        area: 0,
        price: 1,
        contact: '刘',
        phone: '13911112222',
      }),
    ),
    { statusCode: 400 },
  );
  t.match(
    await refused(
      api.user.entrustSave(call, {
        memberId: 'm707',
        cityId: 1,
        kind: 'sell',
        stressId: x.stressId,
        area: 80,
        price: 1,
        contact: '刘',
        phone: '123',
      }),
    ),
    { statusCode: 400 },
  );
  t.match(
    await refused(
      api.user.entrustSave(call, {
        memberId: 'm707',
        cityId: 1,
        kind: 'sell',
        stressId: 99_999_999,
        area: 80,
        price: 1,
        contact: '刘',
        phone: '13911112222',
      }),
    ),
    { statusCode: 404 },
  );
});
