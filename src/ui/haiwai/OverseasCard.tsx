import type { Overseas } from '../../contracts/gateway/index.ts';
import { CardFrame, CardPrice } from '../card-parts.tsx';
import { num } from '../paths.ts';

/** An overseas listing: image with its country, title, city/layout/area/type, tags, total price (万) and local price. */
export function OverseasCard({ item }: { item: Overseas }) {
  return (
    <CardFrame
      href={`/haiwaidetails/${item.houseId}`}
      className="lcard hw-card"
      testId="overseas-card"
      img={item.img}
      alt={item.title}
      badge={item.country}
      title={item.title}
      facts={[item.cityName, `${item.rooms}居`, `${num(item.area)}㎡`, item.propertyType]}
      tags={item.tags}
    >
      <CardPrice
        price={num(item.price)}
        unit="万"
        note={item.localPrice ? `约${item.localPrice}` : null}
        noteClassName="lcard__unit hw-card__local"
        priceTestId="overseas-price"
      />
    </CardFrame>
  );
}
