import type { JisuanqiData } from '../contracts/page-data/jisuanqi.ts';
import { computeLoan, LOAN_QUERY_KEYS, parseLoanQuery } from '../lib/loan.ts';
import { jisuanqiMeta } from '../meta/jisuanqi.ts';
import { type LoadResult, pageLoader } from '../pipeline/types.ts';

export const JISUANQI_QUERY_KEYS = LOAN_QUERY_KEYS;

/**
 * /jisuanqi (SPEC 9 loan calculator, issue 16 part C): the query's inputs, checked, and the LPR from the registry
 * (site.lpr). No gateway call. Invalid inputs are messages on the page (status 200 with the form to correct them).
 */
export async function loadJisuanqi(ctx: {
  query: Record<string, string>;
  site: { lpr: JisuanqiData['lpr'] };
}): Promise<LoadResult<JisuanqiData>> {
  const { input, errors } = parseLoanQuery(ctx.query);
  const lpr = ctx.site.lpr;
  let summary: JisuanqiData['summary'] = null;
  if (!errors.length) {
    const r = computeLoan(input, lpr);
    summary = {
      monthly: r.monthly,
      decrease: r.decrease,
      totalInterest: r.totalInterest,
      totalPayment: r.totalPayment,
      principal: r.principal,
    };
  }
  return { data: { input, errors, lpr, summary } };
}

export const jisuanqiLoader = pageLoader(loadJisuanqi, jisuanqiMeta);
