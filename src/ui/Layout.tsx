import type { ReactNode } from 'react';
import { useAppState } from '../stores/context.tsx';
import { AppBar } from './AppBar.tsx';
import { CompareSlot } from './compare/CompareSlot.tsx';
import { Header } from './Header.tsx';
import { lazyPart } from './lazy-part.tsx';
import { SupervisionBar } from './SupervisionBar.tsx';

/** Is this a new-home page, which carries the fixed supervision phone (SPEC 2.7)? */
export const isNewHomePage = (page: string) => page.startsWith('xinfang');

/** The footer is at the end of every page: its chunk loads when it comes into view (issue 35 part 4). */
const Footer = lazyPart(() => import('./Footer.tsx').then((m) => m.Footer), {
  when: 'view',
  fallback: () => <footer className="ft ft--wait" />,
});

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
      <CompareSlot />
      {newHome ? <SupervisionBar /> : null}
    </div>
  );
}
