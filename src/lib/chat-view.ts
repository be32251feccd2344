import type { ChatConversation } from '../contracts/chat.ts';

/** The order and counts of the chat screens' conversation lists (issue 18); records and previews are src/lib/chat.ts. Pure. */

/** Conversations as /im/list orders them: pinned first, then by the last message, newest first. */
export function sortConversations(list: ChatConversation[]): ChatConversation[] {
  return [...list].sort((a, b) => Number(b.pinned) - Number(a.pinned) || (b.last?.time ?? 0) - (a.last?.time ?? 0));
}

/** The unread total of a member's conversations (the header badge). */
export const unreadTotal = (list: ReadonlyArray<Pick<ChatConversation, 'unread'>>) => list.reduce((n, c) => n + Math.max(0, c.unread), 0);

/** A badge's text: up to 99, then 99+. */
export const badgeText = (n: number) => (n > 99 ? '99+' : String(n));
