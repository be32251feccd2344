import { STATE_SCRIPT_ID } from '../../src/render/document.ts';
import type { AppState } from '../../src/stores/app-state.ts';

/** The state a server-rendered document hands to the browser, as the browser parses it. */
export function stateOf(html: string): AppState {
  const m = html.match(new RegExp(`<script id="${STATE_SCRIPT_ID}" type="application/json">(.*?)</script>`, 's'));
  if (!m) throw new Error('no state script');
  return JSON.parse(m[1] as string) as AppState;
}
