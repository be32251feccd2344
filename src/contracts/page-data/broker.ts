/** What the agent (broker) pages receive from their loaders (serialized into the page). */
import type { Belonger, Dianping } from '../gateway/index.ts';
import type { Estate, Listing } from './cards.ts';

/** The agent with the phone their zhcall gave: the switchboard and their virtual extension (SPEC 3, 7.7). */
export interface BrokerAgent extends Belonger {
  webCall: string;
}

/** One kind of the agent's listings (getMainlyPopularizeHouse by house type). */
export interface BrokerKind {
  houseType: number;
  label: string;
  count: number;
  listings: Listing[];
  estates: Estate[];
}

export interface BrokerViewing {
  id: number;
  houseId: number;
  title: string | null;
  customer: string;
  remark: string;
  createdAt: string;
}

export interface BrokerComment {
  id: number;
  houseId: number;
  title: string;
  content: string;
  createdAt: string;
}

/** /broker/{id} and /broker/details?id=: the agent's card, listings, viewings, comments, reviews. */
export interface BrokerDetailData {
  agent: BrokerAgent;
  kinds: BrokerKind[];
  viewings: BrokerViewing[];
  viewingTotal: number;
  comments: BrokerComment[];
  reviews: Dianping[];
  reviewTotal: number;
  /** Average of the members' reviews (null when none). */
  reviewAverage: number | null;
  /** Other agents of the city (getRecommendBelonger). */
  recommend: Belonger[];
}

/** /broker/: the city's agents, by store or district, paged. */
export interface BrokerListData {
  agents: Belonger[];
  total: number;
  page: number;
  totalPages: number;
  storeId: number | null;
  regionId: number | null;
}
