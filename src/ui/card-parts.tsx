import type { ReactNode } from 'react';
import { AppLink } from './AppLink.tsx';
import { LazyImage } from './LazyImage.tsx';
import { Tags } from './Tags.tsx';

/**
 * The frame of a list card: a link holding the image with its badge, the title, the facts line (the non-empty facts
 * joined with |), the first three tags and, as children, the price line.
 */
export function CardFrame({
  href,
  className = 'lcard',
  testId,
  img,
  alt,
  badge,
  title,
  facts,
  tags = [],
  eager = false,
  children,
}: {
  href: string;
  className?: string;
  testId?: string;
  img?: string;
  alt: string;
  badge?: string | null;
  title: ReactNode;
  facts: ReadonlyArray<string | null | undefined>;
  tags?: readonly string[];
  /** A card of the first screen: its image loads at once (LazyImage `eager`). */
  eager?: boolean;
  children: ReactNode;
}) {
  const factLine = facts.filter(Boolean).join(' | ');
  return (
    <AppLink href={href} className={className} data-testid={testId}>
      <div className="lcard__media">
        <LazyImage className="lcard__img" src={img} alt={alt} width={120} height={90} eager={eager} />
        {badge ? <span className="lcard__badge">{badge}</span> : null}
      </div>
      <div className="lcard__body">
        <h3 className="lcard__title">{title}</h3>
        {factLine ? <p className="lcard__facts">{factLine}</p> : null}
        <Tags tags={tags.slice(0, 3)} className="lcard__tags" />
        {children}
      </div>
    </AppLink>
  );
}

/** The price line of a list card: the price, its unit and an optional note after them (unit price, local price). */
export function CardPrice({
  price,
  unit,
  note,
  noteClassName = 'lcard__unit',
  priceTestId,
  aside,
}: {
  price: string;
  unit: string;
  note?: ReactNode;
  noteClassName?: string;
  priceTestId?: string;
  /** Right of the price row: when the listing was put up (今天上架). */
  aside?: string;
}) {
  return (
    <p className="lcard__price">
      <strong className="price" data-testid={priceTestId}>
        {price}
      </strong>
      <span className="price__unit">{unit}</span>
      {note ? <span className={noteClassName}>{note}</span> : null}
      {aside ? <span className="lcard__listed">{aside}</span> : null}
    </p>
  );
}
