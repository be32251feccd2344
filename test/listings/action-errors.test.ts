/**
 * Issue 11 point 8 (second bullet) and point 8 (third bullet, form posts): what a member action answers when the
 * gateway fails or the body is refused is a short Chinese message with the real status; the gateway path, its codes
 * and English internals go to the log with the request id, never to the visitor.
 */
import t, { type Test } from 'tap';
import { JUBAO_REASONS } from '../../src/lib/jubao.ts';
import { buildTestApp, raiseRateLimits } from '../helpers/build.ts';
import { startFakeGateway } from '../helpers/fake-gateway.ts';

type Fault = 'ok' | 'http400' | 'http404' | 'http500' | 'env400' | 'env404' | 'env409' | 'env429' | 'notjson';
const fault: { detail: Fault; write: Fault } = { detail: 'ok', write: 'ok' };

/** How the fake gateway answers in each fault, with the English internals a real gateway puts in its messages. */
function answer(kind: Fault, reply: { code(n: number): { send(b: unknown): unknown }; send(b: unknown): unknown }, obj: unknown) {
  switch (kind) {
    case 'http400':
      return reply.code(400).send({ status: 400, message: 'body/reason must be equal to one of the allowed values' });
    case 'http404':
      return reply.code(404).send({ message: 'Route POST:/api/x not found', error: 'Not Found', statusCode: 404 });
    case 'http500':
      return reply.code(500).send({ message: 'SQLITE_BUSY: database is locked' });
    case 'env400':
      return reply.send({ status: 400, message: 'reason: must be equal to one of the allowed values' });
    case 'env404':
      return reply.send({ status: 404, message: 'No row for api/house/collect' });
    case 'env409':
      return reply.send({ status: 409, message: 'Duplicate entry for key uniq_member_house' });
    case 'env429':
      return reply.send({ status: 429, message: 'Too many requests from m1001' });
    case 'notjson':
      return reply.send('<html>Bad Gateway</html>');
    default:
      return reply.send({ status: 200, message: 'success', obj });
  }
}

const gateway = await startFakeGateway((app) => {
  app.get('/api/house/search/detail/:id', async (req, reply) =>
    answer(fault.detail, reply, {
      houseId: Number((req.params as { id: string }).id),
      houseType: 11,
      title: '测试房源',
      price: 120,
      priceText: '120万',
      photos: [],
      belongerId: 3,
    }),
  );
  app.all('/api/*', async (_req, reply) => answer(fault.write, reply, { id: 1, status: '待处理', houseId: 1, collected: true }));
});
const lines: string[] = [];
const portal = await buildTestApp({ gatewayUrl: gateway.url, logLines: lines, editRegistry: raiseRateLimits });
const down = await buildTestApp({ gatewayUrl: 'http://127.0.0.1:9', logLines: lines, editRegistry: raiseRateLimits });
t.teardown(async () => {
  await portal.close();
  await down.close();
  await gateway.close();
});
const cookie = portal.memberCookie();

const ACTIONS = [
  { url: '/-/action/favourite', body: { houseId: 1, kind: 'ershoufang', back: '/ershoufang/1.html' } },
  { url: '/-/action/kanfang', body: { houseId: 1, name: '王先生', phone: '13800000000', back: '/ershoufang/1.html' } },
  { url: '/-/action/jubao', body: { houseId: 1, reason: JUBAO_REASONS[1], back: '/ershoufang/1.html' } },
  { url: '/-/action/dianping', body: { belongerId: 3, score: 5, content: '服务很专业', back: '/xinfang/pjguwen/3' } },
];

const asForm = (body: Record<string, unknown>) => new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
const HEADERS = {
  json: { 'content-type': 'application/json', accept: 'application/json' },
  form: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
};

/** A short message in Chinese: no Latin words, paths, codes or HTTP statuses. */
const CHINESE_ONLY = /^[\u4e00-\u9fff，。！？、：；（）]{2,30}$/;

function assertPrivate(t: Test, body: string, name: string) {
  t.notMatch(body, /Gateway|api\/|ECONNREFUSED|HTTP|SQLITE|must be|Route|Duplicate|Too many|<html>/i, `${name}: no internals`);
  const parsed = JSON.parse(body) as Record<string, unknown>;
  t.match(parsed.message, CHINESE_ONLY, `${name}: a short Chinese message (${parsed.message})`);
  t.same(
    Object.keys(parsed).filter((k) => k !== 'field' && k !== 'errors'),
    ['status', 'message'],
    `${name}: nothing but status, message and the field at fault`,
  );
}

const EXPECTED: Record<Exclude<Fault, 'ok'>, number> = {
  http400: 400,
  http404: 404,
  http500: 502,
  env400: 400,
  env404: 404,
  env409: 409,
  env429: 429,
  notjson: 502,
};

