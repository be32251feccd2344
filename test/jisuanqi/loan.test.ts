import t from 'tap';
import { computeLoan, DEFAULT_INPUT, fenToYuan, type LoanInput, loanSearch, parseLoanQuery } from '../../src/lib/loan.ts';

/** Issue 16 part C: the calculator's maths (src/lib/loan.ts), against hand-checked figures and an independent formula. */
const LPR = { oneYear: 3.0, fiveYear: 3.5, date: '2025-05-20' };
const input = (over: Partial<LoanInput>): LoanInput => ({ ...DEFAULT_INPUT, ...over });
const yuan = (fen: number) => fenToYuan(fen);

t.test("100万, 30 years, 4.9%: the figures of the banks' calculators", async (t) => {
  const debx = computeLoan(input({ amount: '100', years: 30, method: 'debx', rateBasis: 'jz', rate: '4.9' }), LPR);
  t.equal(yuan(debx.monthly), '5307.27', '月供');
  t.equal(yuan(debx.totalInterest), '910616.19', '总利息 = 精确月供×360−本金, not 5307.27×360−本金 (910617.20)');
  t.equal(yuan(debx.totalPayment), '1910616.19');
  t.equal(debx.schedule.length, 360);
  t.equal(yuan(debx.schedule[0].interest), '4083.33', 'first month interest 100万×4.9%/12');
  t.equal(yuan(debx.schedule[0].principal), '1223.93', '5307.2672 − 4083.3333');
  t.equal(debx.schedule[359].remaining, 0, 'the last month leaves nothing');

  const debj = computeLoan(input({ amount: '100', years: 30, method: 'debj', rateBasis: 'jz', rate: '4.9' }), LPR);
  t.equal(yuan(debj.monthly), '6861.11', '首月');
  t.equal(yuan(debj.decrease), '11.34', '每月递减');
  t.equal(yuan(debj.totalInterest), '737041.67', '总利息');
  t.equal(yuan(debj.last), '2789.12', '末月 = 2777.78 + 2777.78×4.9%/12');
  t.equal(yuan(debj.schedule[1].payment), '6849.77');
  t.equal(debj.schedule.reduce((s, r) => s + r.principal, 0) - debj.principal <= 360, true);
});

/** The textbook formulas in floating point, as an independent check (good to far better than a fen here). */
function floatDebx(P: number, annual: number, n: number) {
  const r = annual / 1200;
  const x = (1 + r) ** n;
  const m = (P * r * x) / (x - 1);
  return { monthly: m, interest: m * n - P };
}
function floatDebj(P: number, annual: number, n: number) {
  const r = annual / 1200;
  return { first: P / n + P * r, decrease: (P / n) * r, interest: (P * r * (n + 1)) / 2 };
}
const toFen = (yuanValue: number) => Math.round(yuanValue * 100);

t.test('equal instalment and equal principal at several amounts, terms and rates match the formulas to the fen', async (t) => {
  const amounts = ['1', '35.5', '100', '288', '1234.5678'];
  const years = [1, 5, 10, 20, 30];
  const rates = ['4.41', '4.9', '6.68'];
  let checked = 0;
  for (const amount of amounts)
    for (const y of years)
      for (const rate of rates) {
        const P = Number(amount) * 10000;
        const fx = floatDebx(P, Number(rate), y * 12);
        const a = computeLoan(input({ amount, years: y, method: 'debx', rateBasis: 'jz', rate }), LPR);
        t.equal(a.monthly, toFen(fx.monthly), `debx ${amount}万 ${y}年 ${rate}% monthly`);
        t.equal(a.totalInterest, toFen(fx.interest), `debx ${amount}万 ${y}年 ${rate}% interest`);
        t.equal(a.totalPayment, toFen(P) + a.totalInterest);
        const fj = floatDebj(P, Number(rate), y * 12);
        const b = computeLoan(input({ amount, years: y, method: 'debj', rateBasis: 'jz', rate }), LPR);
        t.equal(b.monthly, toFen(fj.first), `debj ${amount}万 ${y}年 ${rate}% first`);
        t.equal(b.decrease, toFen(fj.decrease), `debj ${amount}万 ${y}年 ${rate}% decrease`);
        t.equal(b.totalInterest, toFen(fj.interest), `debj ${amount}万 ${y}年 ${rate}% interest`);
        t.equal(a.schedule.at(-1)?.remaining, 0);
        t.equal(b.schedule.at(-1)?.remaining, 0);
        checked++;
      }
  t.equal(checked, 75);
});

