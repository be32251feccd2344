import type { MouseEvent, ReactNode } from 'react';
import { useLocation } from 'wouter';
import { DOWNLOAD_PATH, detectDevice, storeLinkFor } from '../../lib/device.ts';
import { useAppState } from '../../stores/context.tsx';
import { openApp } from '../open-app.ts';

/**
 * The share page's button (issue 19, SPEC 2.8, 9): it tries the app at the shared thing's path; when the page is still
 * visible after the SPEC 9 waits, the app is not installed, and the visitor goes to the store of their device and
 * vendor (the apk on other Android phones), or to /downloadapp/ on a desktop. Without JavaScript it is a link to
 * /downloadapp/.
 */
export function ShareOpenApp({ path, apkUrl, children }: { path: string; apkUrl: string | null; children: ReactNode }) {
  const [, navigate] = useLocation();
  const { app } = useAppState().site;
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    openApp({
      app,
      path,
      onNotInstalled: () => {
        const store = storeLinkFor(detectDevice(navigator.userAgent), app, apkUrl);
        if (store && !store.href.startsWith('/')) window.location.href = store.href;
        else navigate(store?.href ?? DOWNLOAD_PATH);
      },
    });
  };
  return (
    <a href={DOWNLOAD_PATH} className="btn btn--primary btn--block ah-share__open" onClick={onClick} data-open-app="">
      {children}
    </a>
  );
}
