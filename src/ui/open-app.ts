import { detectDevice, type NativeApp, planOpenApp } from '../lib/device.ts';

/*
 * Trying the native app (SPEC 2.8, 9) is its own chunk: the user-agent rules of lib/device.ts are only needed once
 * a visitor taps 打开APP, so they stay out of the JavaScript every page loads before it is interactive (issue 20).
 */

export interface OpenAppOptions {
  /** The app to open (the state's site.app). */
  app: NativeApp;
  /** The site path to open in the app. */
  path: string;
  /** When to check whether the page is still visible (SPEC 9: 1.5 s and 2 s; 2.2 s on the download page). */
  checksMs?: readonly number[];
  /** Still visible after the last check: the app is not installed. */
  onNotInstalled(): void;
}

/**
 * SPEC 2.8, 8, 9: try the app's link; if the page is still visible at every check, the app did not open. On iOS
 * outside a phone browser (an app's web view) the link cannot work, so an alert says to use the phone browser.
 * Returns a cancel function.
 */
export function openApp({ app, path, checksMs, onNotInstalled }: OpenAppOptions): () => void {
  const plan = planOpenApp(detectDevice(navigator.userAgent), app, path, checksMs);
  if (plan.kind === 'alert') {
    window.alert(plan.message);
    return () => undefined;
  }
  let left = true;
  const gone = () => {
    left = false;
  };
  // The app took over: the page is hidden (or leaves) before a check.
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') gone();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', gone);
  const timers = plan.checksMs.map((ms, i) =>
    setTimeout(() => {
      if (document.visibilityState === 'hidden') gone();
      if (!left) return cleanup();
      if (i === plan.checksMs.length - 1) {
        cleanup();
        onNotInstalled();
      }
    }, ms),
  );
  function cleanup() {
    for (const t of timers) clearTimeout(t);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', gone);
  }
  window.location.href = plan.href;
  return cleanup;
}
