import { useCallback, useEffect, useState } from 'react';
import type { ChatConversation } from '../../src/contracts/chat.ts';
import type { ImListData } from '../../src/contracts/page-data/im.ts';
import { sortConversations, unreadTotal } from '../../src/lib/chat-view.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppStore } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { showToast } from '../../src/ui/detail/toast.ts';
import { SwipeRow } from '../../src/ui/im/ConversationRow.tsx';
import { useChat } from '../../src/ui/im/use-chat.ts';
import { useNow } from '../../src/ui/im/use-now.ts';

/**
 * /im/list (issue 18): the member's conversations, pinned first, then newest first; each with the agent, the last
 * message, its SPEC 9 time label and the unread count. Rendered from the gateway first, then live through the chat
 * transport: a new message moves its conversation to the top; pin and delete by swipe, long press or the 更多 button.
 */
export default function ImListPage({ data }: PageProps<ImListData>) {
  const store = useAppStore();
  const [list, setList] = useState<ChatConversation[]>(data.conversations);
  const now = useNow(data.now);
  const refresh = useCallback(
    (t: { conversations(): Promise<ChatConversation[]> }) =>
      t.conversations().then(
        (fresh) => {
          setList(sortConversations(fresh));
          store.user.chatUnread = unreadTotal(fresh);
        },
        () => undefined,
      ),
    [store],
  );
  const { transport, status, error } = useChat((event, t) => {
    if (event.type === 'message' || event.type === 'read') void refresh(t);
  });
  useEffect(() => {
    if (transport) void refresh(transport);
  }, [transport, refresh]);

  const pin = async (c: ChatConversation) => {
    if (!transport) return showToast('聊天服务连接中，请稍后');
    try {
      await transport.pin(c.peer, !c.pinned);
      setList((l) => sortConversations(l.map((x) => (x.peer === c.peer ? { ...x, pinned: !c.pinned } : x))));
      showToast(c.pinned ? '已取消置顶' : '已置顶');
    } catch {
      showToast('操作失败，请重试');
    }
  };
  const remove = async (c: ChatConversation) => {
    if (!transport) return showToast('聊天服务连接中，请稍后');
    try {
      await transport.remove(c.peer);
      setList((l) => l.filter((x) => x.peer !== c.peer));
      showToast('已删除会话');
    } catch {
      showToast('删除失败，请重试');
    }
  };

  return (
    <div className="im-page">
      <div className="im-head">
        <h1 className="im-head__title">消息</h1>
        <AppLink href="/city/ChatSettings" className="im-head__link">
          聊天设置
        </AppLink>
      </div>
      {status === 'error' ? (
        <p className="im-note" role="status">
          {error}，消息将在恢复后更新
        </p>
      ) : null}
      {list.length === 0 ? (
        <section className="im-empty" data-testid="im-empty">
          <p className="im-empty__title">暂无咨询消息</p>
          <p className="im-empty__text">在房源详情页点击“在线咨询”，即可与经纪人在线沟通</p>
          <AppLink href="/ershoufang/" className="btn btn--primary btn--sm">
            去看房源
          </AppLink>
        </section>
      ) : (
        <ul className="im-list" data-testid="im-list">
          {list.map((c) => (
            <SwipeRow
              key={c.peer}
              c={c}
              now={now}
              actions={
                <>
                  <button type="button" className="im-act im-act--pin" onClick={() => void pin(c)}>
                    {c.pinned ? '取消置顶' : '置顶'}
                  </button>
                  <button type="button" className="im-act im-act--del" onClick={() => void remove(c)}>
                    删除
                  </button>
                </>
              }
            />
          ))}
        </ul>
      )}
    </div>
  );
}
