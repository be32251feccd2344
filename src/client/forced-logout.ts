import { FORCED_LOGOUT_DELAY_MS } from '../lib/member-socket.ts';

export interface ForcedLogoutSteps {
  /** Step 2: the loading toast. */
  showLoading(): void;
  wait(ms: number): Promise<void>;
  /** Step 3: clear the login data (the server's cookie, the client user store, session storage). */
  clearLogin(): Promise<void>;
  /** Step 4: 退出成功. */
  showDone(): void;
  /** Step 5. */
  goHome(): Promise<void> | void;
  /** Step 6: the logout event. */
  track(): void;
}

/**
 * SPEC 4 "Forced logout", steps 2 to 6, in order: loading toast, wait 500 ms (SPEC 9), clear login data, 退出成功, go
 * home, record a logout event. A failing step does not stop the ones after it: the member must end up signed out.
 */
export async function runForcedLogout(steps: ForcedLogoutSteps): Promise<void> {
  const attempt = async (fn: () => unknown) => {
    try {
      await fn();
    } catch {
      // Go on: the next steps still sign the member out.
    }
  };
  await attempt(() => steps.showLoading());
  await steps.wait(FORCED_LOGOUT_DELAY_MS);
  await attempt(() => steps.clearLogin());
  await attempt(() => steps.showDone());
  await attempt(() => steps.goHome());
  await attempt(() => steps.track());
}
