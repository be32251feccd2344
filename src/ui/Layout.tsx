import type { ReactNode } from 'react';
import { useAppState } from '../stores/context.tsx';
import { Footer, SupervisionBar } from './Footer.tsx';
import { Header } from './Header.tsx';

/** Is this a new-home page, which carries the fixed supervision phone (SPEC 2.7)? */
export const isNewHomePage = (page: string) => page.startsWith('xinfang');

/** The page frame: header, main, footer as the page's layout declares (registry `layouts`). */
export function Layout({ children }: { children: ReactNode }) {
  const { route } = useAppState();
  const newHome = isNewHomePage(route.page);
  return (
    <div className={`app${newHome ? ' app--svbar' : ''}`}>
      {route.header ? <Header /> : null}
      <main className="app__main" id="main">
        {children}
      </main>
      {route.footer ? <Footer /> : null}
      {newHome ? <SupervisionBar /> : null}
    </div>
  );
}
