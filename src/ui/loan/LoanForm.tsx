import type { ChangeEvent, FormEvent } from 'react';
import {
  COMMERCIAL_RATES,
  DOWN_PAYMENT_RATIOS,
  FUND_RATES,
  LOAN_TYPES,
  type LoanInput,
  type LprSetting,
  loanSearch,
  MAX_YEARS,
} from '../../lib/loan.ts';

export type RawLoanQuery = Record<string, string>;

const YEARS = Array.from({ length: MAX_YEARS }, (_, i) => MAX_YEARS - i);

interface Props {
  raw: RawLoanQuery;
  /** The parsed inputs (defaults where raw is invalid), to decide which fields show. */
  input: LoanInput;
  lpr: LprSetting;
  onChange: (key: string, value: string) => void;
}

/**
 * The calculator's inputs: a GET form to /jisuanqi, so the first result works without JavaScript (submit renders it on
 * the server); once hydrated every change recomputes at once. The tabs are links that carry the other inputs.
 */
export function LoanForm({ raw, input, lpr, onChange }: Props) {
  const change = (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange(e.target.name, e.target.value);
  const v = (k: string) => raw[k] ?? '';
  const noSubmit = (e: FormEvent) => {
    // hydrated: the result is already live; keep the URL as it is
    e.preventDefault();
  };
  const onTab = (type: string) => (e: React.MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    onChange('type', type);
  };
  const commercial = input.type !== 'gjj';
  const fund = input.type !== 'sy';
  const byTotal = input.basis === 'total';
  const lprBase = input.years > 5 ? lpr.fiveYear : lpr.oneYear;
  return (
    <form className="loan-form" method="get" action="/jisuanqi" onSubmit={noSubmit}>
      <nav className="loan-tabs" aria-label="贷款类型">
        {LOAN_TYPES.map((t) => (
          <a
            key={t.key}
            href={`/jisuanqi?${loanSearch({ ...input, type: t.key })}`}
            className={t.key === input.type ? 'loan-tabs__tab is-on' : 'loan-tabs__tab'}
            aria-current={t.key === input.type ? 'page' : undefined}
            onClick={onTab(t.key)}
          >
            {t.label}
          </a>
        ))}
      </nav>
      <input type="hidden" name="type" value={input.type} />
      <div className="loan-card">
        <fieldset className="loan-row">
          <legend>计算方式</legend>
          <div className="loan-seg">
            <label>
              <input type="radio" name="basis" value="amount" checked={!byTotal} onChange={change} />
              <span>按贷款总额</span>
            </label>
            <label>
              <input type="radio" name="basis" value="total" checked={byTotal} onChange={change} />
              <span>按房屋总价</span>
            </label>
          </div>
        </fieldset>
        {byTotal ? (
          <>
            <label className="loan-row">
              <span>房屋总价</span>
              <span className="loan-field">
                <input name="total" inputMode="decimal" value={v('total')} onChange={change} />万
              </span>
            </label>
            <label className="loan-row">
              <span>首付比例</span>
              <select name="ratio" value={v('ratio')} onChange={change}>
                {DOWN_PAYMENT_RATIOS.map((r) => (
                  <option key={r} value={String(r)}>
                    {r / 10}成（{r}%）
                  </option>
                ))}
              </select>
            </label>
          </>
        ) : null}
        {!byTotal && commercial ? (
          <label className="loan-row">
            <span>{input.type === 'zh' ? '商贷金额' : '贷款金额'}</span>
            <span className="loan-field">
              <input name="amount" inputMode="decimal" value={v('amount')} onChange={change} />万
            </span>
          </label>
        ) : null}
        {fund && (!byTotal || input.type === 'zh') ? (
          <label className="loan-row">
            <span>公积金金额</span>
            <span className="loan-field">
              <input name="fund" inputMode="decimal" value={v('fund')} onChange={change} />万
            </span>
          </label>
        ) : null}
        <label className="loan-row">
          <span>贷款年限</span>
          <select name="years" value={v('years')} onChange={change}>
            {YEARS.map((y) => (
              <option key={y} value={String(y)}>
                {y}年（{y * 12}期）
              </option>
            ))}
          </select>
        </label>
        <fieldset className="loan-row">
          <legend>还款方式</legend>
          <div className="loan-seg">
            <label>
              <input type="radio" name="method" value="debx" checked={input.method === 'debx'} onChange={change} />
              <span>等额本息</span>
            </label>
            <label>
              <input type="radio" name="method" value="debj" checked={input.method === 'debj'} onChange={change} />
              <span>等额本金</span>
            </label>
          </div>
        </fieldset>
        {commercial ? (
          <>
            <fieldset className="loan-row">
              <legend>利率方式</legend>
              <div className="loan-seg">
                <label>
                  <input type="radio" name="rateBasis" value="lpr" checked={input.rateBasis === 'lpr'} onChange={change} />
                  <span>最新LPR</span>
                </label>
                <label>
                  <input type="radio" name="rateBasis" value="jz" checked={input.rateBasis === 'jz'} onChange={change} />
                  <span>旧基准利率</span>
                </label>
              </div>
            </fieldset>
            {input.rateBasis === 'lpr' ? (
              <label className="loan-row">
                <span>
                  LPR加点
                  <small className="loan-hint">
                    LPR {lprBase}%（{lpr.date}）
                  </small>
                </span>
                <span className="loan-field">
                  <input name="bp" inputMode="numeric" value={v('bp')} onChange={change} />
                  基点
                </span>
              </label>
            ) : (
              <label className="loan-row">
                <span>商贷利率</span>
                <select name="rate" value={v('rate')} onChange={change}>
                  {COMMERCIAL_RATES.map((r) => (
                    <option key={r.value} value={r.value}>
                      {r.label}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </>
        ) : null}
        {fund ? (
          <label className="loan-row">
            <span>公积金利率</span>
            <select name="fundRate" value={v('fundRate')} onChange={change}>
              {FUND_RATES.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button type="submit" className="loan-submit">
          开始计算
        </button>
      </div>
    </form>
  );
}
