/** What the mortgage calculator page (/jisuanqi, issue 16 part C) receives. */
import type { LoanInput, LoanResult, LprSetting } from '../../lib/loan.ts';

export interface JisuanqiData {
  /** The inputs the URL carries (defaults where a key is absent). */
  input: LoanInput;
  /** What is wrong with the query, in Chinese; when not empty the page shows these instead of a result. */
  errors: string[];
  /** The latest LPR from registry.json (site.lpr). */
  lpr: LprSetting;
  /** The headline figures of the first render (for the head); the page recomputes the whole result with src/lib/loan.ts. */
  summary: Pick<LoanResult, 'monthly' | 'decrease' | 'totalInterest' | 'totalPayment' | 'principal'> | null;
}
