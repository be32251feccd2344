import type { FastifyBaseLogger } from 'fastify';
import Fastify from 'fastify';
import pino from 'pino';
import t from 'tap';
import { type CallContext, createApi } from '../../src/api/index.ts';
import { gatewayFailure } from '../helpers/gateway-failure.ts';

/**
 * The client's failure rules (SPEC 7.1, 7.12) against a fault-injecting fake gateway: any status other than 200 (HTTP or
 * body) is a failure passed on with its status; a timeout and invalid JSON are failures; an empty body or empty obj is
 * only logged. Also: request id forwarding, bounded retries for GETs only, sname → name, the per-city config cache, and
 * the full-URL clients (chat host, house service).
 */
type Mode =
  | 'ok'
  | 'badpage'
  | 'http500'
  | 'http503'
  | 'status403'
  | 'statusWeird'
  | 'slow'
  | 'badjson'
  | 'emptyobj'
  | 'emptybody'
  | 'nullobj';
let mode: Mode = 'ok';
const hits: Array<{ method: string; url: string; reqId: string | undefined }> = [];

const fake = Fastify({ logger: false });
fake.addContentTypeParser('*', (_req, _payload, done) => done(null));
fake.all('/*', async (req, reply) => {
  hits.push({ method: req.method, url: req.url, reqId: req.headers['x-request-id'] as string | undefined });
  switch (mode) {
    case 'http500':
      return reply.code(500).send({ status: 500, message: 'boom' });
    case 'http503':
      return reply.code(503).send({ status: 503, message: 'busy' });
    case 'status403':
      return { status: 403, message: '无权访问', obj: null };
    case 'statusWeird':
      return { status: 'FAIL', message: 'odd', obj: null };
    case 'slow':
      await new Promise((r) => setTimeout(r, 2500));
      return { status: 200, obj: { late: true } };
    case 'badjson':
      return reply.type('application/json').send('{"status": 200, "obj": ');
    case 'emptyobj':
      return { status: 200, obj: {} };
    case 'emptybody':
      return reply.type('application/json').send('');
    case 'nullobj':
      return { status: 200, obj: null };
    case 'badpage':
      return { status: 200, obj: { content: 'not a list', totalElements: '3' } };
    default:
      if (req.url.startsWith('/api/xiaoqu/findById/'))
        return {
          status: 200,
          obj: {
            stressId: 7,
            cityId: 1,
            name: '万科魅力之城',
            sname: '魅力之城',
            avgPrice: 12000,
            ershoucount: 3,
            zufangcount: 1,
            photos: [],
            prices: [],
          },
        };
      if (req.url.startsWith('/api/region/findByCityId/'))
        return { status: 200, obj: [{ regionId: 3, regionName: '岳麓区', cityId: Number(req.url.split('/').pop()) }] };
      if (req.url === '/api/shopMap/find') return { status: 200, obj: [{ shopMapId: 9, shopMapName: '麓谷', regionId: 3 }] };
      if (req.url.startsWith('/api/house/findMetros/')) return { status: 200, obj: [] };
      if (req.url.startsWith('/api/config/getSwitchSystemConfigByCityId/')) {
        await new Promise((r) => setTimeout(r, 20));
        return { status: 200, obj: { chat: true, cityId: Number(req.url.split('/').pop()) } };
      }
      return { status: 200, obj: { path: req.url } };
  }
});
await fake.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(fake.server.address() as { port: number }).port}`;
t.teardown(() => fake.close());

const lines: Array<{ level: number; msg: string; [k: string]: unknown }> = [];
const log = pino({ level: 'debug' }, { write: (s: string) => void lines.push(JSON.parse(s)) }) as unknown as FastifyBaseLogger;
const call: CallContext = { reqId: 'req-42', log };
const api = createApi({
  gatewayUrl: base,
  chatUrl: `${base}/chathost`,
  houseUrl: `${base}/housesvc`,
  wwwUrl: `${base}/www`,
  timeoutMs: 800,
});

t.beforeEach(() => {
  mode = 'ok';
  hits.length = 0;
  lines.length = 0;
});

t.test('HTTP 500 is a failure with status 500, logged once', async (t) => {
  mode = 'http500';
  const err = await gatewayFailure(api.house.findById(call, 1));
  t.equal(err.statusCode, 500);
  t.equal(err.path, 'api/house/findById/1');
  t.equal(lines.filter((l) => l.level === 50).length, 1);
});

t.test('a body status other than 200 is a failure passed on with that status and message', async (t) => {
  mode = 'status403';
  const err = await gatewayFailure(api.xiaoqu.findById(call, 1));
  t.equal(err.statusCode, 403);
  t.equal(err.message, '无权访问');
  // A refusal is logged, at info level: anyone's bad input must not fill the error log (issue 33).
  t.match(
    lines.find((l) => l.level === 30 && l.msg === 'gateway status not 200'),
    { status: 403, gateway: 'api/xiaoqu/findById/1' },
  );
  t.notOk(
    lines.some((l) => l.level >= 50 && l.gateway === 'api/xiaoqu/findById/1'),
    'no error line for a refusal',
  );
});

t.test('a body status that is not a number is a failure (502)', async (t) => {
  mode = 'statusWeird';
  t.equal((await gatewayFailure(api.city.findSiteByName(call, '长沙'))).statusCode, 502);
});

t.test('a timeout is a failure with 504; a GET is retried once, a POST never', async (t) => {
  mode = 'slow';
  const started = Date.now();
  t.equal((await gatewayFailure(api.house.findById(call, 2))).statusCode, 504);
  t.equal(hits.length, 2, 'GET tried twice');
  t.ok(Date.now() - started < 8000);
  hits.length = 0;
  t.equal((await gatewayFailure(api.house.findByCondition(call, { cityId: 1 }))).statusCode, 504);
  t.equal(hits.length, 1, 'POST tried once');
});

t.test('HTTP 503 is retried for a GET, then passed on as 503', async (t) => {
  mode = 'http503';
  t.equal((await gatewayFailure(api.belonger.find(call, 3))).statusCode, 503);
  t.equal(hits.length, 2);
  hits.length = 0;
  t.equal((await gatewayFailure(api.user.kanfang(call, { name: '王', phone: '13912345678' }))).statusCode, 503);
  t.equal(hits.length, 1);
});

t.test('invalid JSON is a failure (502)', async (t) => {
  mode = 'badjson';
  const err = await gatewayFailure(api.house.findById(call, 1));
  t.equal(err.statusCode, 502);
  t.match(lines.find((l) => l.level === 50)?.msg, /invalid JSON/);
});

t.test('an empty obj is only logged, and the call returns', async (t) => {
  mode = 'emptyobj';
  t.same(await api.house.hsmid(call, 1), {});
  t.ok(lines.some((l) => l.msg === 'gateway answered an empty obj'));
  t.notOk(lines.some((l) => l.level >= 50));
});

t.test('a record a page depends on that comes back empty or mistyped is a 502, logged with what is missing', async (t) => {
  mode = 'emptyobj';
  const err = await gatewayFailure(api.house.findById(call, 1));
  t.equal(err.statusCode, 502);
  t.match(err.message, /incomplete record/);
  t.match(
    lines.find((l) => l.level === 50),
    { msg: 'gateway answered an incomplete record', problem: /required property/ },
  );
  mode = 'badpage';
  t.equal((await gatewayFailure(api.house.findByCondition(call, { cityId: 1 }))).statusCode, 502, 'a page of listings that is no page');
});

t.test('an empty body is only logged; list calls give [] and page calls an empty page', async (t) => {
  mode = 'emptybody';
  t.same(await api.config.regions(call, 1), []);
  const page = await api.house.findByCondition(call, { cityId: 1 });
  t.same(page.content, []);
  t.equal(page.totalElements, 0);
  t.ok(lines.some((l) => l.msg === 'gateway answered an empty body'));
  mode = 'nullobj';
  t.equal(await api.house.findById(call, 1), null);
});

t.test('a malformed page of records no page checks is logged and becomes an empty page, never a crash', async (t) => {
  mode = 'badpage';
  const page = await api.xiaoqu.stressRank(call, { cityId: 1, size: 20 });
  t.same(page.content, []);
  t.equal(page.totalElements, 0);
  t.ok(lines.some((l) => l.msg === 'gateway answered a malformed page'));
});

t.test('the request id is forwarded on every call', async (t) => {
  await api.house.hsmid(call, 1);
  await api.xiaoqu.stressRank(call, { cityId: 1 });
  t.same(
    hits.map((h) => h.reqId),
    ['req-42', 'req-42'],
  );
});

t.test('paths are sent exactly as SPEC 7 gives them (leading slash or not), segments encoded', async (t) => {
  // The fake answers {path} where a list is due: the call fails its record check after the request was made.
  await api.house.findWapHotLoupan(call, { cityId: 1, limit: 10, orderBy: 'viewNum' }).catch(() => null);
  await api.house.countBusiness(call, 1, '商铺 a/b');
  await api.xiaoqu.buglist(call, 5, 11, 'all');
  t.same(
    hits.map((h) => h.url),
    [
      '/api/house/findWapHotLoupan?cityId=1&limit=10&orderBy=viewNum',
      `/api/house/search/countBusiness/1/${encodeURIComponent('商铺 a/b')}`,
      '/api/housePrice/buglist/5/11/all',
    ],
  );
});

t.test("a community's short name is copied into name (SPEC 7.1)", async (t) => {
  const x = await api.xiaoqu.findById(call, 7);
  t.equal(x?.name, '魅力之城');
  t.equal(x?.sname, '魅力之城');
});

t.test('the system config is fetched once per city and then served from cache', async (t) => {
  const [a, b] = await Promise.all([api.config.switchSystemConfig(call, 1), api.config.switchSystemConfig(call, 1)]);
  await api.config.switchSystemConfig(call, 1);
  await api.config.switchSystemConfig(call, 2);
  t.same(a, b);
  t.equal(hits.filter((h) => h.url === '/api/config/getSwitchSystemConfigByCityId/1').length, 1);
  t.equal(hits.filter((h) => h.url === '/api/config/getSwitchSystemConfigByCityId/2').length, 1);
});

t.test("a city's location dictionary is fetched once per city for an hour (SPEC 9 second cache)", async (t) => {
  const [a, b] = await Promise.all([api.dictionaries.locations(call, 1), api.dictionaries.locations(call, 1)]);
  await api.dictionaries.locations(call, 1);
  t.same(a, {
    regions: [{ regionId: 3, regionName: '岳麓区' }],
    shopMaps: [{ shopMapId: 9, shopMapName: '麓谷', regionId: 3 }],
    metros: [],
  });
  t.equal(a, b, 'concurrent callers share one fetch');
  t.equal(hits.filter((h) => h.url === '/api/region/findByCityId/1').length, 1);
  mode = 'http500';
  await gatewayFailure(api.dictionaries.locations(call, 2));
  mode = 'ok';
  t.match(await api.dictionaries.locations(call, 2), { regions: [{ regionId: 3 }] }, 'a failure is not cached');
});

t.test("a city's common questions and the places around a point are fetched once for many detail views (issue 20)", async (t) => {
  await api.house.getProblemAskList(call, { cityId: 1, houseType: 11 });
  await api.house.getProblemAskList(call, { cityId: 1, houseType: 11 });
  await api.house.getProblemAskList(call, { cityId: 1, houseType: 12 });
  t.equal(hits.filter((h) => h.url === '/api/problemAsk/getProblemAskList').length, 2, 'once per city and kind');
  const point = { cityId: 1, lng: 112.9, lat: 28.2, regionId: 3 };
  await api.map.nearby(call, point);
  await api.map.nearby(call, point);
  await api.map.nearby(call, { ...point, lat: 28.3 });
  t.equal(hits.filter((h) => h.url.startsWith('/api/map/nearby?')).length, 2, 'once per point');
  mode = 'http500';
  await gatewayFailure(api.map.nearby(call, { ...point, lng: 113 }));
  mode = 'ok';
  await api.map.nearby(call, { ...point, lng: 113 });
  t.equal(hits.filter((h) => h.url.startsWith('/api/map/nearby?') && h.url.includes('lng=113&')).length, 2, 'a failure is not kept');
});

t.test('a failed config fetch is not cached', async (t) => {
  mode = 'http500';
  await gatewayFailure(api.config.switchSystemConfig(call, 9));
  mode = 'ok';
  t.match(await api.config.switchSystemConfig(call, 9), { cityId: 9 });
});

t.test('chat host, house service and www host are called with full URLs', async (t) => {
  await api.chat.serverTime(call);
  await api.info.articleDetail(call, 5);
  await api.info.infoFangList(call, { cityId: 1 });
  await api.user.franchiseApply(call, { name: '张三', phone: '13912345678' });
  t.same(
    hits.map((h) => `${h.method} ${h.url}`),
    [
      'POST /chathost/getServerTime',
      'GET /housesvc/info/article/getInfoDetail/5',
      'POST /housesvc/info/InfoFangList',
      'POST /www/apply/saveApply',
    ],
  );
});

t.test('an unreachable gateway is a failure (502), not a crash', async (t) => {
  const dead = createApi({ gatewayUrl: 'http://127.0.0.1:1', timeoutMs: 300 });
  t.equal((await gatewayFailure(dead.city.findSiteByName(call, '长沙'))).statusCode, 502);
});
