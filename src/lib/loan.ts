/**
 * The mortgage calculator's maths (SPEC 9 "Loan calculator"): pure, no I/O, shared by the /jisuanqi loader (server
 * render) and the page (live update in the browser).
 *
 * Money is exact. Amounts are integer fen (BigInt); a rate is an integer number of 1/10000 percent (4.9% = 49000), so
 * the monthly rate is the rational u / 12 000 000. The headline figures (monthly payment, first month, monthly
 * decrease, total interest, total repayment) are exact rationals rounded once, half up, to the fen for display.
 *
 * Convention for totals (the one the common bank calculators use, e.g. the big four's and 招商银行's online
 * calculators): total repayment = the exact monthly payment × months, total interest = that − principal, each rounded
 * once. It is NOT the rounded monthly payment × months: for 100万, 30 years, 4.9% equal instalment the payment shows
 * 5307.27 but the total interest is 910616.19 (5307.2672… × 360 − 1 000 000), not 910617.20. For equal principal the
 * total interest is P·r·(n+1)/2 exactly. The month-by-month schedule is computed in fixed point (10^-30 fen) and each
 * cell rounded for display, so a row's principal + interest may differ from its payment by one fen, as on banks'
 * schedules.
 */

import { DEFAULT_DOWN_PAYMENT_RATIO } from './loan-link.ts';

export type LoanType = 'sy' | 'gjj' | 'zh';
export type LoanBasis = 'amount' | 'total';
export type LoanMethod = 'debx' | 'debj';
export type RateBasis = 'jz' | 'lpr';

/** The latest LPR (registry.json site.lpr), in percent. */
export interface LprSetting {
  oneYear: number;
  fiveYear: number;
  date: string;
}

/** The calculator's inputs as the URL carries them (every value a string or a number, JSON-safe). */
export interface LoanInput {
  type: LoanType;
  basis: LoanBasis;
  /** Loan amount in 万 (the commercial part of a combined loan). */
  amount: string;
  /** Provident-fund amount in 万 (provident-fund loan, and the fund part of a combined loan). */
  fund: string;
  /** House total in 万 (basis 'total'). */
  total: string;
  /** Down payment in percent, 20–90. */
  ratio: number;
  years: number;
  method: LoanMethod;
  rateBasis: RateBasis;
  /** Commercial rate at the old benchmark, one of COMMERCIAL_RATES. */
  rate: string;
  /** LPR spread in basis points. */
  bp: number;
  /** Provident-fund rate, one of FUND_RATES. */
  fundRate: string;
}

export const LOAN_QUERY_KEYS = [
  'type',
  'basis',
  'amount',
  'fund',
  'total',
  'ratio',
  'years',
  'method',
  'rateBasis',
  'rate',
  'bp',
  'fundRate',
] as const;

export const LOAN_TYPES: ReadonlyArray<{ key: LoanType; label: string }> = [
  { key: 'sy', label: '商业贷款' },
  { key: 'gjj', label: '公积金贷款' },
  { key: 'zh', label: '组合贷款' },
];

/** SPEC 9: provident-fund rates (percent). */
export const FUND_RATES: ReadonlyArray<{ value: string; label: string }> = [
  { value: '2.7825', label: '2.7825%' },
  { value: '2.925', label: '2.925%（基准9折）' },
  { value: '3.0875', label: '3.0875%（基准95折）' },
  { value: '3.25', label: '3.25%（基准利率）' },
  { value: '3.575', label: '3.575%（基准1.1倍）' },
  { value: '3.9', label: '3.9%（基准1.2倍）' },
  { value: '4.225', label: '4.225%（基准1.3倍）' },
];

