import t from 'tap';
import { compilePattern, createMatcher, fillPattern, PatternError } from '../../src/registry/match.ts';

const m = (patterns: Array<[string, string[]]>) => createMatcher(patterns.map(([target, p]) => ({ target, patterns: p })));

t.test('static, parameterised and wildcard routes: static wins, then params, then tails', async (t) => {
  const r = m([
    ['list', ['/ershoufang/*']],
    ['detail', ['/ershoufang/:id(\\d+).html']],
    ['details', ['/ershoufang/details']],
    ['any', ['/ershoufang/:slug']],
  ]);
  t.equal(r.match('/ershoufang/details')?.target, 'details', 'static beats :slug and the tail although declared later');
  t.same(r.match('/ershoufang/123.html'), { target: 'detail', params: { id: '123' }, pattern: '/ershoufang/:id(\\d+).html' });
  t.equal(r.match('/ershoufang/yuelu')?.target, 'any', 'a single segment goes to the param route before the tail');
  t.same(r.match('/ershoufang/yuelu/p3l2/')?.params, { '*': 'yuelu/p3l2' }, 'the wildcard keeps the tail');
  t.equal(r.match('/ershoufang')?.target, 'list', 'a wildcard tail matches the bare path');
  t.equal(r.match('/ershoufang/')?.target, 'list');
  t.equal(r.match('/ershoufang/abc.html')?.target, 'any', 'constraint rejects a non-numeric id');
});

t.test('first declared wins within a tier', async (t) => {
  const r = m([
    ['a', ['/x/:id']],
    ['b', ['/x/:name']],
  ]);
  t.equal(r.match('/x/1')?.target, 'a');
});

t.test('optional params, with and without a slash before them', async (t) => {
  const r = m([
    ['broker', ['/broker/:id?']],
    ['ditie', ['/fangjia/ditie:id?/']],
    ['huodong', ['/huodong/:template(ershoufang|muban1|zufang)/:id?']],
  ]);
  t.same(r.match('/broker')?.params, {});
  t.same(r.match('/broker/')?.params, {});
  t.same(r.match('/broker/88')?.params, { id: '88' });
  t.same(r.match('/fangjia/ditie/')?.params, {});
  t.same(r.match('/fangjia/ditie12/')?.params, { id: '12' });
  t.same(r.match('/fangjia/ditie12')?.params, { id: '12' }, 'trailing slash optional');
  t.same(r.match('/huodong/muban1/7')?.params, { template: 'muban1', id: '7' });
  t.same(r.match('/huodong/zufang')?.params, { template: 'zufang' });
  t.equal(r.match('/huodong/other/7'), null, 'a template outside the list does not match');
});

t.test('case-insensitive and trailing slash optional', async (t) => {
  const r = m([['yjwt', ['/Index/yijianweituo/address']]]);
  t.equal(r.match('/index/YIJIANWEITUO/address')?.target, 'yjwt');
  t.equal(r.match('/Index/yijianweituo/address/')?.target, 'yjwt');
  t.equal(r.match('/Index/yijianweituo/address//'), null, 'a double slash is not a trailing slash');
});

t.test('%-encoded Chinese segments are decoded into params; malformed escapes never throw', async (t) => {
  const r = m([
    ['search', ['/fangjia/search/:keyword']],
    ['tail', ['/xiaoqu/*']],
  ]);
  t.same(r.match('/fangjia/search/%E5%B2%B3%E9%BA%93')?.params, { keyword: '岳麓' });
  t.same(r.match('/xiaoqu/%E5%B2%B3%E9%BA%93/p2')?.params, { '*': '岳麓/p2' });
  t.equal(r.match('/fangjia/search/%E5%B2%B'), null);
  t.same(r.match('/fangjia/search/a%2Fb')?.params, { keyword: 'a%2Fb' }, 'an encoded slash stays inside its segment');
});

t.test('root and root wildcard', async (t) => {
  const r = m([
    ['home', ['/']],
    ['all', ['/*']],
  ]);
  t.equal(r.match('/')?.target, 'home');
  t.equal(r.match('/anything/else')?.target, 'all');
});

t.test('bad patterns are rejected with a PatternError', async (t) => {
  t.throws(() => compilePattern('nope'), PatternError);
  t.throws(() => compilePattern('/a/*/b'), PatternError);
  t.throws(() => compilePattern('/a/:id(['), PatternError);
  t.throws(() => compilePattern('/a/:id/:id'), PatternError);
});

t.test('fillPattern builds concrete paths and refuses missing or invalid params', async (t) => {
  t.equal(fillPattern('/ershoufang/:id(\\d+).html', { id: '7' }), '/ershoufang/7.html');
  t.equal(fillPattern('/ershoufang/:id(\\d+).html', { id: 'x' }), null);
  t.equal(fillPattern('/ershoufang/:id(\\d+).html', {}), null);
  t.equal(fillPattern('/broker/:id?', {}), '/broker');
  t.equal(fillPattern('/fangjia/ditie:id?/', { id: '3' }), '/fangjia/ditie3/');
  t.equal(fillPattern('/ershoufang/*', { '*': 'yuelu/p2' }), '/ershoufang/yuelu/p2');
  t.equal(fillPattern('/ershoufang/*', {}), '/ershoufang/');
  t.equal(fillPattern('/', {}), '/');
});

t.test('routes with a parameter in the first segment still compete in precedence order', async (t) => {
  const r = m([
    ['static', ['/about']],
    ['catchAll', ['/:page']],
    ['tail', ['/about/*']],
  ]);
  t.equal(r.match('/about')?.target, 'static');
  t.equal(r.match('/ABOUT/')?.target, 'static');
  t.equal(r.match('/contact')?.target, 'catchAll', 'a first segment no static route has falls to the generic routes');
  t.equal(r.match('/about/team')?.target, 'tail');
});
