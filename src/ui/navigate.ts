import { createContext, useContext } from 'react';

/** A navigation within the site: the next screen's chunk and data load, the URL and title change (src/client/runtime). */
export type Navigate = (to: string, opts?: { replace?: boolean }) => void;

/** Without the browser entry's navigation (a server render, a test): the browser loads the page itself. */
const loadPage: Navigate = (to, opts) => {
  if (typeof window === 'undefined') return;
  if (opts?.replace) window.location.replace(to);
  else window.location.assign(to);
};

/**
 * The browser entry's navigation (src/client/ClientRoot.tsx). Its own small context instead of a router library
 * (issue 35 part 4: wouter was 1.2 KB gzipped of every page's first JavaScript, and every link subscribed to the
 * location): the server's registry match already gives each screen its params, so links only need to navigate.
 */
export const NavigateContext = createContext<Navigate>(loadPage);

export const useNavigate = (): Navigate => useContext(NavigateContext);
