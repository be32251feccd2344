import t from 'tap';
import { createTencentTransport, type SdkModule } from '../../src/client/chat/tencent.ts';
import type { ChatEvent, ChatTransport } from '../../src/contracts/chat.ts';

/**
 * The Tencent IM transport (issue 18) over a stand-in for `@tencentcloud/chat`: login with the member's userID and the
 * UserSig the portal signed, messages mapped to the contract types both ways, and SDK failures of login, send, pin,
 * blacklist and read marks logged as warnings (SPEC 8), never thrown at the screen (a failed send rejects with 发送失败).
 */

const TYPES = {
  MSG_TEXT: 'TIMTextElem',
  MSG_CUSTOM: 'TIMCustomElem',
  MSG_IMAGE: 'TIMImageElem',
  MSG_AUDIO: 'TIMSoundElem',
  MSG_LOCATION: 'TIMLocationElem',
  CONV_C2C: 'C2C',
};
const EVENT = {
  SDK_READY: 'sdkStateReady',
  SDK_NOT_READY: 'sdkStateNotReady',
  MESSAGE_RECEIVED: 'onMessageReceived',
  MESSAGE_READ_BY_PEER: 'onMessageReadByPeer',
  TOTAL_UNREAD_MESSAGE_COUNT_UPDATED: 'onTotalUnreadMessageCountUpdated',
  KICKED_OUT: 'kickedOut',
};

function fakeSdk(opts: { failAll: boolean }) {
  const handlers: Record<string, (e: { data: unknown }) => void> = {};
  const calls: Array<[string, unknown]> = [];
  const fail = async (name: string, arg: unknown) => {
    calls.push([name, arg]);
    if (opts.failAll) throw Object.assign(new Error(`${name} failed`), { code: 2024 });
    return { data: {} };
  };
  const chat = {
    setLogLevel() {},
    on(event: string, handler: (e: { data: unknown }) => void) {
      handlers[event] = handler;
    },
    login: (o: unknown) => fail('login', o),
    logout: () => fail('logout', null),
    destroy: async () => undefined,
    createTextMessage: (o: { to: string; payload: unknown }) => ({ type: TYPES.MSG_TEXT, ...o }),
    createCustomMessage: (o: { to: string; payload: unknown }) => ({ type: TYPES.MSG_CUSTOM, ...o }),
    async sendMessage(m: { type: string; to: string; payload: unknown }) {
      calls.push(['sendMessage', m]);
      if (opts.failAll) throw new Error('send failed');
      return { data: { message: { ID: 'tim-1', type: m.type, payload: m.payload, from: 'm100001', to: m.to, time: 1_765_000_000 } } };
    },
    async getMessageList(o: unknown) {
      calls.push(['getMessageList', o]);
      return {
        data: {
          messageList: [
            { ID: 'a', type: TYPES.MSG_TEXT, payload: { text: '在吗' }, from: 'b100001', to: 'm100001', time: 1_765_000_000 },
            {
              ID: 'b',
              type: TYPES.MSG_IMAGE,
              payload: { imageInfoArray: [{ url: 'https://im.example/a.jpg', width: 640, height: 480 }] },
              from: 'b100001',
              to: 'm100001',
              time: 1_765_000_100,
            },
          ],
          nextReqMessageID: 'a',
          isCompleted: false,
        },
      };
    },
    async getConversationList() {
      return {
        data: {
          conversationList: [
            {
              conversationID: 'C2Cb100001',
              type: 'C2C',
              userProfile: { userID: 'b100001', nick: '顾问' },
              lastMessage: {
                type: TYPES.MSG_TEXT,
                payload: { text: '在吗' },
                messageForShow: '在吗',
                lastTime: 1_765_000_000,
                fromAccount: 'b100001',
              },
              unreadCount: 2,
              isPinned: true,
            },
          ],
        },
      };
    },
    setMessageRead: (o: unknown) => fail('setMessageRead', o),
    pinConversation: (o: unknown) => fail('pinConversation', o),
    deleteConversation: (o: unknown) => fail('deleteConversation', o),
    addToBlacklist: (o: unknown) => fail('addToBlacklist', o),
  };
  let created: unknown = null;
  const module = {
    default: {
      create: (o: unknown) => {
        created = o;
        return chat;
      },
      EVENT,
      TYPES,
    },
  };
  return { module, handlers, calls, created: () => created };
}

