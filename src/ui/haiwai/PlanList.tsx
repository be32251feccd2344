import type { OverseasPlan } from '../../contracts/gateway/index.ts';
import { AppLink } from '../AppLink.tsx';
import { LazyImage } from '../LazyImage.tsx';

const num = (n: number) => String(Math.round(n * 100) / 100);
const range = (a: number, b: number, unit: string) => (a === b ? `${num(a)}${unit}` : `${num(a)}-${num(b)}${unit}`);

/**
 * The floor plans of an overseas project: picture, rooms, area and total-price ranges, how many are on offer.
 * Compact (a detail page's strip) links each plan to its floor-plan page; full (the floor-plan page) to a listing.
 */
export function PlanList({
  projectId,
  plans,
  compact = false,
  selected = null,
}: {
  projectId: number;
  plans: OverseasPlan[];
  compact?: boolean;
  selected?: number | null;
}) {
  return (
    <ul className={compact ? 'hw-plans hw-plans--strip' : 'hw-plans'} data-testid="plans">
      {plans.map((p) => (
        <li key={p.hxId} className={p.rooms === selected ? 'hw-plan is-on' : 'hw-plan'}>
          <AppLink href={compact ? `/haiwaihuxing/${projectId}/${p.rooms}` : `/haiwaidetails/${p.sampleId}`} className="hw-plan__link">
            <LazyImage className="hw-plan__img" src={p.img} alt={`${p.name}户型图`} width={160} height={120} />
            <div className="hw-plan__body">
              <h3 className="hw-plan__name">{p.name}</h3>
              <p className="hw-plan__area">{range(p.minArea, p.maxArea, '㎡')}</p>
              <p className="hw-plan__price">
                <strong className="price">{range(p.minPrice, p.maxPrice, '')}</strong>
                <span className="price__unit">万</span>
              </p>
              {compact ? null : <p className="hw-plan__count">{p.count}套在售 · 查看房源</p>}
            </div>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
