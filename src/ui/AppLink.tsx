import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'wouter';
import { isClientHref } from './client-href.ts';

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  href: string;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  children?: ReactNode;
};

/**
 * The attributes of a link's server markup, copied in one pass without `href`, `children`, `replace` (and
 * `className` when it is written last): object rest is a slow path in V8, and a list page has 150 links.
 */
function attrsOf(props: AppLinkProps, withoutClass: boolean): Record<string, unknown> {
  const attrs: Record<string, unknown> = {};
  for (const key in props) {
    if (key === 'href' || key === 'children' || key === 'replace' || (withoutClass && key === 'className')) continue;
    attrs[key] = props[key as keyof AppLinkProps];
  }
  return attrs;
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
export function AppLink(props: AppLinkProps) {
  const { href, children } = props;
  if (ON_SERVER) {
    if (!isClientHref(href, props)) {
      return (
        <a href={href} {...attrsOf(props, false)}>
          {children}
        </a>
      );
    }
    // The attributes in the order wouter's <Link> writes them, so the server's markup is the same byte for byte.
    return (
      <a {...attrsOf(props, true)} href={href} className={props.className}>
        {children}
      </a>
    );
  }
  const { replace, href: _href, children: _children, ...rest } = props;
  if (!isClientHref(href, rest)) {
    return (
      <a href={href} {...rest}>
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
