/**
 * Shapes of the gateway's answers (SPEC 3, 7). They live in src/contracts, which the embedded backend's mappers
 * are typed against too: the client is never typed by the demo backend, and a drift between the two is a type error.
 */
export type * from '../contracts/gateway/index.ts';
