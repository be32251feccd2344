/** What the chat screens (issue 18: /im/list, /im/session, serveEvaluation, /city/ChatSettings, /xinfang/unreadlist) receive. */
import type { ChatConversation, ChatMessage } from '../chat.ts';
import type { ChatHouseCard } from '../gateway/chat.ts';
import type { NearbyMap } from '../gateway/map.ts';
import type { FormState } from './personal.ts';

export type { ChatConversation, ChatHouseCard, ChatMessage };

/** /im/list: the member's conversations as the gateway had them when the page was rendered. */
export interface ImListData {
  conversations: ChatConversation[];
  /** The server's clock at render (epoch ms): the first render's time labels, the same on the server and in the browser. */
  now: number;
}

/** The agent a conversation is with. */
export interface ChatAgent {
  belongerId: number;
  uid: string;
  name: string;
  portrait: string;
  storeName: string | null;
  iskefu: boolean;
}

/** A listing's place, for the map card (SPEC 3 message type map). */
export interface ChatPlace {
  lat: number;
  lng: number;
  title: string;
  address: string;
}

/** What the map card of the listing's place draws around it: its district, schools and stations (api/map/nearby). */
export type ChatPlaceMap = ChatPlace & NearbyMap;

/** /im/session: the conversation with one agent, started (or not) from a listing. */
export type ImSessionData =
  | {
      ok: true;
      /** The member's chat user id and the agent's. */
      me: string;
      peer: string;
      agent: ChatAgent;
      /** SPEC 3 chat house card, when the chat was started from a listing. */
      house: ChatHouseCard | null;
      /** Where the card's listing opens. */
      houseHref: string | null;
      place: ChatPlace | null;
      /** The place's surroundings, for the map cards of this place in the stream. */
      placeMap: ChatPlaceMap | null;
      /** The member's quick phrases (the listing card's opening line first). */
      replies: string[];
      /** The newest page of the history, oldest first. */
      messages: ChatMessage[];
      more: boolean;
      now: number;
    }
  | {
      ok: false;
      /** SPEC 5, 8: 获取用户uid 失败！ */
      message: string;
    };

/** /im/session/serveEvaluation?belongerId=: rate the agent's service after a chat. */
export interface ServeEvaluationData {
  agent: ChatAgent;
  form: FormState;
}

/** The member's chat notification settings (/city/ChatSettings). */
export interface ChatSettings {
  /** Notify of new messages at all. */
  notify: boolean;
  /** Show the message text in a notification (off: 您有一条新消息). */
  preview: boolean;
  sound: boolean;
  /** Do not disturb between `dndFrom` and `dndTo` (HH:mm, Beijing time; may wrap midnight). */
  dnd: boolean;
  dndFrom: string;
  dndTo: string;
}

export interface ChatSettingsData {
  settings: ChatSettings;
  form: FormState;
}

/** /xinfang/unreadlist: the member's new-home conversations with unread messages. */
export interface XinfangUnreadData {
  member: boolean;
  conversations: ChatConversation[];
  now: number;
}