t.test('provident-fund loans at the lowest and highest fund rates, and every fund rate at 30 years', async (t) => {
  for (const fundRate of ['2.7825', '2.925', '3.0875', '3.25', '3.575', '3.9', '4.225']) {
    const r = computeLoan(input({ type: 'gjj', fund: '60', years: 30, method: 'debx', fundRate }), LPR);
    const f = floatDebx(600000, Number(fundRate), 360);
    t.equal(r.monthly, toFen(f.monthly), `${fundRate}%`);
    t.equal(r.totalInterest, toFen(f.interest), `${fundRate}% interest`);
    t.same(
      r.parts.map((p) => [p.kind, p.rate]),
      [['gjj', fundRate]],
    );
  }
  const known = computeLoan(input({ type: 'gjj', fund: '100', years: 30, method: 'debx', fundRate: '3.25' }), LPR);
  t.equal(yuan(known.monthly), '4352.06', '100万 30年 3.25% 公积金 月供 4352.06');
});

t.test('1-year term: 12 months, the lowest and highest commercial rates', async (t) => {
  const low = computeLoan(input({ amount: '10', years: 1, method: 'debx', rateBasis: 'jz', rate: '4.41' }), LPR);
  t.equal(low.months, 12);
  t.equal(yuan(low.monthly), '8533.73', '10万 1年 4.41% 月供 (8533.7345…)');
  t.equal(low.schedule.length, 12);
  const high = computeLoan(input({ amount: '10', years: 1, method: 'debj', rateBasis: 'jz', rate: '6.68' }), LPR);
  t.equal(yuan(high.monthly), '8890.00', '10万/12 + 10万×6.68%/12 = 8333.33 + 556.67');
  t.equal(yuan(high.decrease), '46.39');
  t.equal(yuan(high.totalInterest), '3618.33', '10万×6.68%/12×13/2');
});

t.test('combined loans: the exact sum of both parts, rounded once', async (t) => {
  const r = computeLoan(
    input({ type: 'zh', amount: '100', fund: '50', years: 30, method: 'debx', rateBasis: 'jz', rate: '4.9', fundRate: '3.25' }),
    LPR,
  );
  const a = floatDebx(1000000, 4.9, 360);
  const b = floatDebx(500000, 3.25, 360);
  t.equal(r.principal, 150000000);
  t.equal(r.monthly, toFen(a.monthly + b.monthly));
  t.equal(r.totalInterest, toFen(a.interest + b.interest));
  t.equal(yuan(r.monthly), '7483.30', '5307.27 + 2176.03');
  t.same(
    r.parts.map((p) => [p.kind, p.principal, p.rate]),
    [
      ['sy', 100000000, '4.9'],
      ['gjj', 50000000, '3.25'],
    ],
  );
  const j = computeLoan(
    input({ type: 'zh', amount: '80', fund: '40', years: 25, method: 'debj', rateBasis: 'jz', rate: '5.39', fundRate: '3.575' }),
    LPR,
  );
  const ja = floatDebj(800000, 5.39, 300);
  const jb = floatDebj(400000, 3.575, 300);
  t.equal(j.monthly, toFen(ja.first + jb.first));
  t.equal(j.decrease, toFen(ja.decrease + jb.decrease));
  t.equal(j.totalInterest, toFen(ja.interest + jb.interest));
});

t.test('by house total: down payment and loan; a combined loan takes the fund part first', async (t) => {
  const r = computeLoan(input({ basis: 'total', total: '150', ratio: 30, years: 30, method: 'debx', rateBasis: 'jz', rate: '4.9' }), LPR);
  t.equal(r.houseTotal, 150000000);
  t.equal(r.downPayment, 45000000, '首付30% = 45万');
  t.equal(r.principal, 105000000, '贷款105万');
  t.equal(r.monthly, toFen(floatDebx(1050000, 4.9, 360).monthly));
  const zh = computeLoan(input({ type: 'zh', basis: 'total', total: '150', ratio: 30, fund: '60', years: 30 }), LPR);
  t.same(
    zh.parts.map((p) => [p.kind, p.principal]),
    [
      ['sy', 45000000],
      ['gjj', 60000000],
    ],
  );
  const fundCoversAll = computeLoan(input({ type: 'zh', basis: 'total', total: '100', ratio: 50, fund: '80', years: 30 }), LPR);
  t.same(
    fundCoversAll.parts.map((p) => [p.kind, p.principal]),
    [
      ['sy', 0],
      ['gjj', 50000000],
    ],
    'the fund covers the whole loan: no commercial part',
  );
  t.equal(fundCoversAll.monthly, toFen(floatDebx(500000, 3.25, 360).monthly));
});

