import type { ChatLogin, ChatTransport } from '../../contracts/chat.ts';

/**
 * The chat client (issue 18): import this module only by dynamic `import()` from a chat screen (never from
 * src/client/entry.tsx or shared UI, so a list or detail page loads no chat code). `createChatTransport(login)` picks
 * the transport the portal's GET /-/chat/login chose; the screens only ever see `ChatTransport`.
 */
export async function createChatTransport(login: ChatLogin): Promise<ChatTransport> {
  if (login.transport === 'tencent') {
    const { createTencentTransport } = await import('./tencent.ts');
    return createTencentTransport(login);
  }
  const { createBuiltinTransport } = await import('./builtin.ts');
  return createBuiltinTransport(login);
}

export { ChatHttpError } from './http.ts';
export { compressImage, uploadChatImage, uploadChatVoice } from './images.ts';
export { chatTargetError, connectChat, fetchChatLogin, lookupChatPeer, whenChatReady } from './rules.ts';
