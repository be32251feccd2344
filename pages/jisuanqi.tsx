import { useEffect, useMemo, useState } from 'react';
import type { JisuanqiData } from '../src/contracts/page-data/jisuanqi.ts';
import { computeLoan, DEFAULT_INPUT, LOAN_QUERY_KEYS, type LoanInput, loanSearch, parseLoanQuery } from '../src/lib/loan.ts';
import type { PageProps } from '../src/render/page-props.ts';
import { LoanForm, type RawLoanQuery } from '../src/ui/loan/LoanForm.tsx';
import { LoanResultView } from '../src/ui/loan/LoanResultView.tsx';

/** The form's raw values: the defaults as strings, overlaid with the query's own (even invalid ones, to correct them). */
function rawFrom(query: Record<string, string>): RawLoanQuery {
  const raw: RawLoanQuery = {};
  for (const k of LOAN_QUERY_KEYS) raw[k] = String(DEFAULT_INPUT[k as keyof LoanInput]);
  for (const k of LOAN_QUERY_KEYS) if (query[k] !== undefined) raw[k] = query[k];
  return raw;
}

/**
 * /jisuanqi (SPEC 9, issue 16 part C): commercial, provident-fund and combined loans, by loan amount or house total,
 * equal instalment or equal principal, benchmark or LPR. The first result is rendered on the server from the query;
 * once hydrated every input change recomputes with the same src/lib/loan.ts and the URL follows (to share it).
 */
export default function JisuanqiPage({ data, query }: PageProps<JisuanqiData>) {
  const queryKey = LOAN_QUERY_KEYS.map((k) => query[k] ?? '').join('\u0001');
  const [raw, setRaw] = useState<RawLoanQuery>(() => rawFrom(query));
  // a navigation to the page with other inputs (e.g. from a listing's link) starts from them
  // biome-ignore lint/correctness/useExhaustiveDependencies: queryKey stands for the query's loan keys
  useEffect(() => setRaw(rawFrom(query)), [queryKey]);
  const { input, errors } = useMemo(() => parseLoanQuery(raw), [raw]);
  const result = useMemo(() => (errors.length ? null : computeLoan(input, data.lpr)), [input, errors, data.lpr]);

  const onChange = (key: string, value: string) => {
    const next = { ...raw, [key]: value };
    setRaw(next);
    const parsed = parseLoanQuery(next);
    if (!parsed.errors.length) window.history.replaceState(window.history.state, '', `/jisuanqi?${loanSearch(parsed.input)}`);
  };

  return (
    <div className="loan">
      <h1 className="loan__title">房贷计算器</h1>
      <LoanForm raw={raw} input={input} lpr={data.lpr} onChange={onChange} />
      {errors.length ? (
        <div className="loan-card loan-errors" role="alert">
          <p>请修改以下输入后再计算：</p>
          <ul>
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      ) : result ? (
        <LoanResultView result={result} />
      ) : null}
      <p className="loan-note">计算结果仅供参考，以银行实际放款为准。金额按银行惯例四舍五入到分：利息合计按精确月供×期数−本金计算。</p>
    </div>
  );
}
