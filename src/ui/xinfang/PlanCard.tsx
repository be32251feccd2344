import type { Huxing } from '../../api/types.ts';
import { planStatusLabel } from '../../lib/sale-status.ts';
import { AppLink } from '../AppLink.tsx';
import { LazyImage } from '../LazyImage.tsx';

/** One floor plan as a card linking to its page: the estate's plan list and a plan's other plans. */
export function PlanCard({ plan, estateName }: { plan: Huxing; estateName: string }) {
  return (
    <AppLink href={`/huxing/${plan.huxingId}.html`} className="xf-plan" data-rooms={plan.rooms}>
      <span className="xf-plan__media">
        <LazyImage className="xf-plan__img" src={plan.img} alt={`${estateName}${plan.name}户型图`} width={104} height={104} />
      </span>
      <span className="xf-plan__body">
        <b className="xf-plan__name">
          {plan.name} {plan.huxing}
          <span className={`xf-hx__st xf-plan__st${plan.status === '在售' ? ' is-on' : ''}`}>{planStatusLabel(plan.status)}</span>
        </b>
        <span className="xf-plan__meta">
          建面约{plan.area}㎡ · {plan.orientation}
        </span>
        <span className="xf-plan__tags">
          {plan.tags.map((t) => (
            <span key={t} className="xf-tag">
              {t}
            </span>
          ))}
        </span>
        <span className="xf-plan__price">约{plan.totalPrice}万/套</span>
      </span>
    </AppLink>
  );
}