t.test('a down payment that leaves no loan gives zeros, not an error', async (t) => {
  const r = computeLoan(input({ basis: 'total', total: '0', ratio: 30 }), LPR);
  t.equal(r.principal, 0);
  t.equal(r.monthly, 0);
  t.equal(r.totalInterest, 0);
  t.equal(r.schedule.length, 0);
  const zero = computeLoan(input({ amount: '0' }), LPR);
  t.equal(zero.principal, 0);
});

t.test('LPR: the over-5-year LPR for terms over 5 years, the 1-year LPR otherwise, plus the spread', async (t) => {
  const long = computeLoan(input({ amount: '100', years: 30, rateBasis: 'lpr', bp: -30 }), LPR);
  t.equal(long.parts[0].rate, '3.2', '3.5% − 30bp');
  t.equal(long.monthly, toFen(floatDebx(1000000, 3.2, 360).monthly));
  const short = computeLoan(input({ amount: '100', years: 5, rateBasis: 'lpr', bp: 25 }), LPR);
  t.equal(short.parts[0].rate, '3.25', '3.0% + 25bp');
  const other = computeLoan(input({ amount: '100', years: 30, rateBasis: 'lpr', bp: 0 }), {
    oneYear: 3.1,
    fiveYear: 3.95,
    date: '2030-01-20',
  });
  t.equal(other.parts[0].rate, '3.95', 'the LPR passed in is the one used');
});

t.test('parsing the query: defaults, and a message for each invalid input', async (t) => {
  t.same(parseLoanQuery({}), { input: DEFAULT_INPUT, errors: [] });
  const bad = (q: Record<string, string>) => parseLoanQuery(q).errors;
  t.match(bad({ years: '0' }), ['贷款年限须为1–30年的整数']);
  t.match(bad({ years: '31' }), ['贷款年限须为1–30年的整数']);
  t.match(bad({ years: 'abc' }), ['贷款年限须为1–30年的整数']);
  t.match(bad({ basis: 'total', ratio: '95' }), ['首付比例须为20%–90%']);
  t.match(bad({ ratio: '10' }), ['首付比例须为20%–90%']);
  t.match(bad({ amount: '-5' }), [/^贷款金额须为不小于0的数字/]);
  t.match(bad({ amount: 'abc' }), [/^贷款金额须为不小于0的数字/]);
  t.match(bad({ total: '1e9' }), [/^房屋总价须为不小于0的数字/]);
  t.match(bad({ rate: '5' }), [/^商业贷款利率须为4.41%–6.68%/]);
  t.match(bad({ fundRate: '1' }), [/^公积金利率/]);
  t.match(bad({ bp: '9999' }), [/^LPR加点/]);
  t.equal(bad({ years: '31', ratio: '95', amount: '-1' }).length, 3, 'every problem is named');
});

t.test('the URL carries the inputs: parse(loanSearch(x)) gives x back', async (t) => {
  const cases: LoanInput[] = [
    input({ amount: '88.5', years: 20, method: 'debj', rateBasis: 'jz', rate: '5.39' }),
    input({ type: 'gjj', fund: '60', years: 15, fundRate: '2.925' }),
    input({ type: 'zh', basis: 'total', total: '200', ratio: 40, fund: '60', years: 25, rateBasis: 'lpr', bp: -20, fundRate: '3.575' }),
  ];
  for (const c of cases) {
    const back = parseLoanQuery(Object.fromEntries(new URLSearchParams(loanSearch(c)))).input;
    t.same(computeLoan(back, LPR), computeLoan(c, LPR), loanSearch(c));
  }
});
