import { lazyPart } from '../lazy-part.tsx';

/**
 * The lists' filter bars, loaded at the first touch of the bar (issue 35 part 4): until then the bar is the server's
 * markup, whose panels are `<details>` that open without JavaScript and whose options are plain links; the chunk is
 * in by the time an option is picked, which then navigates client-side.
 */
const waiting = () => <div className="fbar fbar--wait" />;

export const FilterBarPart = lazyPart(() => import('./FilterBar.tsx').then((m) => m.FilterBar), { when: 'tap', fallback: waiting });

export const CommercialFilterBarPart = lazyPart(() => import('./CommercialFilterBar.tsx').then((m) => m.CommercialFilterBar), {
  when: 'tap',
  fallback: waiting,
});
