import { type MouseEvent, type ReactNode, type SyntheticEvent, useRef } from 'react';
import {
  type ListingKind,
  type ListingQuery,
  type LocationDict,
  RENT_SORT_LABELS,
  SORTS,
  toggled,
  toTail,
  withFilter,
} from '../../lib/listing-filters.ts';
import { AppLink } from '../AppLink.tsx';

/** The props of every list filter bar. */
export interface FilterBarProps {
  kind: ListingKind;
  base: string;
  query: ListingQuery;
  dict: LocationDict;
}

/** The URL of a filter state after a change of the bar. */
export type FilterHref = (patch: Partial<ListingQuery>) => string;
export type OnToggle = (e: SyntheticEvent<HTMLDetailsElement>) => void;
/** The filters that hold one option's number (1-based) or nothing. */
type ChoiceField = { [K in keyof ListingQuery]-?: NonNullable<ListingQuery[K]> extends number ? K : never }[keyof ListingQuery];
/** The filters that hold several options' numbers. */
type MultiField = 'rooms' | 'tags';

/** The URL of a filter state: every option of the bar is a plain link, so the bar works without JavaScript. */
export function filterHref(base: string, q: ListingQuery, kind: ListingKind, dict: LocationDict): string {
  return base + toTail(q, kind, dict);
}

/**
 * The state of a filter bar: the links of its options, and its panels, which are `<details>`: a chosen option closes
 * its panel at once (client navigation keeps the DOM; the list re-renders after its data), and opening one panel
 * closes the others.
 */
export function useFilterBar({ kind, base, query, dict }: FilterBarProps) {
  const ref = useRef<HTMLDivElement>(null);
  const onPick = (e: MouseEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('a')) for (const d of ref.current?.querySelectorAll('details') ?? []) d.open = false;
  };
  const onToggle: OnToggle = (e) => {
    const opened = e.currentTarget;
    if (!opened.open) return;
    for (const d of ref.current?.querySelectorAll('details') ?? []) if (d !== opened) d.open = false;
  };
  // The bar's state: with the dictionary's regions, everything its links and markup depend on (a kind has one bar).
  const stateKey = `${kind}\u0001${base}\u0001${JSON.stringify(query)}`;
  const known = hrefsOf(dict, stateKey);
  const href: FilterHref = (patch) => {
    const key = patchKey(patch);
    let h = known.get(key);
    if (h === undefined) {
      h = filterHref(base, withFilter(query, patch), kind, dict);
      known.set(key, h);
    }
    return h;
  };
  return { ref, onPick, onToggle, href, stateKey };
}

/**
 * The filter links already built, per location dictionary (its regions list, which src/api keeps for an hour; a link's
 * location part depends on nothing else of it), by list, bar state and change: the ~120 links of a list's bar are the
 * same for every visitor of that list, and building each one (withFilter + toTail) was a tenth of a render (issue 20).
 * Bounded; emptied when full.
 */
const hrefsByRegions = new WeakMap<LocationDict['regions'], Map<string, Map<string, string>>>();
const STATES_MAX = 500;

/** The links already built for one bar state (list, base and query), by change. */
function hrefsOf(dict: LocationDict, state: string): Map<string, string> {
  let states = hrefsByRegions.get(dict.regions);
  if (!states) {
    states = new Map();
    hrefsByRegions.set(dict.regions, states);
  }
  let known = states.get(state);
  if (!known) {
    if (states.size >= STATES_MAX) states.clear();
    known = new Map();
    states.set(state, known);
  }
  return known;
}

/** A change of the bar as a key: its fields in order with their values (lists joined). */
function patchKey(patch: Partial<ListingQuery>): string {
  let key = '';
  for (const k in patch) {
    const v = patch[k as keyof ListingQuery];
    key += `${k}=${Array.isArray(v) ? v.join(',') : String(v)};`;
  }
  return key;
}

export function Opt({ href, on, children, rel }: { href: string; on: boolean; children: ReactNode; rel?: string }) {
  return (
    <AppLink href={href} className={`fbar__opt${on ? ' is-on' : ''}`} aria-current={on ? 'true' : undefined} rel={rel}>
      {children}
    </AppLink>
  );
}