/** SPEC 9: the old commercial benchmark 4.9% with its discounts and markups, 4.41%–6.68%. */
export const COMMERCIAL_RATES: ReadonlyArray<{ value: string; label: string }> = [
  { value: '4.41', label: '4.41%（基准9折）' },
  { value: '4.655', label: '4.655%（基准95折）' },
  { value: '4.9', label: '4.9%（基准利率）' },
  { value: '5.145', label: '5.145%（基准1.05倍）' },
  { value: '5.39', label: '5.39%（基准1.1倍）' },
  { value: '5.88', label: '5.88%（基准1.2倍）' },
  { value: '6.37', label: '6.37%（基准1.3倍）' },
  { value: '6.68', label: '6.68%（基准上浮36%）' },
];

export const DOWN_PAYMENT_RATIOS = [20, 30, 40, 50, 60, 70, 80, 90] as const;
export const MIN_YEARS = 1;
export const MAX_YEARS = 30;
export const MIN_RATIO = 20;
export const MAX_RATIO = 90;
export const MIN_BP = -300;
export const MAX_BP = 300;
/** The largest amount accepted, in 万 (a hundred thousand 万 is far beyond any home loan). */
export const MAX_WAN = 100000;

export const DEFAULT_INPUT: LoanInput = {
  type: 'sy',
  basis: 'amount',
  amount: '100',
  fund: '50',
  total: '150',
  ratio: DEFAULT_DOWN_PAYMENT_RATIO,
  years: 30,
  method: 'debx',
  rateBasis: 'lpr',
  rate: '4.9',
  bp: 0,
  fundRate: '3.25',
};

// ---------------------------------------------------------------------------------------------------- parsing

const DECIMAL = /^\d{1,7}(\.\d{1,6})?$/;
const INTEGER = /^[+-]?\d{1,4}$/;

