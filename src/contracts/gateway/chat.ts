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
