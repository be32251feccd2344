import type { MouseEvent } from 'react';
import { isMember } from '../../stores/app-state.ts';
import { useAppState } from '../../stores/context.tsx';
import { CHAT_ID_REQUIRED, type ChatTarget, chatSessionPath, loginHref } from './links.ts';

/**
 * A listing's agent as the detail pages show it, and the chat link's rules: used by the action bar at the top of a
 * detail's JavaScript and by the agent cards, whose own chunk loads when they come into view (issue 35 part 4).
 */

export interface AgentInfo extends ChatTarget {
  name: string;
  portrait?: string | null;
  storeName?: string | null;
  title?: string | null;
  score?: number | null;
  years?: number | null;
  tags?: string[];
  /** A customer-service agent (SPEC 3 iskefu): marked 客服. */
  iskefu?: boolean | null;
}

/** The card's fields of a listing's agent (the gateway's belonger), or null for a listing without one. */
export function agentInfoOf(a: AgentInfo | null | undefined): AgentInfo | null {
  if (!a) return null;
  return {
    name: a.name,
    uid: a.uid,
    belongerId: a.belongerId,
    portrait: a.portrait,
    storeName: a.storeName,
    title: a.title,
    score: a.score,
    years: a.years,
    tags: a.tags,
    iskefu: a.iskefu,
  };
}

/** The agent's phone as the gateway's zhcall answers it (SPEC 3 phone numbers: webCall). */
export interface AgentPhone {
  webCall: string;
  extNum?: string | null;
}

/** Where the chat button goes for this user: the session for a member, /login?bUrl=<session> for a visitor. */
export function useChatHref(agent: ChatTarget | null | undefined, house?: { houseId: number | string; houseType: number }): string | null {
  const { user } = useAppState();
  const session = chatSessionPath(agent, house);
  if (!session) return null;
  return isMember(user) ? session : loginHref(session);
}

/** Click handler of a chat link: no uid or belongerId → toast 经纪人ID/UID 必传一个 and no jump (SPEC 5). */
export function guardChat(href: string | null) {
  return (e: MouseEvent) => {
    if (href) return;
    e.preventDefault();
    // The toast's code loads with this rare tap (issue 35 part 4).
    void import('./toast.ts').then((m) => m.showToast(CHAT_ID_REQUIRED));
  };
}
