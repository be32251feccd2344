/**
 * The calculator link of a listing or an estate, apart from the calculator's maths (src/lib/loan.ts): a detail page
 * needs only this, and its chunk stays small (issue 20: JS before interactive).
 */

/** The down payment the calculator starts from, in percent. */
export const DEFAULT_DOWN_PAYMENT_RATIO = 30;

/** A listing's calculator link (issue 16: every detail page pre-fills the house total, in 万, 30% down). */
export function calculatorHref(totalWan: number): string {
  const total = String(Math.round(totalWan * 10000) / 10000);
  return `/jisuanqi?${new URLSearchParams({ basis: 'total', total, ratio: String(DEFAULT_DOWN_PAYMENT_RATIO) })}`;
}
