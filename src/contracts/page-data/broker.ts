/** What the agent (broker) pages receive from their loaders (serialized into the page). */
import type { Belonger, Commitment, Dianping } from '../gateway/index.ts';
import type { Estate, Listing } from './cards.ts';
import type { FormState } from './personal.ts';

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
  /** The city's districts, to list agents by district (a secondary call: empty when it failed). */
  regions: ReadonlyArray<{ regionId: number; regionName: string }>;
}

/** /commitment and /commitment/{id}: every service commitment, the one of the id opened with its terms. */
export interface CommitmentData {
  commitments: Commitment[];
  current: Commitment | null;
}

/** /dianping/{id}, /dpDetail/{id}: an agent's ratings and reviews with the review form; without an id the city's latest. */
export interface DianpingData {
  agent: Belonger | null;
  reviews: Dianping[];
  total: number;
  average: number | null;
  form: FormState;
}

/** /jiameng/{id?}: the franchise application and the investment-attraction form. */
export interface JiamengData {
  cityName: string;
  /** `1` saved, `again` a duplicate within 24 h, `zhaoshang` the investment form saved. */
  ok: string | null;
  jiameng: FormState;
  zhaoshang: FormState;
  /** Service commitments shown as the brand's promise to partners. */
  commitments: Commitment[];
}

/** /daili: the agency / channel-partner page with the city's recommended agents and the brand's commitments. */
export interface DailiData {
  cityName: string;
  agents: Belonger[];
  commitments: Commitment[];
}
