import { saleStatusView } from '../../lib/sale-status.ts';

/** The sale status of SPEC 4: 待售 → wait, 期房/现房/尾房 → exist, 售完 → sellout shown 售罄. */
export function SaleBadge({ status, className = '' }: { status: string | null | undefined; className?: string }) {
  const v = saleStatusView(status);
  return (
    <span className={`xf-sale xf-sale--${v.show}${className ? ` ${className}` : ''}`} data-show={v.show}>
      {v.label}
    </span>
  );
}
