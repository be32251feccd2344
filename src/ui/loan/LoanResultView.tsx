import { fenToYuanGrouped, type LoanResult, type ScheduleRow } from '../../lib/loan.ts';

const PRINCIPAL_COLOUR = 'var(--c-brand)';
const INTEREST_COLOUR = '#f5a623';

/** Fen → "5,307.27" with 元. */
const yuan = (fen: number) => `${fenToYuanGrouped(fen)}元`;

/**
 * Principal against interest as a donut, drawn on the server (an SVG circle with a dash for each share): no chart
 * library, no script.
 */
export function LoanDonut({ principal, interest }: { principal: number; interest: number }) {
  const total = principal + interest;
  const r = 54;
  const c = 2 * Math.PI * r;
  const share = total > 0 ? principal / total : 1;
  const pDash = c * share;
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  return (
    <figure className="loan-donut">
      <svg viewBox="0 0 140 140" width="140" height="140" role="img" aria-label={`本金占${pct(share)}，利息占${pct(1 - share)}`}>
        <circle cx="70" cy="70" r={r} fill="none" stroke={INTEREST_COLOUR} strokeWidth="20" />
        <circle
          cx="70"
          cy="70"
          r={r}
          fill="none"
          stroke={PRINCIPAL_COLOUR}
          strokeWidth="20"
          strokeDasharray={`${pDash.toFixed(3)} ${c.toFixed(3)}`}
          transform="rotate(-90 70 70)"
        />
        <text x="70" y="66" textAnchor="middle" className="loan-donut__k">
          还款总额
        </text>
        <text x="70" y="86" textAnchor="middle" className="loan-donut__v">
          {(total / 1000000).toFixed(2)}万
        </text>
      </svg>
      <figcaption>
        <ul className="loan-donut__legend">
          <li>
            <i style={{ background: PRINCIPAL_COLOUR }} />
            贷款本金 {yuan(principal)}（{pct(share)}）
          </li>
          <li>
            <i style={{ background: INTEREST_COLOUR }} />
            支付利息 {yuan(interest)}（{pct(1 - share)}）
          </li>
        </ul>
      </figcaption>
    </figure>
  );
}

/** "月供5,307.27元", or the first and last month's of the year for equal principal. */
function yearRange(months: ScheduleRow[]): string {
  const first = months[0].payment;
  const last = months[months.length - 1].payment;
  return `月供${fenToYuanGrouped(first)}${first !== last ? `～${fenToYuanGrouped(last)}` : ''}元`;
}

/** What the year pays in interest (the sum of its rows as shown). */
const yearInterest = (months: ScheduleRow[]) => `利息${fenToYuanGrouped(months.reduce((s, m) => s + m.interest, 0))}元`;

/** The month-by-month schedule, one <details> per year (closed: a 30-year loan has 360 rows). */
export function LoanSchedule({ rows }: { rows: ScheduleRow[] }) {
  const years: ScheduleRow[][] = [];
  for (const row of rows) {
    const y = Math.floor((row.month - 1) / 12);
    if (!years[y]) years[y] = [];
    years[y].push(row);
  }
  return (
    <section className="loan-sched" aria-label="还款明细">
      <h2 className="loan-card__title">还款明细</h2>
      {years.map((months, i) => (
        <details key={months[0].month} className="loan-sched__year">
          <summary>
            第{i + 1}年
            <span>
              {yearRange(months)}
              <small>{yearInterest(months)}</small>
            </span>
          </summary>
          <table>
            <thead>
              <tr>
                <th>期数</th>
                <th>月供(元)</th>
                <th>本金(元)</th>
                <th>利息(元)</th>
                <th>剩余(元)</th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month}>
                  <td>{m.month}</td>
                  <td>{fenToYuanGrouped(m.payment)}</td>
                  <td>{fenToYuanGrouped(m.principal)}</td>
                  <td>{fenToYuanGrouped(m.interest)}</td>
                  <td>{fenToYuanGrouped(m.remaining)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ))}
    </section>
  );
}

/** The headline figures, the donut and the schedule. */
export function LoanResultView({ result }: { result: LoanResult }) {
  const debj = result.method === 'debj';
  if (result.principal === 0) {
    return (
      <section className="loan-card loan-result" aria-live="polite">
        <p className="loan-result__none">首付已覆盖房款，无需贷款。</p>
      </section>
    );
  }
  return (
    <>
      <section className="loan-card loan-result" aria-live="polite">
        <div className="loan-result__main">
          <span className="loan-result__k">{debj ? '首月月供' : '每月月供'}</span>
          <strong className="loan-result__v" data-figure="monthly">
            {fenToYuanGrouped(result.monthly)}
            <small>元</small>
          </strong>
          {debj ? (
            <span className="loan-result__sub" data-figure="decrease">
              每月递减{fenToYuanGrouped(result.decrease)}元，末月{fenToYuanGrouped(result.last)}元
            </span>
          ) : null}
        </div>
        <dl className="loan-result__grid">
          {result.houseTotal !== null && result.downPayment !== null ? (
            <>
              <div>
                <dt>房屋总价</dt>
                <dd>{yuan(result.houseTotal)}</dd>
              </div>
              <div>
                <dt>首付</dt>
                <dd>{yuan(result.downPayment)}</dd>
              </div>
            </>
          ) : null}
          <div>
            <dt>贷款总额</dt>
            <dd data-figure="principal">{yuan(result.principal)}</dd>
          </div>
          <div>
            <dt>还款月数</dt>
            <dd>{result.months}个月</dd>
          </div>
          <div>
            <dt>支付利息</dt>
            <dd data-figure="interest">{yuan(result.totalInterest)}</dd>
          </div>
          <div>
            <dt>还款总额</dt>
            <dd data-figure="total">{yuan(result.totalPayment)}</dd>
          </div>
          {result.parts.map((p) => (
            <div key={p.kind} className="loan-result__part">
              <dt>{p.kind === 'sy' ? '商业贷款' : '公积金贷款'}</dt>
              <dd>
                {yuan(p.principal)}，年利率{p.rate}%<small>{p.rateNote}</small>
              </dd>
            </div>
          ))}
        </dl>
        <LoanDonut principal={result.principal} interest={result.totalInterest} />
      </section>
      <LoanSchedule rows={result.schedule} />
    </>
  );
}
