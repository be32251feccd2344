import t from 'tap';
import { safeReturnPath, sameSiteRefererPath } from '../../src/lib/return-url.ts';
import { currentReturnPath, withReturnUrl } from '../../src/ui/paths.ts';
import { caseName, NON_STRING_RETURNS, RETURN_BYPASSES, staysOnSite } from '../helpers/return-bypasses.ts';

t.test('same-site paths are kept with their query', async (t) => {
  t.equal(safeReturnPath('/ershoufang/12.html?from=list'), '/ershoufang/12.html?from=list');
  t.equal(safeReturnPath('/im/session?belongerId=3&uid=u9'), '/im/session?belongerId=3&uid=u9');
  t.equal(safeReturnPath('/yuyuekanfang?houseId=7&ok=1'), '/yuyuekanfang?houseId=7&ok=1');
  t.equal(safeReturnPath('/'), '/');
  t.equal(safeReturnPath('/search?keyword=%E9%95%BF%E6%B2%99'), '/search?keyword=%E9%95%BF%E6%B2%99');
  t.equal(safeReturnPath('/a/../ershoufang/'), '/ershoufang/', 'dot segments are folded, as a browser folds them');
  t.equal(safeReturnPath('/ershoufang/#top'), '/ershoufang/', 'the fragment is dropped');
});

t.test('the list has at least 40 known bypasses', async (t) => {
  t.ok(RETURN_BYPASSES.length >= 40, `${RETURN_BYPASSES.length} cases`);
});

t.test('no known bypass leaves the site, and the result is a plain path', async (t) => {
  for (const bad of RETURN_BYPASSES) {
    const out = safeReturnPath(bad);
    t.ok(staysOnSite(out), `${caseName(bad)} → ${caseName(out)}`);
    t.match(out, /^\/(?![/\\])[\x21-\x7e]*$/, `${caseName(bad)} is one printable path`);
    t.ok(staysOnSite(`${out}?notice=1`), 'still on site with a notice appended');
    t.equal(safeReturnPath(out), out, 'checking twice changes nothing');
  }
});

t.test('scheme-relative results of normalisation fall back, not through', async (t) => {
  for (const bad of ['/.//evil.com', '/%2e//evil.com', '/a/..//evil.com', '/\t/evil.com', '/\\evil.com']) {
    t.equal(safeReturnPath(bad, '/ershoufang/'), '/ershoufang/', caseName(bad));
  }
});

t.test('non-strings and an unsafe fallback fall back to home', async (t) => {
  for (const bad of NON_STRING_RETURNS) t.equal(safeReturnPath(bad), '/', caseName(bad));
  t.equal(safeReturnPath('//evil.com', '//evil.com'), '/');
});

t.test('the UI helpers use the same rule', async (t) => {
  for (const bad of RETURN_BYPASSES) {
    const href = withReturnUrl('/login', bad);
    const bUrl = new URL(href, 'http://localhost/').searchParams.get('bUrl') ?? '';
    t.ok(staysOnSite(bUrl), `withReturnUrl(${caseName(bad)}) → ${bUrl}`);
    t.ok(staysOnSite(currentReturnPath(bad)), `currentReturnPath(${caseName(bad)})`);
    t.ok(staysOnSite(currentReturnPath('/login', { bUrl: bad })), `bUrl ${caseName(bad)} on /login`);
  }
});

t.test('a Referer counts only from this site, and only its path and query', async (t) => {
  t.equal(sameSiteRefererPath('http://localhost/ershoufang/1.html?a=1#x', 'localhost'), '/ershoufang/1.html?a=1');
  t.equal(sameSiteRefererPath('https://cs.localhost:3000/zufang/', 'cs.localhost:3000'), '/zufang/');
  t.equal(sameSiteRefererPath('https://evil.com/ershoufang/1.html', 'localhost'), undefined);
  t.equal(sameSiteRefererPath('http://localhost.evil.com/', 'localhost'), undefined);
  t.equal(sameSiteRefererPath('http://localhost@evil.com/', 'localhost'), undefined);
  t.equal(sameSiteRefererPath('javascript://localhost/%0aalert(1)', 'localhost'), undefined);
  t.equal(sameSiteRefererPath('/relative', 'localhost'), undefined);
  t.equal(sameSiteRefererPath(undefined, 'localhost'), undefined);
  t.equal(sameSiteRefererPath('http://localhost//evil.com', 'localhost'), '//evil.com', 'the path is then judged by the rule');
  t.equal(safeReturnPath(sameSiteRefererPath('http://localhost//evil.com', 'localhost')), '/');
});

t.test('a Referer on the default port matches a Host header that names it', async (t) => {
  t.equal(sameSiteRefererPath('http://localhost/zufang/', 'localhost:80'), '/zufang/');
  t.equal(sameSiteRefererPath('http://localhost:8080/zufang/', 'localhost'), undefined);
  t.equal(sameSiteRefererPath('http://localhost/zufang/', 'localhost/x'), undefined, 'a Host with a path is no host');
  t.equal(sameSiteRefererPath('http://evil.com/zufang/', 'user@evil.com'), undefined);
});
