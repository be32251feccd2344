import { listingQueryRedirect } from '../loaders/listing-common.ts';
import { listSpecOf } from '../loaders/zufang.ts';

/**
 * `listing-query` (registry middleware of the second-hand, rental and short-term lists): filters given as query
 * parameters, and tails written in another order or case, redirect (301) to the one canonical path form; an
 * unknown tail is the 404 screen (SPEC 2.5, 9).
 */
export const listingQuery = listingQueryRedirect(listSpecOf);
