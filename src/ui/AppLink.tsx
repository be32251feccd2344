import type { AnchorHTMLAttributes, ReactNode } from 'react';

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string; children?: ReactNode };

/**
 * The one in-site link: every header, menu, footer and page link goes through here, so client-side navigation
 * (issue 4) is switched on in this one place. Until the browser entry re-renders the screen on a location change,
 * a plain `<a href>` (a full page load) is the link that always works; the markup is the same on the server and in
 * the browser. To navigate client-side, render wouter's `<Link href={href} {...rest}>` here instead.
 */
export function AppLink({ href, children, ...rest }: AppLinkProps) {
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}