const login = { transport: 'tencent', userId: 'm100001', sdkAppId: 1400123456, userSig: 'sig-abc', expireSeconds: 604800 } as const;

t.test('login, messages and conversations are mapped to the contract', async (t) => {
  const sdk = fakeSdk({ failAll: false });
  const transport: ChatTransport = await createTencentTransport(login, async () => sdk.module.default as unknown as SdkModule);
  t.same(sdk.created(), { SDKAppID: 1400123456 });
  t.same(sdk.calls[0], ['login', { userID: 'm100001', userSig: 'sig-abc' }], 'logs in with the member id and the server-signed UserSig');
  const events: ChatEvent[] = [];
  transport.on((e) => events.push(e));
  t.equal(transport.ready(), false);
  sdk.handlers[EVENT.SDK_READY]?.({ data: null });
  t.equal(transport.ready(), true);

  const text = await transport.send('b100001', { msgType: 'text', content: { text: '你好' } }, 'c1');
  t.match(text, {
    id: 'tim-1',
    clientId: 'c1',
    msgType: 'text',
    content: { text: '你好' },
    from: 'm100001',
    to: 'b100001',
    time: 1_765_000_000_000,
  });
  const house = { msgType: 'house', content: { title: '时代苑 3室', houseid: 7, price: 120 } } as never;
  const card = await transport.send('b100001', house, 'c2');
  t.match(card, { msgType: 'house', content: { title: '时代苑 3室', houseid: 7 } }, 'a house card goes as a custom message and comes back');
  const custom = sdk.calls.find(([n, m]) => n === 'sendMessage' && (m as { type: string }).type === TYPES.MSG_CUSTOM)?.[1] as {
    payload: { description: string };
  };
  t.equal(custom.payload.description, '[房源]', 'its preview for the conversation list');

  sdk.handlers[EVENT.MESSAGE_RECEIVED]?.({
    data: [{ ID: 'r1', type: TYPES.MSG_TEXT, payload: { text: '收到' }, from: 'b100001', to: 'm100001', time: 1_765_000_200 }],
  });
  t.match(events.at(-1), { type: 'message', message: { id: 'r1', content: { text: '收到' } } });
  sdk.handlers[EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED]?.({ data: 3 });
  t.same(events.at(-1), { type: 'unread', total: 3 });

  const history = await transport.history('b100001');
  t.equal(history.more, true);
  t.match(history.messages[1], { msgType: 'images', content: { url: 'https://im.example/a.jpg', width: 640 } });
  await transport.history('b100001', history.messages[0]?.time);
  t.match(sdk.calls.filter(([n]) => n === 'getMessageList').at(-1), [
    'getMessageList',
    { conversationID: 'C2Cb100001', nextReqMessageID: 'a' },
  ]);

  const list = await transport.conversations();
  t.match(list, [{ conversationID: 'C2Cb100001', peer: 'b100001', unread: 2, pinned: true, last: { preview: '在吗', fromMe: false } }]);
  transport.close();
});

t.test('SDK failures are warnings; a failed send rejects with 发送失败，请重试', async (t) => {
  const sdk = fakeSdk({ failAll: true });
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(String(args[0]));
  t.teardown(() => {
    console.warn = warn;
  });
  const transport = await createTencentTransport(login, async () => sdk.module.default as unknown as SdkModule);
  await new Promise((r) => setImmediate(r));
  await transport.markRead('b100001');
  await transport.pin('b100001', true);
  await transport.blacklist?.('b100001');
  await transport.remove('b100001');
  await t.rejects(transport.send('b100001', { msgType: 'text', content: { text: 'x' } }, 'c9'), { message: '发送失败，请重试' });
  for (const what of ['login', 'read mark', 'pin', 'blacklist', 'send'])
    t.ok(
      warnings.some((w) => w === `chat SDK: ${what} failed`),
      `${what} failure is a warning`,
    );
  transport.close();
});
