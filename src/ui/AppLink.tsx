import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'wouter';

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  href: string;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  children?: ReactNode;
};

/** Links that leave the single-page navigation: other origins, other schemes, downloads, new windows. */
export function isClientHref(href: string, attrs: { target?: string; download?: unknown } = {}): boolean {
  if (attrs.download !== undefined || (attrs.target && attrs.target !== '_self')) return false;
  // A site path: one leading slash (not `//host`), or a query/anchor on the current page.
  return (/^\/(?![/\\])/.test(href) || href.startsWith('?') || href.startsWith('#')) && !href.startsWith('/-/');
}

/**
 * On the server a link is only its markup, the same `<a>` that wouter's `<Link>` hydrates onto: the Link's router
 * hooks and click handler would never run there, and a list page has a hundred and fifty links.
 */
const ON_SERVER = typeof window === 'undefined';

/**
 * The one in-site link: every header, menu, footer and page link goes through here. In the browser it is wouter's
 * `<Link>`: a tap navigates client-side (the next screen's chunk and data load, the URL and title change, scroll goes
 * to the top) while a modified click (new tab) keeps the browser's behaviour. The markup is a plain `<a href>` on the
 * server and in the browser, so it works before hydration and without JavaScript. External, `tel:`, download and
 * new-window links stay plain anchors.
 */
export function AppLink({ href, children, replace, ...rest }: AppLinkProps) {
  if (!isClientHref(href, rest)) {
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  }
  if (ON_SERVER) {
    // The attributes in the order wouter's <Link> writes them, so the server's markup is the same byte for byte.
    const { className, ...attrs } = rest;
    return (
      <a {...attrs} href={href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} replace={replace} {...rest}>
      {children}
    </Link>
  );
}
