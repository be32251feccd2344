import type { MouseEvent } from 'react';
import { useAppState } from '../stores/context.tsx';
import { AppLink } from './AppLink.tsx';
import { splitTitle } from './paths.ts';

/** Where the back arrow goes when there is no page to go back to: the in-app home. */
const APP_HOME = '/appH5';

/**
 * Issue 19: the app-style top bar of the pages the native app opens in its web view (registry layout `appBar`): a back
 * arrow and the page's title, no logo, city, quick links or menu (the app has its own).
 */
export function AppBar() {
  const { route, site } = useAppState();
  const title = splitTitle(route.head.title, site.brand).main || site.brand;
  const back = (e: MouseEvent<HTMLAnchorElement>) => {
    if (window.history.length > 1 && document.referrer.startsWith(window.location.origin)) {
      e.preventDefault();
      window.history.back();
    }
  };
  return (
    <header className="apbar" data-testid="app-bar">
      <AppLink href={APP_HOME} className="apbar__back" aria-label="返回" onClick={back}>
        <span aria-hidden="true">‹</span>
      </AppLink>
      <h1 className="apbar__title">{title}</h1>
      <span className="apbar__side" aria-hidden="true" />
    </header>
  );
}