export function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="fbar__group">
      <h4 className="fbar__gtitle">{title}</h4>
      <div className="fbar__opts">{children}</div>
    </div>
  );
}

/** One tab of the bar and the panel it opens. */
export function Panel({ label, on, onToggle, children }: { label: string; on: boolean; onToggle: OnToggle; children: ReactNode }) {
  return (
    <details className="fbar__item" onToggle={onToggle}>
      <summary className={`fbar__tab${on ? ' is-on' : ''}`}>{label}</summary>
      <div className="fbar__panel">{children}</div>
    </details>
  );
}

/** The 更多 tab: its count of chosen filters, its groups and the link that clears them. */
export function MorePanel({
  count,
  clearHref,
  onToggle,
  children,
}: {
  count: number;
  clearHref: string;
  onToggle: OnToggle;
  children: ReactNode;
}) {
  return (
    <Panel label={count ? `更多(${count})` : '更多'} on={count > 0} onToggle={onToggle}>
      {children}
      <div className="fbar__foot">
        <AppLink className="btn btn--ghost btn--sm" href={clearHref}>
          清空更多
        </AppLink>
      </div>
    </Panel>
  );
}

/** The sort menu: 默认排序 and the sorts the list allows (rentals name the price sorts 租金). */
export function SortPanel({
  query: q,
  href,
  rent,
  allowed = () => true,
  onToggle,
}: {
  query: ListingQuery;
  href: FilterHref;
  rent: boolean | null;
  allowed?: (sort: number) => boolean;
  onToggle: OnToggle;
}) {
  const label = (i: number) => (rent ? RENT_SORT_LABELS[i] : undefined) ?? SORTS[i - 1]?.label ?? '';
  return (
    <details className="fbar__item fbar__item--sort" onToggle={onToggle}>
      <summary className={`fbar__tab fbar__tab--sort${q.sort ? ' is-on' : ''}`} aria-label="排序">
        排序
      </summary>
      <div className="fbar__panel fbar__panel--list">
        <Opt href={href({ sort: undefined })} on={!q.sort}>
          默认排序
        </Opt>
        {SORTS.map((s, i) =>
          allowed(i + 1) ? (
            <Opt key={s.api} href={href({ sort: i + 1 })} on={q.sort === i + 1}>
              {label(i + 1)}
            </Opt>
          ) : null,
        )}
      </div>
    </details>
  );
}

interface OptionGroupProps<F> {
  title: string;
  field: F;
  labels: readonly string[];
  query: ListingQuery;
  href: FilterHref;
}

const choice = (field: ChoiceField, value: number | undefined): Partial<ListingQuery> => {
  const patch: Partial<ListingQuery> = {};
  patch[field] = value;
  return patch;
};

/** One option of a list, or 不限 (first) for none. */
export function ChoiceGroup({ title, field, labels, query: q, href }: OptionGroupProps<ChoiceField>) {
  return (
    <Group title={title}>
      <Opt href={href(choice(field, undefined))} on={!q[field]}>
        不限
      </Opt>
      {labels.map((label, i) => (
        <Opt key={label} href={href(choice(field, i + 1))} on={q[field] === i + 1}>
          {label}
        </Opt>
      ))}
    </Group>
  );
}

/** One option of a list or none: the chosen option's link takes it off again. */
export function ToggleGroup({ title, field, labels, query: q, href, children }: OptionGroupProps<ChoiceField> & { children?: ReactNode }) {
  return (
    <Group title={title}>
      {labels.map((label, i) => (
        <Opt key={label} href={href(choice(field, q[field] === i + 1 ? undefined : i + 1))} on={q[field] === i + 1}>
          {label}
        </Opt>
      ))}
      {children}
    </Group>
  );
}

/** Any number of options of a list; with `withAny`, 不限 (first) clears them. */
export function MultiGroup({ title, field, labels, query: q, href, withAny }: OptionGroupProps<MultiField> & { withAny?: boolean }) {
  return (
    <Group title={title}>
      {withAny ? (
        <Opt href={href({ [field]: [] })} on={!q[field].length}>
          不限
        </Opt>
      ) : null}
      {labels.map((label, i) => (
        <Opt key={label} href={href({ [field]: toggled(q[field], i + 1) })} on={q[field].includes(i + 1)}>
          {label}
        </Opt>
      ))}
    </Group>
  );
}