t.test('a failing gateway write: the real status, a Chinese message, details in the log', async (t) => {
  for (const action of ACTIONS) {
    for (const [kind, status] of Object.entries(EXPECTED) as Array<[Exclude<Fault, 'ok'>, number]>) {
      fault.detail = 'ok';
      fault.write = kind;
      for (const [as, headers] of Object.entries(HEADERS)) {
        const reqId = `err-${action.url.slice(10)}-${kind}-${as}`;
        lines.length = 0;
        const r = await portal.app.inject({
          method: 'POST',
          url: action.url,
          headers: { ...headers, cookie, 'x-request-id': reqId },
          payload: as === 'json' ? action.body : asForm(action.body),
        });
        const name = `${action.url} ${kind} (${as})`;
        // A rating form refused as a repeat goes back to the form with the reason (issue 33: one review in 30 days).
        if (action.url.endsWith('/dianping') && kind === 'env409' && as === 'form') {
          t.equal(r.statusCode, 303, name);
          t.match(r.headers.location, /error=again/, `${name}: back to the form with the reason`);
        } else if (kind === 'env429' && as === 'form') {
          // A browser's form post over a limit gets the error page, saying it (issue 33: one answer for every limit).
          t.equal(r.statusCode, 429, name);
          t.match(r.body, '操作太频繁，请稍后再试', `${name}: the page says it`);
        } else {
          t.equal(r.statusCode, status, name);
          assertPrivate(t, r.body, name);
        }
        t.ok(
          lines.some((l) => l.includes(`"reqId":"${reqId}"`) && l.includes('action ') && l.includes('api/')),
          `${name}: the log has the gateway path with the request id`,
        );
      }
    }
  }
  fault.write = 'ok';
});

t.test('a failing listing lookup before the write is answered the same way', async (t) => {
  for (const action of ACTIONS.filter((a) => a.url.endsWith('kanfang') || a.url.endsWith('jubao'))) {
    for (const kind of ['http500', 'http404', 'env400', 'notjson'] as const) {
      fault.detail = kind;
      const r = await portal.app.inject({ method: 'POST', url: action.url, headers: { ...HEADERS.json, cookie }, payload: action.body });
      t.equal(r.statusCode, EXPECTED[kind], `${action.url} detail ${kind}`);
      assertPrivate(t, r.body, `${action.url} detail ${kind}`);
    }
  }
  fault.detail = 'ok';
});

t.test('a gateway that cannot be reached: 502 and a Chinese message, never ECONNREFUSED', async (t) => {
  const downCookie = down.memberCookie();
  for (const action of ACTIONS) {
    for (const [as, headers] of Object.entries(HEADERS)) {
      const r = await down.app.inject({
        method: 'POST',
        url: action.url,
        headers: { ...headers, cookie: downCookie },
        payload: as === 'json' ? action.body : asForm(action.body),
      });
      t.equal(r.statusCode, 502, `${action.url} (${as})`);
      assertPrivate(t, r.body, `${action.url} down (${as})`);
    }
  }
});

t.test('an unknown report reason is refused before the gateway: 400 naming the field in Chinese', async (t) => {
  for (const [as, headers] of Object.entries(HEADERS)) {
    const calls = gateway.calls.length;
    const body = { houseId: 1, reason: 'spam', back: '/ershoufang/1.html' };
    const r = await portal.app.inject({
      method: 'POST',
      url: '/-/action/jubao',
      headers: { ...headers, cookie },
      payload: as === 'json' ? body : asForm(body),
    });
    t.equal(r.statusCode, 400, as);
    assertPrivate(t, r.body, `unknown reason (${as})`);
    t.match(JSON.parse(r.body).message, '举报原因', 'the message names the field');
    t.equal(gateway.calls.length, calls, 'no gateway call');
  }
});

t.test('other refused bodies name their field in Chinese, without the validator’s English', async (t) => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['/-/action/kanfang', { houseId: 1, name: '王', phone: '123' }, '手机号'],
    ['/-/action/kanfang', { houseId: 1, phone: '13800000000' }, '姓名'],
    ['/-/action/favourite', { houseId: 1, kind: 'shop' }, '收藏类型'],
    ['/-/action/favourite', { houseId: 'x', kind: 'ershoufang' }, '房源'],
    ['/-/action/jubao', { houseId: 1 }, '举报原因'],
  ];
  for (const [url, payload, field] of cases) {
    const r = await portal.app.inject({ method: 'POST', url, headers: { ...HEADERS.json, cookie }, payload });
    t.equal(r.statusCode, 400, `${url} ${JSON.stringify(payload)}`);
    assertPrivate(t, r.body, url);
    t.match(JSON.parse(r.body).message, field);
  }
});

t.test('413 and 415 answers to form posts carry their real status and a Chinese message', async (t) => {
  for (const action of ACTIONS) {
    const big = await portal.app.inject({
      method: 'POST',
      url: action.url,
      headers: { ...HEADERS.form, cookie },
      payload: `houseId=1&remark=${'x'.repeat(40_000)}`,
    });
    t.equal(big.statusCode, 413, `${action.url} too large`);
    t.same(JSON.parse(big.body), { status: 413, message: '提交内容过大' });
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/xml']) {
      const odd = await portal.app.inject({
        method: 'POST',
        url: action.url,
        headers: { 'content-type': type, accept: 'text/html', cookie },
        payload: type.startsWith('multipart') ? '--x\r\nContent-Disposition: form-data; name="houseId"\r\n\r\n1\r\n--x--\r\n' : 'houseId=1',
      });
      t.equal(odd.statusCode, 415, `${action.url} ${type}`);
      t.same(JSON.parse(odd.body), { status: 415, message: '不支持的提交格式' });
    }
    const broken = await portal.app.inject({
      method: 'POST',
      url: action.url,
      headers: { ...HEADERS.json, cookie },
      payload: '{"houseId": 1,',
    });
    t.equal(broken.statusCode, 400, `${action.url} malformed JSON`);
    assertPrivate(t, broken.body, `${action.url} malformed JSON`);
  }
});
