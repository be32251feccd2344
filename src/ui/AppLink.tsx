import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'wouter';

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string; children?: ReactNode };

/**
 * The one in-site link. It renders a plain `<a href>` (the same markup on the server and in the browser) and, after
 * hydration, lets wouter navigate client-side on a plain left click (issue 4). Swap the navigation here, in one place.
 */
export function AppLink({ href, children, ...rest }: AppLinkProps) {
  return (
    <Link href={href} {...rest}>
      {children}
    </Link>
  );
}
