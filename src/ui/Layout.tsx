import type { ReactNode } from 'react';
import { useAppState } from '../stores/context.tsx';
import { AppBar } from './AppBar.tsx';
import { Footer, SupervisionBar } from './Footer.tsx';
import { Header } from './Header.tsx';

/** Is this a new-home page, which carries the fixed supervision phone (SPEC 2.7)? */
export const isNewHomePage = (page: string) => page.startsWith('xinfang');

/** The page frame: header (or the in-app pages' app bar), main, footer as the page's layout declares (registry `layouts`). */
export function Layout({ children }: { children: ReactNode }) {
  const { route } = useAppState();
  const newHome = isNewHomePage(route.page);
  return (
    <div className={`app${newHome ? ' app--svbar' : ''}`}>
      {route.header ? <Header /> : route.appBar ? <AppBar /> : null}
      <main className="app__main" id="main">
        {children}
      </main>
      {route.footer ? <Footer /> : null}
      {newHome ? <SupervisionBar /> : null}
    </div>
  );
}
