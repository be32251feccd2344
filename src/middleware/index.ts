import { FILTER_QUERY_KEYS as LISTING_QUERY_KEYS } from '../lib/listing-filters.ts';
import { MENDIAN_QUERY_KEYS } from '../lib/mendian-filters.ts';
import { OVERSEAS_QUERY_KEYS } from '../lib/overseas-filters.ts';
import { SCHOOL_QUERY_KEYS } from '../lib/school-filters.ts';
import { WENDA_QUERY_KEYS } from '../lib/wenda.ts';
import { XIAOQU_QUERY_KEYS } from '../lib/xiaoqu-filters.ts';
import type { Middleware } from '../pipeline/types.ts';
import { agentOnly } from './agent-only.ts';
import { authenticated } from './authenticated.ts';
import { chatEntry } from './chat-entry.ts';
import { chatUnread } from './chat-unread.ts';
// Generic listing links (issue 19)
import { HOUSE_LINK_QUERY_KEYS, houseLink } from './house-link.ts';
import { listingQuery } from './listing-query.ts';
import { memberOnly } from './member-only.ts';
import { mendianQuery } from './mendian-query.ts';
import { overseasQuery } from './overseas-query.ts';
import { pageCache } from './page-cache.ts';
import { schoolQuery } from './school-query.ts';
import { wendaQuery } from './wenda-query.ts';
import { xiaoquQuery } from './xiaoqu-query.ts';
import { XINFANG_QUERY_KEYS, xinfangQuery } from './xinfang-query.ts';

/** The named middleware registry.json may refer to. */
export const middleware: Readonly<Record<string, Middleware>> = {
  authenticated,
  'member-only': memberOnly,
  // chat (issue 18): the agent inbox
  'agent-only': agentOnly,
  'page-cache': pageCache,
  'listing-query': listingQuery,
  'overseas-query': overseasQuery,
  'xinfang-query': xinfangQuery,
  'school-query': schoolQuery,
  'xiaoqu-query': xiaoquQuery,
  'wenda-query': wendaQuery,
  'mendian-query': mendianQuery,
  // Generic listing links (issue 19)
  'house-link': houseLink,
  // Agent chat (issue 18): /newChat, /newChat1 resolve the agent and go to the conversation
  'chat-entry': chatEntry,
  'chat-unread': chatUnread,
};

/** The query keys each middleware reads: the pipeline hands a cached page no others (issue 11 point 4). */
export const middlewareQueryKeys: Readonly<Record<string, readonly string[]>> = {
  'listing-query': LISTING_QUERY_KEYS,
  'overseas-query': OVERSEAS_QUERY_KEYS,
  'xinfang-query': XINFANG_QUERY_KEYS,
  'school-query': SCHOOL_QUERY_KEYS,
  'xiaoqu-query': XIAOQU_QUERY_KEYS,
  'wenda-query': WENDA_QUERY_KEYS,
  'mendian-query': MENDIAN_QUERY_KEYS,
  // Generic listing links (issue 19)
  'house-link': HOUSE_LINK_QUERY_KEYS,
};
