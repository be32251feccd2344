import t from 'tap';
import {
  ageAdjustment,
  DECORATION,
  floorAdjustment,
  inputProblem,
  ORIENTATION,
  sizeAdjustment,
  type ValuationData,
  type ValuationInput,
  valuate,
} from '../../src/lib/valuation.ts';

const home: ValuationInput = { area: 100, rooms: 3, floor: 5, totalFloors: 18, orientation: '西南', decoration: '简装' };
const data: ValuationData = { communityPrice: 10000, buildYear: 2016, asOfYear: 2026, comparableCount: 0, comparableUnitPrice: null };

t.test('floor: ground −4%, top −2%, middle and upper +1%, low 0', async (t) => {
  t.same(floorAdjustment(1, 18), { kind: '楼层', name: '底层', ratio: -0.04 });
  t.same(floorAdjustment(18, 18), { kind: '楼层', name: '顶层', ratio: -0.02 });
  t.same(floorAdjustment(10, 18), { kind: '楼层', name: '中高楼层', ratio: 0.01 });
  t.same(floorAdjustment(3, 18), { kind: '楼层', name: '低楼层', ratio: 0 });
});

t.test('age: under 5 years +3%, 5–14 0, 15–24 −3%, 25 and older −6%', async (t) => {
  t.same(ageAdjustment(2024, 2026), { kind: '房龄', name: '房龄2年', ratio: 0.03 });
  t.equal(ageAdjustment(2016, 2026).ratio, 0);
  t.equal(ageAdjustment(2006, 2026).ratio, -0.03);
  t.equal(ageAdjustment(1990, 2026).ratio, -0.06);
  t.equal(ageAdjustment(2030, 2026).name, '房龄0年', 'a build year ahead of the price counts as new');
});

t.test('size: under 50㎡ +2%, over 140㎡ −2%, else 0', async (t) => {
  t.equal(sizeAdjustment(45).ratio, 0.02);
  t.equal(sizeAdjustment(141).ratio, -0.02);
  t.equal(sizeAdjustment(90).ratio, 0);
});

t.test('orientation and decoration come from fixed lists', async (t) => {
  t.same(Object.keys(ORIENTATION), ['南北', '南', '东南', '西南', '东', '东西', '西', '北']);
  t.same(DECORATION, { 豪装: 0.07, 精装: 0.04, 简装: 0, 毛坯: -0.05 });
  const south = valuate({ ...home, orientation: '南北' }, data);
  const north = valuate({ ...home, orientation: '北' }, data);
  t.equal(south.unitPrice, 10300, 'south-north +3% of 10000');
  t.equal(north.unitPrice, 9600, 'north −4%');
  t.equal(valuate({ ...home, decoration: '豪装' }, data).unitPrice, 10700);
  t.equal(valuate({ ...home, decoration: '毛坯' }, data).unitPrice, 9500);
});

t.test('neutral home: the community price, total in 万, ±8% without comparables', async (t) => {
  const v = valuate(home, data);
  t.equal(v.baseUnitPrice, 10000);
  t.equal(v.blended, false);
  t.equal(v.unitPrice, 10000);
  t.equal(v.totalPrice, 100);
  t.equal(v.low, 92);
  t.equal(v.high, 108);
  t.same(
    v.adjustments.map((a) => a.kind),
    ['楼层', '朝向', '装修', '房龄', '面积'],
    'every adjustment is shown, even a zero one',
  );
});

t.test('three comparables blend 30% of their price into the base and narrow the range to ±5%', async (t) => {
  const v = valuate(home, { ...data, comparableCount: 3, comparableUnitPrice: 12000 });
  t.equal(v.baseUnitPrice, 10600);
  t.equal(v.blended, true);
  t.equal(v.totalPrice, 106);
  t.equal(v.low, 100.7);
  t.equal(v.high, 111.3);
  t.equal(valuate(home, { ...data, comparableCount: 2, comparableUnitPrice: 12000 }).baseUnitPrice, 10000, 'two are not enough');
});

t.test('adjustments add up and the unit price rounds to 10 元', async (t) => {
  const v = valuate(
    { area: 45, rooms: 1, floor: 1, totalFloors: 6, orientation: '南', decoration: '精装' },
    { ...data, communityPrice: 12345, buildYear: 2025 },
  );
  // −4% + 2% + 4% + 3% + 2% = +7%
  t.equal(v.unitPrice, Math.round((12345 * 1.07) / 10) * 10);
  t.equal(v.totalPrice, Math.round((v.unitPrice * 45) / 1000) / 10);
});

t.test('the same inputs always give the same figure', async (t) => {
  const a = valuate({ ...home, area: 87.5 }, { ...data, comparableCount: 4, comparableUnitPrice: 11111 });
  for (let i = 0; i < 50; i++) t.same(valuate({ ...home, area: 87.5 }, { ...data, comparableCount: 4, comparableUnitPrice: 11111 }), a);
});

t.test('inputs outside the rules are refused with a message', async (t) => {
  t.equal(inputProblem(home), null);
  t.equal(inputProblem({ ...home, area: 9 }), '面积须在10-1000㎡之间');
  t.equal(inputProblem({ ...home, area: 1001 }), '面积须在10-1000㎡之间');
  t.equal(inputProblem({ ...home, rooms: 0 }), '居室须在1-9室之间');
  t.equal(inputProblem({ ...home, rooms: 10 }), '居室须在1-9室之间');
  t.equal(inputProblem({ ...home, floor: 19 }), '所在楼层须在1层与总楼层之间');
  t.equal(inputProblem({ ...home, orientation: '上' }), '请选择朝向');
  t.equal(inputProblem({ ...home, decoration: '' }), '请选择装修');
});
