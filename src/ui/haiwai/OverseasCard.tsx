import type { Overseas } from '../../api/types.ts';
import { AppLink } from '../AppLink.tsx';
import { LazyImage } from '../LazyImage.tsx';

/** 128.5 → '128.5'; 90 → '90'. */
const num = (n: number) => String(Math.round(n * 100) / 100);

/** An overseas listing: image with its country, title, city/layout/area/type, tags, total price (万) and local price. */
export function OverseasCard({ item }: { item: Overseas }) {
  const facts = [item.cityName, `${item.rooms}居`, `${num(item.area)}㎡`, item.propertyType].filter(Boolean);
  const tags = item.tags.slice(0, 3);
  return (
    <AppLink href={`/haiwaidetails/${item.houseId}`} className="lcard hw-card" data-testid="overseas-card">
      <div className="lcard__media">
        <LazyImage className="lcard__img" src={item.img} alt={item.title} width={120} height={90} />
        <span className="lcard__badge">{item.country}</span>
      </div>
      <div className="lcard__body">
        <h3 className="lcard__title">{item.title}</h3>
        <p className="lcard__facts">{facts.join(' | ')}</p>
        {tags.length ? (
          <p className="lcard__tags">
            {tags.map((t, i) => (
              <span key={t} className={`tag${i === 0 ? ' tag--hl' : ''}`}>
                {t}
              </span>
            ))}
          </p>
        ) : null}
        <p className="lcard__price">
          <strong className="price" data-testid="overseas-price">
            {num(item.price)}
          </strong>
          <span className="price__unit">万</span>
          {item.localPrice ? <span className="lcard__unit hw-card__local">{`约${item.localPrice}`}</span> : null}
        </p>
      </div>
    </AppLink>
  );
}
