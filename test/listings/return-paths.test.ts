/**
 * Issue 11 point 2: no return address (`back` in a form body, a Referer, a member-only page's own URL, `back` of a
 * success screen) sends the browser off this site. Every redirecting endpoint is tried with every known bypass.
 */
import t, { type Test } from 'tap';
import { RETURN_PATH_MAX } from '../../src/lib/return-url.ts';
import { buildAppOverBackend, raiseRateLimits } from '../helpers/build.ts';
import { caseName, RETURN_BYPASSES, staysOnSite } from '../helpers/return-bypasses.ts';
import { backendRows, registerMember } from './helpers.ts';

const portal = await buildAppOverBackend(t, { editRegistry: raiseRateLimits });
const { backend } = portal;
const member = await registerMember(backend, '13912345670', '回跳测试');
const cookie = portal.memberCookie({ uid: member.uid, userId: member.userId, phone: member.phone, nickName: member.nickName });
const houseId = Number(backendRows(backend, 'SELECT id FROM listing WHERE city_id = 1 AND house_type = 11 ORDER BY id LIMIT 1')[0]?.id);
const belongerId = Number(backendRows(backend, 'SELECT id FROM belonger WHERE city_id = 1 ORDER BY id LIMIT 1')[0]?.id);

const form = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };

/** Each redirecting action with a body that reaches its redirect for a member (dianping: a too-short rating). */
const ACTIONS: Array<{ url: string; body: string }> = [
  { url: '/-/action/favourite', body: `houseId=${houseId}&kind=ershoufang&op=add` },
  { url: '/-/action/kanfang', body: `houseId=${houseId}&name=${encodeURIComponent('王')}&phone=13800000000` },
  { url: '/-/action/jubao', body: `houseId=${houseId}&reason=${encodeURIComponent('其他')}` },
  { url: '/-/action/dianping', body: `belongerId=${belongerId}&score=5&content=${encodeURIComponent('好')}` },
];

/** Candidates a browser could put into a Referer header (printable ASCII after this site's origin). */
const REFERER_CASES = [
  ...RETURN_BYPASSES.filter((c) => /^[\x21-\x7e]*$/.test(c) && c.length < 3000).map((c) => `http://localhost${c}`),
  'https://evil.com/ershoufang/1.html',
  'http://evil.com//localhost/',
  'http://localhost.evil.com/ershoufang/',
  'http://localhost@evil.com/ershoufang/',
  'javascript:alert(1)',
  'not a url',
];

function assertOnSite(t: Test, location: string | undefined, name: string) {
  t.ok(staysOnSite(location), `${name} → ${caseName(location)}`);
  if (location?.startsWith('/login?')) {
    const bUrl = new URL(location, 'http://localhost/').searchParams.get('bUrl') ?? '';
    t.ok(staysOnSite(bUrl) && bUrl.startsWith('/') && !bUrl.startsWith('//'), `${name}: bUrl ${caseName(bUrl)} is a path`);
  }
}

for (const who of ['visitor', 'member'] as const) {
  const headers = who === 'member' ? { ...form, cookie } : form;
  t.test(`a ${who}'s form posts are redirected on this site whatever \`back\` says`, async (t) => {
    for (const action of ACTIONS) {
      for (const back of RETURN_BYPASSES) {
        const r = await portal.app.inject({
          method: 'POST',
          url: action.url,
          headers,
          payload: `${action.body}&back=${encodeURIComponent(back)}`,
        });
        // An over-long `back` fails the body schema (400) before anything redirects.
        if (back.length > RETURN_PATH_MAX) t.ok([303, 400].includes(r.statusCode), `${action.url} ${caseName(back)}`);
        else t.equal(r.statusCode, 303, `${action.url} ${caseName(back)}`);
        assertOnSite(t, r.headers.location as string | undefined, `${action.url} back=${caseName(back)}`);
      }
    }
  });

  t.test(`a ${who}'s form posts without \`back\` use only a same-site Referer's path`, async (t) => {
    for (const action of ACTIONS) {
      for (const referer of REFERER_CASES) {
        const r = await portal.app.inject({ method: 'POST', url: action.url, headers: { ...headers, referer }, payload: action.body });
        t.equal(r.statusCode, 303, `${action.url} ${caseName(referer)}`);
        assertOnSite(t, r.headers.location as string | undefined, `${action.url} referer ${caseName(referer)}`);
        if (!URL.canParse(referer) || new URL(referer).origin !== 'http://localhost') {
          t.notMatch(decodeURIComponent(String(r.headers.location)), /evil|ershoufang\/1\.html/, 'a foreign Referer is not used');
        }
      }
      const own = await portal.app.inject({
        method: 'POST',
        url: action.url,
        headers: { ...headers, referer: 'http://localhost/ershoufang/5.html?from=list#top' },
        payload: action.body,
      });
      t.match(
        own.headers.location,
        /(^\/ershoufang\/5\.html\?from=list&)|(bUrl=%2Fershoufang%2F5\.html%3Ffrom%3Dlist$)/,
        'this site’s Referer is kept',
      );
    }
  });
}

