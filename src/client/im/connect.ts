import type { ChatTransport } from '../../contracts/chat.ts';
import { CHAT_MESSAGES } from '../../lib/chat.ts';
import { connectChat as connect } from '../chat/rules.ts';

/**
 * The chat screens' way to the chat transport (issue 18): log in to chat through the portal (GET /-/chat/login, for
 * the signed-in member only) and open the transport it names (src/client/chat). Loaded by dynamic import on chat
 * screens only. A visitor (signed out meanwhile) is refused with 用户未登录.
 */
export async function connectChat(): Promise<ChatTransport> {
  const transport = await connect();
  if (!transport) throw new Error(CHAT_MESSAGES.notLoggedIn);
  return transport;
}
