/**
 * SPEC 5 query check (issue 11 point 7): one rule for the server log and the browser beacon. A return path this site
 * builds (`/login?bUrl=%2Fim%2Fsession%3FbelongerId%3D3%26uid%3Du9`) is not a probe; `<` `>` quotes `&` `#` in a
 * decoded key or value still are, also inside such a return path.
 */
import t from 'tap';
import { queryHasXss } from '../../src/lib/query-scan.ts';
import { currentReturnPath, withReturnUrl } from '../../src/ui/paths.ts';

/** Decoded query objects (as Fastify parses them) and whether each is flagged. */
const TABLE: Array<[Record<string, string | string[]>, boolean, string]> = [
  [{ keyword: '岳麓区 三室', page: '2' }, false, 'ordinary Chinese text'],
  [{ bUrl: '/ershoufang/12.html' }, false, 'a plain return path'],
  [{ bUrl: '/im/session?belongerId=3&uid=u9&houseId=7&houseType=11' }, false, 'a chat session path with its own query'],
  [{ bUrl: '/zufang/?page=2&sort=1' }, false, 'a list page with its query'],
  [{ bUrl: '/search?keyword=%E9%95%BF%E6%B2%99&page=2' }, false, 'a nested value, itself encoded'],
  [{ bUrl: ['/a?x=1&y=2', '/b'] }, false, 'a repeated bUrl'],
  [{ q: '<script>alert(1)</script>' }, true, 'a script tag'],
  [{ q: 'a&b' }, true, 'an & in a value that is no return path'],
  [{ q: 'a#b' }, true, 'a # in a value'],
  [{ q: "it's" }, true, 'a single quote'],
  [{ q: 'say "hi"' }, true, 'a double quote'],
  [{ 'k<': 'v' }, true, 'in a key'],
  [{ 'k&': '/a?x=1&y=2' }, true, 'an & in a key, even beside a return path'],
  [{ bUrl: '/a?q=<script>' }, true, 'a script tag inside a return path'],
  [{ bUrl: '/a?q=%3Cscript%3E&x=1' }, true, 'an encoded script tag inside a return path'],
  [{ bUrl: '/a?q=%26&x=1' }, true, 'an encoded & inside a nested value'],
  [{ bUrl: '/a?q=%22&x=1' }, true, 'an encoded quote inside a nested value'],
  [{ bUrl: '/a?%3Ck=1&x=1' }, true, 'a nested key'],
  [{ bUrl: '/a?x=1&y=2#frag' }, true, 'a fragment'],
  [{ bUrl: "/a?x=1&y='" }, true, 'a quote in a nested value'],
  [{ bUrl: '/a%3Cb?x=1&y=2' }, true, 'an encoded < in the nested path'],
  [{ bUrl: '//evil.com/?a=1&b=2' }, true, 'not a return path: scanned as it is'],
  [{ bUrl: 'javascript:alert(1)//?a=1&b=2' }, true, 'a scheme'],
  [{ bUrl: '/a?next=%2Fb%3Fc%3D1%26d%3D2&x=1' }, false, 'a return path nested once more'],
  [{ bUrl: '/a?n=%2Fb%3Fc%3D%253Cx%26d%3D2&x=1' }, true, 'a script tag two levels down'],
];

/** The same query as the raw search string a browser has. */
function searchOf(query: Record<string, string | string[]>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const one of Array.isArray(v) ? v : [v]) p.append(k, one);
  return `?${p.toString()}`;
}

t.test('a decoded query object (the server log)', async (t) => {
  for (const [query, flagged, name] of TABLE) t.equal(queryHasXss(query), flagged, name);
});

t.test('the raw search string (the browser beacon) gives the same answers', async (t) => {
  for (const [query, flagged, name] of TABLE) t.equal(queryHasXss(searchOf(query)), flagged, `${name}: ${searchOf(query)}`);
  t.notOk(queryHasXss(''));
  t.ok(queryHasXss('q=%26'), 'an encoded &');
  t.ok(queryHasXss('q=%23'));
  t.notOk(queryHasXss('?a=%E4%B'), 'a malformed escape is checked as it is');
});

t.test('the login links this site builds are never flagged', async (t) => {
  const paths: Array<[string, Record<string, string>]> = [
    ['/ershoufang/', { page: '2', sort: '1' }],
    ['/im/session', { belongerId: '3', uid: 'u9', name: '王 经理', houseId: '7', houseType: '11' }],
    ['/search', { keyword: '长沙 三室', type: 'ershoufang' }],
    ['/xinfang/pjguwen/12', { houseId: '5' }],
  ];
  for (const [path, query] of paths) {
    const href = withReturnUrl('/login', currentReturnPath(path, query));
    t.notOk(queryHasXss(href.slice(href.indexOf('?'))), href);
    t.notOk(queryHasXss(Object.fromEntries(new URL(href, 'http://localhost/').searchParams)), `${href} (decoded)`);
  }
});