t.test('a visitor’s fetch gets 401 with a login address that stays on site', async (t) => {
  for (const back of RETURN_BYPASSES) {
    const r = await portal.app.inject({
      method: 'POST',
      url: '/-/action/favourite',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      payload: { houseId, kind: 'ershoufang', back },
    });
    if (r.statusCode === 400) continue; // longer than the schema allows
    t.equal(r.statusCode, 401);
    assertOnSite(t, JSON.parse(r.body).login, `login of ${caseName(back)}`);
  }
});

const MEMBER_ONLY = ['/personalcenter', '/myshoucang', '/jubaoRecord', '/im/list', '/im/session', '/yuyuekanfang', '/jubao'];

t.test('member-only pages send a visitor to /login with a bUrl on this site', async (t) => {
  for (const path of MEMBER_ONLY) {
    const plain = await portal.app.inject({ url: `${path}?a=1` });
    t.equal(plain.statusCode, 302, path);
    t.equal(plain.headers.location, `/login?bUrl=${encodeURIComponent(`${path}?a=1`)}`);
    for (const back of RETURN_BYPASSES.filter((c) => /^[\x21-\x7e]*$/.test(c) && c.length < 3000)) {
      for (const url of [`${path}?back=${encodeURIComponent(back)}`, `${path}${back}`, `${path}/..${back}`]) {
        const r = await portal.app.inject({ url });
        assertOnSite(t, r.headers.location as string | undefined, `GET ${caseName(url)}`);
      }
    }
  }
});

/** The href of a success screen's 返回房源 button, as the browser reads the attribute. */
function backHref(html: string): string | undefined {
  const m = html.match(/<a [^>]*href="([^"]*)"[^>]*>返回房源<\/a>/);
  return m?.[1]
    ?.replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

t.test('the booking and report success screens link back on this site only', async (t) => {
  for (const page of ['/yuyuekanfang', '/jubao']) {
    const ok = await portal.app.inject({
      url: `${page}?houseId=${houseId}&ok=1&back=${encodeURIComponent('/ershoufang/?page=2')}`,
      headers: { cookie },
    });
    t.equal(backHref(ok.body), '/ershoufang/?page=2', `${page}: a same-site back is kept`);
    for (const back of [...RETURN_BYPASSES, '/%09/evil.com']) {
      const r = await portal.app.inject({ url: `${page}?houseId=${houseId}&ok=1&back=${encodeURIComponent(back)}`, headers: { cookie } });
      t.equal(r.statusCode, 200, `${page} ${caseName(back)}`);
      const href = backHref(r.body);
      t.ok(href, 'the button is rendered');
      t.ok(staysOnSite(href), `${page} back=${caseName(back)} → href ${caseName(href)}`);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting their absence is the point
      t.notMatch(href ?? '', /[\u0000-\u0020\\]/, 'no control character, space or backslash in the href');
    }
    const tab = await portal.app.inject({ url: `${page}?houseId=${houseId}&ok=1&back=/%09/evil.com`, headers: { cookie } });
    t.equal(backHref(tab.body), `/ershoufang/${houseId}.html`, 'a refused back falls back to the listing');
  }
});
