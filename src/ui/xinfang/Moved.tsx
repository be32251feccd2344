import { AppLink } from '../AppLink.tsx';

/** The body of a 301 answered by a loader (the Location header does the work; this is for a client that ignores it). */
export function Moved({ to }: { to: string }) {
  return (
    <div className="xf-moved card">
      <p>页面已移至新地址</p>
      <AppLink href={to} className="btn btn--primary btn--sm">
        前往新页面
      </AppLink>
    </div>
  );
}
