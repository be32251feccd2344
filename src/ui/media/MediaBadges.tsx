import type { ReactNode } from 'react';
import { AppLink } from '../AppLink.tsx';

export interface MediaBadge {
  href: string;
  label: string;
}

/** The VR and video badges a listing card offers (issue 19): the house's tour and clip pages, when it has them. */
export function mediaBadgesOf(m: { vrUrl?: string | null; videoUrl?: string | null }): MediaBadge[] {
  const out: MediaBadge[] = [];
  if (m.vrUrl) out.push({ href: m.vrUrl, label: 'VR' });
  if (m.videoUrl) out.push({ href: m.videoUrl, label: '视频' });
  return out;
}

/**
 * A list card with its VR and video badges over the picture. The badges are links of their own, so they sit beside the
 * card's link (a link inside a link is not HTML), placed over its picture; a card without media is returned as it is.
 * Each link is a 24 px high touch target (WCAG 2.2 target size, issue 34) around its smaller visible pill.
 */
export function WithMediaBadges({ badges, variant, children }: { badges: MediaBadge[]; variant: 'lcard' | 'xf'; children: ReactNode }) {
  if (!badges.length) return <>{children}</>;
  return (
    <div className={`mbadged mbadged--${variant}`}>
      {children}
      <span className="mbadges">
        {badges.map((b) => (
          <AppLink key={b.href} href={b.href} className={`mbadge mbadge--${b.label === 'VR' ? 'vr' : 'video'}`} data-testid="media-badge">
            <span className="mbadge__pill">{b.label === 'VR' ? 'VR' : '▶ 视频'}</span>
          </AppLink>
        ))}
      </span>
    </div>
  );
}
