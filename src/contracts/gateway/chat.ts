export interface ChatRecord {
  id: number;
  fromId: string;
  toId: string;
  msgType: 'text' | 'house' | 'map' | 'images' | 'voice' | 'cmd';
  content: string;
  createdAt: string;
}

/** SPEC 3, chat house card. */
export interface ChatHouseCard {
  tuijian: boolean;
  title: string;
  price: number;
  priceText: string;
  other: string;
  desc: string;
  img: string;
  houseid: number;
  housetype: number;
  houseMode: string;
  huashu: string;
  activityName: string;
}

/**
 * GET /api/microchat/access/{agent}/{peer}[?houseId=&houseType=] (issue 33, our path): what decides whether an agent
 * may write to a peer (src/lib/chat-access.ts).
 */
export interface ChatAgentAccess {
  /** The peer has written to the agent: they opened the conversation. */
  peerWrote: boolean;
  /** The peer is a member (not a made-up id, not another agent). */
  peerIsMember: boolean;
  /** The agent opened the conversation with a house card of a listing it holds. */
  openedWithListing: boolean;
  /** With houseId: the agent holds that listing (houseType 1: that new-home estate); null without one. */
  holdsHouse: boolean | null;
}
