import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { MemberSession } from '../../src/contracts/gateway/index.ts';

export const CITIES = [
  { cityId: 1, name: '长沙', domain: 'cs', servicePhone: '0731-88886666' },
  { cityId: 2, name: '武汉', domain: 'wh', servicePhone: '027-88886666' },
  // A hostile name from the gateway: must be escaped in the title and in the serialized state.
  { cityId: 9, name: '</script><script>alert(1)</script>', domain: 'xss', servicePhone: '' },
];

/**
 * The members every fake gateway of this process knows (GET /api/member/session/{userId}), filled by the test
 * helpers' `memberCookie`: a signed cookie names a member the gateway has.
 */
export const FAKE_MEMBERS = new Map<string, MemberSession>();
/** The login sessions of those members (issue 33): token → member id. */
const FAKE_SESSIONS = new Map<string, string>();

/** A login session of a fake member: the token a login cookie carries. */
export function openFakeSession(userId: string): string {
  const token = randomBytes(32).toString('base64url');
  FAKE_SESSIONS.set(token, userId);
  return token;
}

export interface FakeGateway {
  url: string;
  app: FastifyInstance;
  /** Every path the fake was asked for, in order. */
  calls: string[];
  close(): Promise<void>;
}

/**
 * A small stand-in for the API gateway for platform tests: cities only, plus `/fault/*` routes that fail in the
 * ways SPEC 7.12 names. Tests that need real listings use the embedded backend instead.
 */
export async function startFakeGateway(extra?: (app: FastifyInstance) => void): Promise<FakeGateway> {
  const app = Fastify({ logger: false });
  const calls: string[] = [];
  app.addHook('onRequest', async (req) => {
    calls.push(req.url);
  });
  // /aboutUs (issue 19), the platform tests' plain cacheable page: the city's stores (none here) and the commitments.
  app.post('/api/department/pageForWeb', async () => ({
    status: 200,
    obj: { content: [], totalElements: 0, totalPages: 0, number: 1, size: 50, first: true, last: true },
  }));
  app.get('/api/commitment/list', async () => ({
    status: 200,
    obj: [{ id: 1, title: '真房源', subtitle: '真实在售', summary: '房源真实存在、真实在售、真实价格。', terms: ['假一赔百'] }],
  }));
  app.get('/api/city/getCityByDomain', async (req, reply) => {
    const { domain } = req.query as { domain?: string };
    if (domain === 'boom') return reply.code(500).send({ status: 500, message: 'gateway exploded' });
    if (domain === 'bodystatus') return { status: 403, message: '无权访问' };
    return { status: 200, obj: CITIES.find((c) => c.domain === domain) ?? null };
  });
  app.get('/api/city/findSiteByName', async (req) => {
    const { name } = req.query as { name?: string };
    return { status: 200, obj: CITIES.find((c) => c.name === name) ?? null };
  });
  app.get('/api/member/info', async (req) => {
    const token = (req.query as { token?: string }).token ?? '';
    const m = FAKE_MEMBERS.get(FAKE_SESSIONS.get(token) ?? '');
    return m ? { status: 200, obj: { ...m, memberId: m.uid, sex: 0, token } } : { status: 401, message: '登录已失效，请重新登录' };
  });
  app.post('/api/member/logout', async (req) => {
    FAKE_SESSIONS.delete(String((req.body as { token?: unknown } | null)?.token ?? ''));
    return { status: 200, obj: true };
  });
  app.post('/api/member/revokeSessions', async (req) => {
    const userId = String((req.body as { userId?: unknown } | null)?.userId ?? '');
    const m = FAKE_MEMBERS.get(userId);
    if (!m) return { status: 404, message: '会员不存在' };
    for (const [token, id] of FAKE_SESSIONS) if (id === userId) FAKE_SESSIONS.delete(token);
    return { status: 200, obj: m };
  });
  // The city picker and the site-wide search (issue 14): every city; searches that find nothing.
  app.get('/api/city/findAll', async () => ({ status: 200, obj: CITIES }));
  app.get('/api/search/', async (req) => ({
    status: 200,
    obj: { keyword: (req.query as { keyword?: string }).keyword ?? '', total: 0, groups: {} },
  }));
  app.post('/api/search/common', async (req) => ({
    status: 200,
    obj: { keyword: (req.body as { keyword?: string }).keyword ?? '', groups: {} },
  }));
  app.get('/api/search/hotcommont/:type/:cityId', async () => ({ status: 200, obj: [] }));
  // The news list (/zixun/, issue 15): its type tabs and one article, so the page renders over this stand-in too.
  app.get('/api/info/getInfoTypeListByArr/:arr', async () => ({ status: 200, obj: [{ id: 1, name: '楼市动态' }] }));
  app.post('/api/info/getInfoDocList', async () => ({
    status: 200,
    obj: {
      content: [
        {
          infoDocId: 1,
          id: 1,
          title: '长沙楼市周报',
          summary: '本周长沙新房成交平稳。',
          cover: '/img/article/1.svg',
          author: '小编',
          source: '原创',
          tags: [],
          typeId: 1,
          typeName: '楼市动态',
          accountId: 1,
          accountName: '长沙房产头条',
          viewNum: 10,
          fabulousNum: 0,
          collectNum: 0,
          commentNum: 0,
          cityId: 1,
          houseId: null,
          createdAt: '2026-11-01 10:00:00',
        },
      ],
      totalElements: 1,
      totalPages: 1,
      number: 1,
      size: 10,
      first: true,
      last: true,
    },
  }));
  extra?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, app, calls, close: () => app.close() };
}
