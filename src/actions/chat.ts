import { agentChatUser, type ChatUser, memberChatUser } from '../chat-user.ts';
import { CHAT_MESSAGES, CHAT_USER_ID } from '../lib/chat.ts';
import { CHAT_VOICE_MAX_BYTES, CHAT_VOICE_MESSAGES, checkVoiceClip } from '../lib/chat-voice.ts';
import { type ActionContext, ActionRefusal, actionHandler } from './types.ts';

/**
 * The chat's writes (issue 18) on the action stage (issue 33), the same handlers for both sides: the member's under
 * /-/chat (`member-only`) and the agent inbox's under /-/agent/chat (`agent-only`), each `same-origin` and limited
 * (registry.json: chat-write and chat-upload per member, agent-chat-write and agent-chat-upload per agent).
 * - POST {base}/read    { peer }          → obj { upTo, unread }
 * - POST {base}/pin     { peer, pinned }  → obj { pinned }
 * - POST {base}/remove  { peer }          → obj { unread }
 * - POST {base}/image   multipart `file`  → obj ChatImage (checked by content and re-encoded by the gateway, long side
 *                                           ≤ 1280)
 * - POST {base}/voice   multipart `file`  → obj ChatVoice (webm, ogg, m4a or mp3, ≤ 2 MB, kept as sent): parsed first
 *                                           (src/lib/chat-voice.ts): an audio track in a codec browsers play, 0 < length ≤ 300 s
 * The bus, the read marks and the unread totals are the chat plugin's (plugins/chat.ts `app.chatService`). The browser
 * client (src/client/chat/) posts with fetch() and reads the answer's `obj`.
 */

const BAD_PEER = '会话不正确';
const peer = { type: 'string', pattern: CHAT_USER_ID.source, title: '会话', errorMessage: BAD_PEER } as const;
/** A file field of a multipart post (a Buffer); its content is checked below and by the gateway. */
const file = (title: string) => ({ title }) as const;

export const chatBodies = {
  chatPeer: {
    type: 'object',
    additionalProperties: false,
    required: ['peer'],
    properties: { peer },
    errorMessage: { required: { peer: BAD_PEER } },
  },
  chatPin: {
    type: 'object',
    additionalProperties: false,
    required: ['peer', 'pinned'],
    properties: { peer, pinned: { type: 'boolean', title: '置顶', errorMessage: '置顶状态不正确' } },
    errorMessage: { required: { peer: BAD_PEER, pinned: '置顶状态不正确' } },
  },
  chatImage: {
    type: 'object',
    additionalProperties: false,
    properties: { file: file('图片') },
  },
  chatVoice: {
    type: 'object',
    additionalProperties: false,
    properties: { file: file('语音') },
  },
} as const;

/** Who posts: the inbox agent of an `agent-only` action, else the member of a `member-only` one (by uid). */
function chatUserOf(ctx: ActionContext<unknown>): ChatUser {
  if (ctx.agent) return agentChatUser(ctx.agent);
  const user = ctx.user ? memberChatUser(ctx.user) : null;
  if (!user) throw new ActionRefusal(null, CHAT_MESSAGES.notLoggedIn, 401);
  return user;
}

/** The posted file: null when none was posted (or a text field stands in its place). */
const postedFile = (v: unknown): Buffer | null => (Buffer.isBuffer(v) ? v : null);

type Peer = { peer: string };
type Pin = { peer: string; pinned: boolean };
type Upload = { file?: unknown };

/** POST {base}/read: the peer's messages read (both sides told), the unread total after it. */
const chatRead = actionHandler<Peer>({
  async run(ctx) {
    const obj = await ctx.app.chatService.markRead(ctx.call, chatUserOf(ctx), ctx.body.peer);
    return { message: '已读', obj };
  },
});

/** POST {base}/pin: the conversation first in the list, or not. */
const chatPin = actionHandler<Pin>({
  async run(ctx) {
    const { peer, pinned } = ctx.body;
    const obj = await ctx.app.chatService.pin(ctx.call, chatUserOf(ctx), peer, pinned);
    return { message: pinned ? '已置顶' : '已取消置顶', obj };
  },
});

/** POST {base}/remove: the conversation deleted for the poster (the peer keeps theirs). */
const chatRemove = actionHandler<Peer>({
  async run(ctx) {
    const obj = await ctx.app.chatService.remove(ctx.call, chatUserOf(ctx), ctx.body.peer);
    return { message: '会话已删除', obj };
  },
});

/** POST {base}/image (multipart `file`): a picture for an `images` message. */
const chatImage = actionHandler<Upload>({
  check(b) {
    const data = postedFile(b.file);
    if (!data) throw new ActionRefusal('file', '请选择图片');
    if (data.length === 0) throw new ActionRefusal('file', '图片为空');
  },
  async run(ctx) {
    const data = postedFile(ctx.body.file);
    if (!data?.length) throw new ActionRefusal('file', '请选择图片');
    const obj = await ctx.app.chatService.storeImage(ctx.call, chatUserOf(ctx), data);
    return { message: '图片已上传', obj };
  },
});

/** POST {base}/voice (multipart `file`): a recording for a `voice` message, parsed before anything is stored. */
const chatVoice = actionHandler<Upload>({
  check(b) {
    const data = postedFile(b.file);
    if (!data) throw new ActionRefusal('file', '请录制语音');
    if (data.length === 0) throw new ActionRefusal('file', '语音为空');
    if (data.length > CHAT_VOICE_MAX_BYTES) throw new ActionRefusal('file', CHAT_VOICE_MESSAGES.tooLarge, 413);
  },
  async run(ctx) {
    const data = postedFile(ctx.body.file);
    if (!data?.length) throw new ActionRefusal('file', '请录制语音');
    const user = chatUserOf(ctx);
    // Issue 33: really a recording (parsed, not only its first bytes), before anything is stored.
    const clip = await checkVoiceClip(data);
    if (!clip.ok) {
      ctx.log.info({ userId: user.id, bytes: data.length, reason: clip.reason }, 'chat voice refused: not a recording');
      throw new ActionRefusal('file', clip.message, clip.status);
    }
    const obj = await ctx.app.chatService.storeVoice(ctx.call, user, data, clip);
    return { message: '语音已上传', obj };
  },
});

export const chatHandlers = { chatRead, chatPin, chatRemove, chatImage, chatVoice };
