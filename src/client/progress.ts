import { subscribe } from 'valtio';
import type { FetchStates } from '../stores/fetch-state.ts';

/**
 * The thin bar at the top of the screen while a navigation's data or chunk loads. It follows the fetch states, whose
 * `pending` lasts at least 200 ms (SPEC 9), so it never flashes. Drawn outside React: it is not part of the
 * server-rendered markup and must not disturb hydration.
 */
export function startProgressBar(states: FetchStates): () => void {
  const bar = document.createElement('div');
  bar.setAttribute('role', 'progressbar');
  bar.setAttribute('aria-label', '页面加载中');
  bar.dataset.navProgress = '';
  Object.assign(bar.style, {
    position: 'fixed',
    top: '0',
    left: '0',
    height: '3px',
    width: '0',
    zIndex: '9999',
    background: 'var(--c-brand, #00a862)',
    boxShadow: '0 0 6px rgba(0,168,98,.6)',
    opacity: '0',
    transition: 'width .4s ease-out, opacity .2s linear',
    pointerEvents: 'none',
  } satisfies Partial<CSSStyleDeclaration>);
  document.body.appendChild(bar);
  let shown = false;
  const update = () => {
    const pending = Object.values(states).some((s) => s.pending);
    if (pending === shown) return;
    shown = pending;
    bar.hidden = false;
    if (pending) {
      bar.style.opacity = '1';
      bar.style.width = '70%';
    } else {
      bar.style.width = '100%';
      bar.style.opacity = '0';
      setTimeout(() => {
        if (!shown) bar.style.width = '0';
      }, 250);
    }
  };
  const stop = subscribe(states, update);
  return () => {
    stop();
    bar.remove();
  };
}
