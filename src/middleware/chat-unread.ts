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
  const memberId = ctx.user?.uid || ctx.user?.userId || '';
  const [chat, notices] = await Promise.all([
    ctx.api.chat.unread(ctx.call, id).then(
      (r) => r?.total ?? 0,
      (err) => {
        ctx.log.warn({ err }, 'unread chat count unavailable');
        return 0;
      },
    ),
    // Issue 37: the member's unread notices share the badge.
    memberId
      ? ctx.api.notice.unread(ctx.call, memberId).catch((err) => {
          ctx.log.warn({ err }, 'unread notice count unavailable');
          return 0;
        })
      : 0,
  ]);
  ctx.chatUnread = chat;
  ctx.noticeUnread = notices;
};
