import type { CollectKind } from '../../contracts/gateway/index.ts';
import { useAppState } from '../../stores/context.tsx';
import { num, withReturnUrl } from '../paths.ts';

/** Link and rule helpers of the detail pages, shared by every listing kind (SPEC 4, 5, 7.8). */

export type { CollectKind };

export interface ChatTarget {
  uid?: string | null;
  belongerId?: number | string | null;
  name?: string | null;
}

export const CHAT_ID_REQUIRED = '经纪人ID/UID 必传一个';

/**
 * The chat session path with the agent's parameters (and the house being discussed). Null when neither uid nor
 * belongerId is known: SPEC 5, the jump is aborted with the toast 经纪人ID/UID 必传一个.
 */
export function chatSessionPath(
  agent: ChatTarget | null | undefined,
  house?: { houseId: number | string; houseType: number },
): string | null {
  if (!agent || (!agent.uid && !agent.belongerId)) return null;
  const q = new URLSearchParams();
  if (agent.belongerId) q.set('belongerId', String(agent.belongerId));
  if (agent.uid) q.set('uid', String(agent.uid));
  if (agent.name) q.set('name', agent.name);
  if (house) {
    q.set('houseId', String(house.houseId));
    q.set('houseType', String(house.houseType));
  }
  return `/im/session?${q.toString()}`;
}

/** A visitor who starts a chat goes to /login with a bUrl holding the chat session path (SPEC 4). */
export function loginHref(back: string): string {
  return withReturnUrl('/login', back);
}

/** tel: link of a phone number such as zhcall's webCall `400-888-0731,8012` (the extension after a comma is dialled after a pause). */
export function telHref(phone: string): string {
  const [main = '', ext] = phone.split(',');
  const digits = main.replace(/[^\d+]/g, '');
  return ext ? `tel:${digits},${ext.replace(/\D/g, '')}` : `tel:${digits}`;
}

export { num };

/** '2024-05-01 10:00:00' → '2024-05-01'. */
export const day = (s: string) => s.slice(0, 10);

/** A listing's events (api/houseoperatelog) as timeline items: price changes with old and new price, in `unit`. */
export function priceLogItems(
  log: ReadonlyArray<{ id: number; kind: string; oldPrice: number | null; newPrice: number | null; createdAt: string }>,
  unit: string,
): Array<{ key: number; when: string; text: string }> {
  return log.map((l) => ({
    key: l.id,
    when: day(l.createdAt),
    text:
      l.kind === '调价' && l.oldPrice != null && l.newPrice != null
        ? `调价：${num(l.oldPrice)} → ${num(l.newPrice)}${unit}`
        : `${l.kind}${l.newPrice != null ? `，挂牌价${num(l.newPrice)}${unit}` : ''}`,
  }));
}

/**
 * The path and query of the screen, as the return address of login and of form posts (the action bar, the article
 * buttons and comment form: here, not in ActionBar.tsx, so that those need not load the bar).
 */
export function useBackPath(): string {
  const { route } = useAppState();
  const search = new URLSearchParams(route.query).toString();
  return search ? `${route.path}?${search}` : route.path;
}
