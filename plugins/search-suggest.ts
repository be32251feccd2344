import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SuggestAnswer } from '../src/contracts/page-data/search.ts';
import { defaultCity } from '../src/lib/default-city.ts';
import { SEARCH_QUERY_MAX, searchGroups } from '../src/lib/search-groups.ts';

export const SUGGEST_PATH = '/-/suggest';
/** Suggestions are the same for everyone in a city: browsers and shared caches may keep them a minute. */
const CACHE_CONTROL = 'public, max-age=60';
const LIMIT = 5;

const querystring = {
  type: 'object',
  properties: { q: { type: 'string', maxLength: 200 } },
} as const;

/**
 * GET /-/suggest?q=…: the search box's suggestions while typing (issue 14, SPEC 7.6), JSON for the browser: the
 * places of the request's city matching the keyword (Chinese, full pinyin, initials) grouped by kind with counts,
 * each group with its 查看全部 list. The browser debounces (~150 ms) and drops stale answers; the query goes through
 * the XSS scan of plugins/logging like every request (SPEC 5: logged, never blocked).
 */
const searchSuggest: FastifyPluginAsync = async (app) => {
  app.get(SUGGEST_PATH, { schema: { querystring } }, async function answerSuggestions(req: FastifyRequest, reply: FastifyReply) {
    const keyword = ((req.query as { q?: string }).q ?? '').trim().slice(0, SEARCH_QUERY_MAX);
    reply.header('cache-control', CACHE_CONTROL);
    reply.header('vary', 'accept-encoding');
    if (!keyword) return { keyword, total: 0, groups: [] } satisfies SuggestAnswer;
    const city = req.city ?? defaultCity(app.registry.current.file.site);
    let found: Awaited<ReturnType<typeof app.api.search.suggest>>;
    try {
      found = await app.api.search.suggest({ reqId: req.id, log: req.log }, { keyword, cityId: city.cityId, limit: LIMIT });
    } catch (err) {
      // The gateway client logged the failure; the box keeps its last list.
      reply.header('cache-control', 'no-store');
      const status = (err as { statusCode?: number }).statusCode;
      return reply.code(status && status >= 500 ? status : 502).send({ keyword, total: 0, groups: [] } satisfies SuggestAnswer);
    }
    const groups = searchGroups(keyword, found?.groups, {}, LIMIT);
    return { keyword, total: groups.reduce((n, g) => n + g.total, 0), groups } satisfies SuggestAnswer;
  });
};

export default fp(searchSuggest, { name: 'portal-search-suggest', fastify: '5.x', dependencies: ['portal-city'] });
