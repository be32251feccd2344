/**
 * The header's unread count on any page (issue 18), kept fresh for a signed-in member without chat code: when the
 * page comes back into view and every minute while it is in view, GET /-/chat/unread (a tiny JSON answer) sets the
 * count. The chat screens set it themselves from the transport's events. Part of the member session's chunk.
 */
export const UNREAD_REFRESH_MS = 60_000;

export interface UnreadRefreshDeps {
  set(total: number): void;
  fetchTotal?: () => Promise<number | null>;
  visible?: () => boolean;
  onVisibility?: (fn: () => void) => () => void;
  every?: (fn: () => void, ms: number) => () => void;
}

const defaultFetch = async (): Promise<number | null> => {
  const res = await fetch('/-/chat/unread', { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (!res.ok) return null;
  const body = (await res.json().catch(() => null)) as { total?: unknown } | null;
  return typeof body?.total === 'number' ? body.total : null;
};

export function startUnreadRefresh(deps: UnreadRefreshDeps): { stop(): void } {
  const fetchTotal = deps.fetchTotal ?? defaultFetch;
  const visible = deps.visible ?? (() => document.visibilityState === 'visible');
  const refresh = () => {
    if (!visible()) return;
    fetchTotal().then(
      (total) => {
        if (total !== null) deps.set(total);
      },
      () => undefined,
    );
  };
  const offVisibility = (
    deps.onVisibility ??
    ((fn) => {
      document.addEventListener('visibilitychange', fn);
      return () => document.removeEventListener('visibilitychange', fn);
    })
  )(refresh);
  const offTimer = (
    deps.every ??
    ((fn, ms) => {
      const t = setInterval(fn, ms);
      return () => clearInterval(t);
    })
  )(refresh, UNREAD_REFRESH_MS);
  return {
    stop() {
      offVisibility();
      offTimer();
    },
  };
}
