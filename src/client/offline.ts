/**
 * Issue 37 part 5: the page's side of the service worker (src/pwa/worker-script.ts, docs/offline.md). Production
 * builds register /sw.js once the page has loaded (development builds never do: a worker would keep old chunks
 * between rebuilds); every screen a client navigation shows is offered to the worker for offline reading, since its
 * document never passed through the worker (its data came from /-/data, which the worker never keeps).
 */
const PRODUCTION = (import.meta as ImportMeta & { env?: { PROD?: boolean } }).env?.PROD === true;

const workers = (): ServiceWorkerContainer | null =>
  PRODUCTION && typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : null;

/** Asks the controlling worker to keep this page (it keeps it only when the answer is public). */
export function keepForOffline(href: string): void {
  const controller = workers()?.controller;
  if (!controller) return;
  const send = () => controller.postMessage({ type: 'keep', url: href });
  // After the screen's own requests (its images): the worker fetches the document again.
  if ('requestIdleCallback' in window) window.requestIdleCallback(send, { timeout: 2000 });
  else setTimeout(send, 500);
}

export function registerServiceWorker(): void {
  const container = workers();
  if (!container) return;
  const register = () => void container.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
  // The first time a worker takes control, the page being read was loaded without it: offer it too.
  container.addEventListener('controllerchange', () => keepForOffline(location.href));
}
