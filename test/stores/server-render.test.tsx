import { renderToString } from 'react-dom/server';
import t from 'tap';
import type { AppState } from '../../src/stores/app-state.ts';
import { StoreProvider, useFetchState, usePageStore } from '../../src/stores/context.tsx';
import { definePageStore } from '../../src/stores/page-store.ts';

const counter = definePageStore('test.counter', () => ({ renders: 0 }));

function Counter() {
  const [snap, store] = usePageStore(counter);
  store.renders += 1;
  const fetch = useFetchState('test.page');
  return (
    <p>
      {snap.renders}/{String(fetch.pending)}
    </p>
  );
}

const state = {} as AppState;

t.test('on the server every request renders with fresh page stores (never a shared module-level object)', async (t) => {
  const one = renderToString(
    <StoreProvider state={state}>
      <Counter />
    </StoreProvider>,
  );
  const two = renderToString(
    <StoreProvider state={state}>
      <Counter />
    </StoreProvider>,
  );
  t.equal(one, '<p>1<!-- -->/<!-- -->false</p>');
  t.equal(two, one, 'the second request does not see the first one’s writes');
  t.throws(() => renderToString(<Counter />), /outside StoreProvider/);
});
