/** Kept so that branches written before issue 12 point 1 still compile: the card shapes live in src/contracts. */
export type { Estate, HomeData, Listing } from '../contracts/page-data/cards.ts';
