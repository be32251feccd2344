import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { isClientHref, isPlainClick } from './client-href.ts';
import { useNavigate } from './navigate.ts';

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
 * On the server a link is only its markup, the same `<a>` the browser hydrates onto: the click handler would never run
 * there, and a list page has a hundred and fifty links.
 */
const ON_SERVER = typeof window === 'undefined';

/**
 * The one in-site link: every header, menu, footer and page link goes through here. In the browser a tap navigates
 * client-side (the next screen's chunk and data load, the URL and title change, scroll goes
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
    // href before className, as the site's links have always been written (cached pages and tests compare markup).
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
    <SiteLink href={href} replace={replace} {...rest}>
      {children}
    </SiteLink>
  );
}

/** The browser's in-site link: a plain click navigates client-side, unless the link's own onClick prevented it. */
function SiteLink({ href, replace, onClick, ...rest }: AppLinkProps) {
  const navigate = useNavigate();
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(e)) return;
    onClick?.(e);
    if (e.defaultPrevented) return;
    e.preventDefault();
    navigate(href, { replace });
  };
  return <a {...rest} onClick={click} href={href} />;
}
