import { chatUserOf } from '../lib/chat-query.ts';
import type { Middleware } from '../pipeline/types.ts';

/**
 * The header's unread chat count (issue 18) for a member's page: asked of the gateway with the page (a member's pages
 * are never cached, so the count is never kept for someone else). A gateway that cannot answer leaves the badge
 * without a number; the page is not held up by it.
 */
export const chatUnread: Middleware = async (ctx) => {
  const id = chatUserOf(ctx.user);
  if (!id) return;
  try {
    ctx.chatUnread = (await ctx.api.chat.unread(ctx.call, id))?.total ?? 0;
  } catch (err) {
    ctx.log.warn({ err }, 'unread chat count unavailable');
    ctx.chatUnread = 0;
  }
};