/** A non-negative decimal string → integer units of 10^-scale, or null. */
export function decimalUnits(text: string, scale: number): bigint | null {
  if (!DECIMAL.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  if (frac.length > scale) return null;
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(frac.padEnd(scale, '0') || '0');
}

/** An amount in 万 (up to 4 decimals, i.e. to the yuan) → fen. */
export const wanToFen = (wan: string): bigint | null => {
  const units = decimalUnits(wan, 4);
  return units === null ? null : units * 100n;
};

/** A percent with up to four decimals → units of 1/10000 percent. */
export const percentUnits = (percent: string): bigint | null => decimalUnits(percent, 4);

function pick<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  return value !== undefined && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/**
 * The calculator's query → its inputs and the messages of what is wrong (in Chinese, shown on the page). A key that is
 * absent takes its default; a key that is present but wrong is a message, never a silent default.
 */
export function parseLoanQuery(query: Record<string, string | undefined>): { input: LoanInput; errors: string[] } {
  const errors: string[] = [];
  const q = (k: (typeof LOAN_QUERY_KEYS)[number]) => {
    const v = query[k];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const input: LoanInput = { ...DEFAULT_INPUT };
  input.type = pick(q('type'), ['sy', 'gjj', 'zh'], DEFAULT_INPUT.type);
  input.basis = pick(q('basis'), ['amount', 'total'], DEFAULT_INPUT.basis);
  input.method = pick(q('method'), ['debx', 'debj'], DEFAULT_INPUT.method);
  input.rateBasis = pick(q('rateBasis'), ['jz', 'lpr'], DEFAULT_INPUT.rateBasis);

  const money = (key: 'amount' | 'fund' | 'total', label: string) => {
    const v = q(key);
    if (v === undefined) return;
    input[key] = v;
    const fen = wanToFen(v);
    if (fen === null) errors.push(`${label}须为不小于0的数字（单位万元，最多4位小数）`);
    else if (fen > BigInt(MAX_WAN) * 1000000n) errors.push(`${label}不能超过${MAX_WAN}万元`);
  };
  money('amount', input.type === 'zh' ? '商业贷款金额' : '贷款金额');
  money('fund', '公积金贷款金额');
  money('total', '房屋总价');

  const int = (key: 'ratio' | 'years' | 'bp', min: number, max: number, message: string) => {
    const v = q(key);
    if (v === undefined) return;
    const n = INTEGER.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      errors.push(message);
      return;
    }
    input[key] = n;
  };
  int('years', MIN_YEARS, MAX_YEARS, `贷款年限须为${MIN_YEARS}–${MAX_YEARS}年的整数`);
  int('ratio', MIN_RATIO, MAX_RATIO, `首付比例须为${MIN_RATIO}%–${MAX_RATIO}%`);
  int('bp', MIN_BP, MAX_BP, `LPR加点须为${MIN_BP}到${MAX_BP}个基点的整数`);

  const rate = q('rate');
  if (rate !== undefined) {
    if (COMMERCIAL_RATES.some((r) => r.value === rate)) input.rate = rate;
    else errors.push('商业贷款利率须为4.41%–6.68%之间的可选利率');
  }
  const fundRate = q('fundRate');
  if (fundRate !== undefined) {
    if (FUND_RATES.some((r) => r.value === fundRate)) input.fundRate = fundRate;
    else errors.push('公积金利率须为可选的公积金利率');
  }
  return { input, errors };
}

/** The inputs → the query string that reproduces them (for sharing and for the live URL). */
export function loanSearch(input: LoanInput): string {
  const p = new URLSearchParams();
  p.set('type', input.type);
  p.set('basis', input.basis);
  if (input.basis === 'total') {
    p.set('total', input.total);
    p.set('ratio', String(input.ratio));
  } else if (input.type !== 'gjj') p.set('amount', input.amount);
  if (input.type !== 'sy') p.set('fund', input.fund);
  p.set('years', String(input.years));
  p.set('method', input.method);
  if (input.type !== 'gjj') {
    p.set('rateBasis', input.rateBasis);
    if (input.rateBasis === 'jz') p.set('rate', input.rate);
    else p.set('bp', String(input.bp));
  }
  if (input.type !== 'sy') p.set('fundRate', input.fundRate);
  return p.toString();
}

// ---------------------------------------------------------------------------------------------------- exact maths

/** A non-negative rational n/d (d > 0). */
interface Q {
  n: bigint;
  d: bigint;
}
const q = (n: bigint, d = 1n): Q => ({ n, d });
const qAdd = (a: Q, b: Q): Q => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const qSub = (a: Q, b: Q): Q => ({ n: a.n * b.d - b.n * a.d, d: a.d * b.d });
const qMulInt = (a: Q, k: bigint): Q => ({ n: a.n * k, d: a.d });

/** Round half up to the integer (fen), for display. */
export const roundHalfUp = (n: bigint, d: bigint): bigint => {
  if (n >= 0n) return (2n * n + d) / (2n * d);
  return -((2n * -n + d) / (2n * d));
};
const fen = (x: Q): number => Number(roundHalfUp(x.n, x.d));

/** 12 months × 100 (percent) × 10000 (units): the monthly rate is units / RATE_DEN. */
const RATE_DEN = 12_000_000n;

/** One loan of one type, exact: principal in fen, rate in 1/10000 percent, n months. */
interface Part {
  principal: bigint;
  rateUnits: bigint;
  months: number;
  method: LoanMethod;
}

interface PartFigures {
  /** Equal instalment: the payment; equal principal: the first month's. */
  first: Q;
  /** Equal principal: the monthly decrease (0 for equal instalment). */
  decrease: Q;
  totalInterest: Q;
}

function partFigures(p: Part): PartFigures {
  const P = p.principal;
  const a = p.rateUnits;
  const n = BigInt(p.months);
  if (P === 0n) return { first: q(0n), decrease: q(0n), totalInterest: q(0n) };
  if (p.method === 'debj') {
    // principal P/n a month; month k's interest (P − (k−1)P/n)·r; total interest P·r·(n+1)/2.
    const first = qAdd(q(P, n), q(P * a, RATE_DEN));
    const decrease = q(P * a, n * RATE_DEN);
    const totalInterest = q(P * a * (n + 1n), 2n * RATE_DEN);
    return { first, decrease, totalInterest };
  }
  if (a === 0n) return { first: q(P, n), decrease: q(0n), totalInterest: q(0n) };
  // M = P·r·(1+r)^n / ((1+r)^n − 1) with r = a/D: M = P·a·X / (D·(X − Y)), X = (D+a)^n, Y = D^n.
  const X = (RATE_DEN + a) ** n;
  const Y = RATE_DEN ** n;
  const payment = q(P * a * X, RATE_DEN * (X - Y));
  return { first: payment, decrease: q(0n), totalInterest: qSub(qMulInt(payment, n), q(P)) };
}

/** Fixed point for the schedule: 10^-30 fen. */
const FP = 10n ** 30n;
const fpRound = (x: bigint): number => Number(roundHalfUp(x, FP));

interface FpRow {
  payment: bigint;
  principal: bigint;
  interest: bigint;
  remaining: bigint;
}

function partSchedule(p: Part, figures: PartFigures): FpRow[] {
  const rows: FpRow[] = [];
  const n = BigInt(p.months);
  let remaining = p.principal * FP;
  const interestOf = (rem: bigint) => (rem * p.rateUnits) / RATE_DEN;
  const paymentFp = (figures.first.n * FP) / figures.first.d;
  for (let k = 1n; k <= n; k++) {
    const interest = interestOf(remaining);
    let principal: bigint;
    let payment: bigint;
    if (p.method === 'debj') {
      principal = (p.principal * FP) / n;
      payment = principal + interest;
    } else {
      payment = paymentFp;
      principal = payment - interest;
    }
    if (k === n) {
      // the last month clears what the fixed point left over (at most a few 10^-30 fen)
      principal = remaining;
      payment = principal + interest;
    }
    remaining -= principal;
    rows.push({ payment, principal, interest, remaining: remaining < 0n ? 0n : remaining });
  }
  return rows;
}

export interface ScheduleRow {
  month: number;
  /** fen */
  payment: number;
  principal: number;
  interest: number;
  remaining: number;
}

export interface LoanPartResult {
  kind: 'sy' | 'gjj';
  principal: number;
  /** percent, e.g. "4.9" */
  rate: string;
  rateNote: string;
}

/** Every figure in fen (integers), rounded half up once from the exact value. */
export interface LoanResult {
  method: LoanMethod;
  months: number;
  /** The house total and down payment (basis 'total'), fen. */
  houseTotal: number | null;
  downPayment: number | null;
  principal: number;
  parts: LoanPartResult[];
  /** Equal instalment: the monthly payment; equal principal: the first month's. */
  monthly: number;
  /** Equal principal: how much less each month (0 for equal instalment). */
  decrease: number;
  /** Equal principal: the last month's payment. */
  last: number;
  totalInterest: number;
  totalPayment: number;
  schedule: ScheduleRow[];
}

/** A rate in units of 1/10000 percent → "4.9". */
export function formatRate(units: bigint): string {
  const neg = units < 0n;
  const abs = neg ? -units : units;
  const whole = abs / 10000n;
  const frac = (abs % 10000n).toString().padStart(4, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** The commercial rate the inputs name: the benchmark option, or the LPR for the term plus the spread. */
export function commercialRate(input: LoanInput, lpr: LprSetting): { units: bigint; note: string } {
  if (input.rateBasis === 'jz') {
    return { units: percentUnits(input.rate) ?? 49000n, note: '旧基准利率' };
  }
  const fiveYear = input.years > 5;
  const base = BigInt(Math.round((fiveYear ? lpr.fiveYear : lpr.oneYear) * 10000));
  const units = base + BigInt(input.bp) * 100n;
  const spread = input.bp === 0 ? '' : input.bp > 0 ? `+${input.bp}基点` : `${input.bp}基点`;
  return { units: units < 0n ? 0n : units, note: `${fiveYear ? '5年期以上' : '1年期'}LPR ${formatRate(base)}%${spread}` };
}

/**
 * The inputs (already valid, see parseLoanQuery) → the figures and the schedule. Basis 'total': the loan is the house
 * total less the down payment; for a combined loan the fund part is taken first (up to the loan) and the commercial
 * part is the rest. A loan of 0 (e.g. the fund covers it all) gives zeros, not an error.
 */
export function computeLoan(input: LoanInput, lpr: LprSetting): LoanResult {
  const months = input.years * 12;
  let houseTotal: bigint | null = null;
  let downPayment: bigint | null = null;
  let sy = 0n;
  let gjj = 0n;
  if (input.basis === 'total') {
    houseTotal = wanToFen(input.total) ?? 0n;
    // the down payment rounds to the yuan, as banks quote it; the loan is the rest
    downPayment = roundHalfUp(houseTotal * BigInt(input.ratio), 10000n) * 100n;
    const loan = houseTotal - downPayment;
    if (input.type === 'sy') sy = loan;
    else if (input.type === 'gjj') gjj = loan;
    else {
      const fund = wanToFen(input.fund) ?? 0n;
      gjj = fund < loan ? fund : loan;
      sy = loan - gjj;
    }
  } else {
    if (input.type !== 'gjj') sy = wanToFen(input.amount) ?? 0n;
    if (input.type !== 'sy') gjj = wanToFen(input.fund) ?? 0n;
  }
  const com = commercialRate(input, lpr);
  const fundUnits = percentUnits(input.fundRate) ?? 32500n;
  const loanParts: Array<Part & { kind: 'sy' | 'gjj'; note: string }> = [];
  if (input.type !== 'gjj')
    loanParts.push({ kind: 'sy', principal: sy, rateUnits: com.units, months, method: input.method, note: com.note });
  if (input.type !== 'sy')
    loanParts.push({ kind: 'gjj', principal: gjj, rateUnits: fundUnits, months, method: input.method, note: '公积金贷款利率' });

  let first = q(0n);
  let decrease = q(0n);
  let interest = q(0n);
  const rows: FpRow[] = [];
  for (const part of loanParts) {
    const f = partFigures(part);
    first = qAdd(first, f.first);
    decrease = qAdd(decrease, f.decrease);
    interest = qAdd(interest, f.totalInterest);
    const sched = part.principal === 0n ? [] : partSchedule(part, f);
    sched.forEach((r, i) => {
      const acc = rows[i];
      if (!acc) rows[i] = { ...r };
      else {
        acc.payment += r.payment;
        acc.principal += r.principal;
        acc.interest += r.interest;
        acc.remaining += r.remaining;
      }
    });
  }
  const principal = sy + gjj;
  const totalInterest = fen(interest);
  const lastQ = qSub(first, qMulInt(decrease, BigInt(months - 1)));
  return {
    method: input.method,
    months,
    houseTotal: houseTotal === null ? null : Number(houseTotal),
    downPayment: downPayment === null ? null : Number(downPayment),
    principal: Number(principal),
    parts: loanParts.map((p) => ({ kind: p.kind, principal: Number(p.principal), rate: formatRate(p.rateUnits), rateNote: p.note })),
    monthly: fen(first),
    decrease: fen(decrease),
    last: input.method === 'debj' ? fen(lastQ) : fen(first),
    // exact principal + exact interest, rounded once (principal is whole fen, so this is principal + rounded interest)
    totalPayment: Number(principal) + totalInterest,
    totalInterest,
    schedule: rows.map((r, i) => ({
      month: i + 1,
      payment: fpRound(r.payment),
      principal: fpRound(r.principal),
      interest: fpRound(r.interest),
      remaining: fpRound(r.remaining),
    })),
  };
}

/** Fen → "5307.27" (for display; grouping is the view's). */
export function fenToYuan(fenValue: number): string {
  const neg = fenValue < 0;
  const abs = Math.abs(fenValue);
  const yuan = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  return `${neg ? '-' : ''}${yuan}.${cents}`;
}

/** Fen → "5,307.27". */
export function fenToYuanGrouped(fenValue: number): string {
  const [whole, cents] = fenToYuan(fenValue).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

export { calculatorHref } from './loan-link.ts';
