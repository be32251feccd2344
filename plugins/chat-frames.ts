import { Ajv } from 'ajv';
import type { ChatClientFrame, ChatServerFrame } from '../src/contracts/chat.ts';
import { CHAT_FILE_URL, CHAT_TEXT_MAX, CHAT_USER_ID } from '../src/lib/chat.ts';

/**
 * What the chat socket accepts (issue 18): the client frames of src/contracts/chat.ts, exactly (Ajv, strict), and the
 * chat bus's events as another portal process publishes them on Redis.
 */

/** One event of the chat bus: a frame for every socket of these users. */
export interface BusEvent {
  to: string[];
  frame: ChatServerFrame;
}

export interface ChatBus {
  publish(event: BusEvent): Promise<void>;
  subscribe(listener: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
}

export const CHAT_BUS_CHANNEL = 'portal:chat';

const ajv = new Ajv({ strict: true, allErrors: false });
export const userId = { type: 'string', pattern: CHAT_USER_ID.source } as const;
const fileUrl = { type: 'string', pattern: CHAT_FILE_URL.source } as const;
const short = (max: number) => ({ type: 'string', maxLength: max }) as const;
const obj = (properties: Record<string, object>, required: string[]) =>
  ({ type: 'object', additionalProperties: false, required, properties }) as const;
const sendFrame = (msgType: string, content: object) =>
  obj(
    {
      t: { const: 'send' },
      clientId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
      to: userId,
      msgType: { const: msgType },
      content,
    },
    ['t', 'clientId', 'to', 'msgType', 'content'],
  );
const houseCard = obj(
  {
    tuijian: { type: 'boolean' },
    title: short(200),
    price: { type: 'number' },
    priceText: short(60),
    other: short(200),
    desc: short(500),
    img: short(500),
    houseid: { type: 'integer', minimum: 0 },
    housetype: { type: 'integer', minimum: 0 },
    houseMode: short(60),
    huashu: short(500),
    activityName: short(200),
  },
  ['title', 'houseid'],
);
/** The client frames (src/contracts/chat.ts ChatClientFrame), exactly. */
export const isClientFrame = ajv.compile<ChatClientFrame>({
  oneOf: [
    sendFrame('text', obj({ text: { type: 'string', minLength: 1, maxLength: CHAT_TEXT_MAX } }, ['text'])),
    sendFrame('house', houseCard),
    sendFrame(
      'map',
      obj(
        {
          lat: { type: 'number', minimum: -90, maximum: 90 },
          lng: { type: 'number', minimum: -180, maximum: 180 },
          title: short(100),
          address: short(200),
        },
        ['lat', 'lng', 'title', 'address'],
      ),
    ),
    sendFrame(
      'images',
      obj(
        { url: fileUrl, width: { type: 'integer', minimum: 0, maximum: 20000 }, height: { type: 'integer', minimum: 0, maximum: 20000 } },
        ['url', 'width', 'height'],
      ),
    ),
    sendFrame('voice', obj({ url: fileUrl, seconds: { type: 'number', minimum: 0, maximum: 300 } }, ['url', 'seconds'])),
    sendFrame('cmd', obj({ cmd: { type: 'string', pattern: '^[a-z][a-zA-Z]{0,39}$' }, data: {} }, ['cmd'])),
    obj({ t: { const: 'read' }, peer: userId }, ['t', 'peer']),
    obj({ t: { const: 'ping' } }, ['t']),
  ],
});
/** A bus event from Redis is another process's JSON. */
export const isBusEvent = ajv.compile<BusEvent>({
  type: 'object',
  required: ['to', 'frame'],
  additionalProperties: false,
  properties: {
    to: { type: 'array', items: userId, minItems: 1, maxItems: 4 },
    frame: { type: 'object', required: ['t'], properties: { t: { enum: ['message', 'read', 'unread'] } } },
  },
});
