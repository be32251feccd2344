import { useAppState } from '../../stores/context.tsx';
import { lazyPart } from '../lazy-part.tsx';

const load = () => import('./SaveSearch.tsx').then((m) => m.SaveSearch);
/** Its chunk at the first tap: until then the server's `<details>` form works as plain HTML (issue 35 part 4). */
const OnTap = lazyPart(load, { when: 'tap' });
/** Back from the login (`?baocun=1`) the chunk loads at once: it saves the search the visitor chose before. */
const AtOnce = lazyPart(load, { when: 'view' });

/** 保存搜索 on a filtered list (SaveSearch.tsx, issue 37 part 1), out of the list's JavaScript before interactive. */
export function SaveSearchPart({ suggestedName }: { suggestedName: string }) {
  const { route } = useAppState();
  const Part = route.query.baocun === '1' ? AtOnce : OnTap;
  return <Part suggestedName={suggestedName} />;
}
