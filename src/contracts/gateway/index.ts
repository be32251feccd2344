/** The gateway's answers and request filters (SPEC 3, 7): what the client reads and the embedded backend must send. */
// Campaigns (issue 19)
export type * from './activity.ts';
// In-app pages and listing verification (issue 19)
export type * from './apph5.ts';
export type * from './belonger.ts';
export type * from './chat.ts';
export type * from './envelope.ts';
export type * from './fangjia.ts';
export type * from './gujia.ts';
export type * from './info.ts';
export type * from './listing.ts';
export type * from './location.ts';
export type * from './map.ts';
// Video and VR (issue 19)
export type * from './media.ts';
export type * from './member.ts';
export type * from './notice.ts';
export type * from './overseas.ts';
export type * from './school.ts';
export type * from './search.ts';
export type * from './topic.ts';
export type * from './xiaoqu.ts';
export type * from './xinfang.ts';
