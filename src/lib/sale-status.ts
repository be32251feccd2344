/**
 * SPEC 4, sale status display mapping: how an estate's sale status is shown. Pure, no I/O: the same answer on
 * the server, in the browser and in tests.
 *
 * | status | shown as | label |
 * | 待售   | wait     | 待售  |
 * | 期房   | exist    | 期房  |
 * | 现房   | exist    | 现房  |
 * | 尾房   | exist    | 尾房  |
 * | 售完   | sellout  | 售罄  |
 */
export type SaleStatus = '待售' | '期房' | '现房' | '尾房' | '售完';
export type SaleShow = 'wait' | 'exist' | 'sellout';

export interface SaleStatusView {
  show: SaleShow;
  label: string;
}

const VIEWS: Readonly<Record<SaleStatus, SaleStatusView>> = {
  待售: { show: 'wait', label: '待售' },
  期房: { show: 'exist', label: '期房' },
  现房: { show: 'exist', label: '现房' },
  尾房: { show: 'exist', label: '尾房' },
  售完: { show: 'sellout', label: '售罄' },
};

/** The statuses in the order a filter offers them. */
export const SALE_STATUSES: readonly SaleStatus[] = ['待售', '期房', '现房', '尾房', '售完'];

export const isSaleStatus = (s: unknown): s is SaleStatus => typeof s === 'string' && Object.hasOwn(VIEWS, s);

/**
 * The display of a sale status. The label 售罄 (what a visitor reads for 售完) is accepted as input too; an unknown
 * or empty status is shown as on sale (`exist`) with its own text, or 在售 when there is none.
 */
export function saleStatusView(status: string | null | undefined): SaleStatusView {
  const s = (status ?? '').trim();
  if (isSaleStatus(s)) return VIEWS[s];
  if (s === '售罄') return VIEWS.售完;
  return { show: 'exist', label: s || '在售' };
}

/** The label shown for a status (售完 → 售罄). */
export const saleStatusLabel = (status: string | null | undefined): string => saleStatusView(status).label;

/** A floor plan's status as shown (在售, 待售, and the gateway's 售完 as 售罄: SPEC 4's mapping). */
export function planStatusLabel(status: string | null | undefined): string {
  return status === '售完' ? VIEWS.售完.label : (status ?? '');
}
