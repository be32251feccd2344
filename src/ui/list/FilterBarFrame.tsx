import type { ReactNode } from 'react';
import type { ListingQuery, LocationDict } from '../../lib/listing-filters.ts';
import { useMemoChildren } from '../markup-memo.tsx';
import { SortPanel, type useFilterBar } from './filter-parts.tsx';
import { LocationPanel } from './LocationPanel.tsx';

/**
 * What every list filter bar shows around its own tabs: the 区域 tab first and the sort menu last. A chosen option
 * closes the open panel (see useFilterBar).
 */
export function FilterBarFrame({
  bar,
  query,
  dict,
  rent,
  sortAllowed,
  children,
}: {
  bar: ReturnType<typeof useFilterBar>;
  query: ListingQuery;
  dict: LocationDict;
  rent: boolean | null;
  sortAllowed?: (sort: number) => boolean;
  children: ReactNode;
}) {
  // The tabs and panels are the same for every visitor of this list state: the server renders them once per state
  // and dictionary (issue 20: a fifth of a list's elements, a third of its render); the browser hydrates them.
  const panels = useMemoChildren(
    dict.regions,
    bar.stateKey,
    <>
      <LocationPanel query={query} dict={dict} href={bar.href} onToggle={bar.onToggle} />
      {children}
      <SortPanel query={query} href={bar.href} rent={rent} allowed={sortAllowed} onToggle={bar.onToggle} />
    </>,
  );
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegation of the links' clicks
    <div className="fbar" ref={bar.ref} onClick={bar.onPick} {...panels} />
  );
}
