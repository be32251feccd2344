import { useEffect } from 'react';
import { AppLink } from '../AppLink.tsx';

/**
 * The body of a 301 answered by a loader: the Location header does the work for a document request; a client
 * navigation that lands here (the data endpoint answers JSON) replaces the address with the new one.
 */
export function Moved({ to }: { to: string }) {
  useEffect(() => {
    if (typeof window !== 'undefined' && `${window.location.pathname}${window.location.search}` !== to) window.location.replace(to);
  }, [to]);
  return (
    <div className="xf-moved card">
      <p>页面已移至新地址</p>
      <AppLink href={to} className="btn btn--primary btn--sm">
        前往新页面
      </AppLink>
    </div>
  );
}
