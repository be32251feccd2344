import t from 'tap';
import { buildTestApp } from '../helpers/build.ts';
import { perCallGateway } from '../helpers/per-call-gateway.ts';

/**
 * Issue 20 part 2: a detail page's secondary calls start before its primary ones and are often in by the time the page
 * renders. Then nothing is left to stream: a person gets the whole document, as a crawler does (every block in place,
 * no inline script and so no nonce in the policy, a content-length). A gateway stand-in holds a primary call (the
 * agent's phone, api/zhcall) until every secondary call has been answered. No timings.
 */

const PERSON = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const SECONDARY = [/search\/findByCondition/, /problemAsk/, /getPersonalized/, /houseoperatelog/];

async function gatewayHoldingPrimary(t: { teardown(fn: () => unknown): void }) {
  const answered = new Set<number>();
  let held: Array<() => void> = [];
  const releaseWhenSecondaryDone = () => {
    if (answered.size < SECONDARY.length) return;
    const list = held;
    held = [];
    for (const f of list) f();
  };
  const { url, backend } = await perCallGateway(t, async (call, forward) => {
    if (/\/api\/zhcall\//.test(call)) {
      await new Promise<void>((resolve) => {
        held.push(resolve);
        releaseWhenSecondaryDone();
      });
      return forward();
    }
    await forward();
    const i = SECONDARY.findIndex((p) => p.test(call));
    if (i >= 0) {
      answered.add(i);
      releaseWhenSecondaryDone();
    }
  });
  return { url, backendUrl: backend.url };
}

t.test('second-hand detail whose secondary calls are in before it renders: a person gets the whole document', async (t) => {
  const gw = await gatewayHoldingPrimary(t);
  const portal = await buildTestApp({ gatewayUrl: gw.url });
  t.teardown(() => portal.close());
  const res = await fetch(`${gw.backendUrl}/api/house/search/findByCondition`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cityId: 1, houseType: 11, size: 1 }),
  });
  const [houseId] = ((await res.json()) as { obj: { content: Array<{ houseId: number }> } }).obj.content.map((x) => x.houseId);

  const page = await portal.app.inject({ url: `/ershoufang/${houseId}.html`, headers: { 'user-agent': PERSON } });
  t.equal(page.statusCode, 200);
  t.ok(page.headers['content-length'], 'one piece with a content-length');
  t.notMatch(String(page.headers['content-security-policy']), 'nonce-', 'no inline script to allow');
  t.match(page.body, 'dt-similar', 'the similar listings are in the document');
  t.notMatch(page.body, /<template id="B:|<div hidden id="S:/, 'every block in place, none completed by script');
  const inline = [...page.body.matchAll(/<script(?![^>]*type="application\/(?:ld\+)?json")([^>]*)>(?!<\/script>)/g)];
  t.equal(inline.length, 0, 'no inline script');
  t.ok(page.headers.etag, 'the document has its validator, as a whole document does');
});
