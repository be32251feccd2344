import { type MouseEvent, type ReactNode, useEffect } from 'react';
import { useLocation } from 'wouter';
import { DOWNLOAD_PATH } from '../lib/download-path.ts';
import { useAppState } from '../stores/context.tsx';
import type { OpenAppOptions } from './open-app.ts';

type OpenApp = (opts: OpenAppOptions) => () => void;

/**
 * open-app.ts is its own chunk (issue 20): a mounted button fetches it right after hydration, so a tap normally calls
 * it at once, within the tap's user activation; a tap before it arrived waits for it.
 */
let loaded: OpenApp | null = null;
let loading: Promise<OpenApp> | null = null;
const loadOpenApp = (): Promise<OpenApp> => {
  loading ??= import('./open-app.ts').then(
    (m) => (loaded = m.openApp),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
};

export interface OpenAppButtonProps {
  className?: string;
  children?: ReactNode;
  /** Site path to open in the app; default: the page the visitor is on. */
  path?: string;
  /** Where the link goes without JavaScript and when the app does not open (default /downloadapp/). */
  href?: string;
}

/**
 * The 打开APP button: an `<a href="/downloadapp/">` (so it works before hydration and without JavaScript); a tap tries
 * the app and goes to /downloadapp/ when the app did not open.
 */
export function OpenAppButton({ className, children = '打开APP', path, href = DOWNLOAD_PATH }: OpenAppButtonProps) {
  const [, navigate] = useLocation();
  const { app } = useAppState().site;
  useEffect(() => {
    void loadOpenApp().catch(() => undefined);
  }, []);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    const opts: OpenAppOptions = {
      app,
      path: path ?? window.location.pathname + window.location.search,
      onNotInstalled: () => navigate(href),
    };
    if (loaded) loaded(opts);
    else
      loadOpenApp().then(
        (openApp) => openApp(opts),
        // The chunk cannot be fetched: the link's own target, as without JavaScript.
        () => navigate(href),
      );
  };
  return (
    <a href={href} className={className} onClick={onClick} data-open-app="">
      {children}
    </a>
  );
}
