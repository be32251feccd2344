/**
 * Issue 36: the endpoint a gateway call went to (SPEC 7) as a pattern without its ids, so that traces and metrics
 * group the calls of one endpoint instead of one group per listing.
 */
import t from 'tap';
import { endpointPattern } from '../../src/api/endpoint-pattern.ts';

t.test('ids become :id: numbers, house numbers, member codes, lists of ids, hex tokens', async (t) => {
  const cases: Array<[string, string]> = [
    ['api/house/search/detail/196', 'api/house/search/detail/:id'],
    ['/api/house/search/detail/196', 'api/house/search/detail/:id'],
    ['api/zhcall/10/11', 'api/zhcall/:id/:id'],
    ['api/daikan/findRecordListByHouseNumber/CSES0000196', 'api/daikan/findRecordListByHouseNumber/:id'],
    ['/api/audit/findcontend/CSES0000196/10', 'api/audit/findcontend/:id/:id'],
    ['api/microchat/record/u100001/b100001', 'api/microchat/record/:id/:id'],
    ['web/coupon/member/13800138000', 'web/coupon/member/:id'],
    ['api/info/getInfoTypeListByArr/1,2,3', 'api/info/getInfoTypeListByArr/:id'],
    ['api/files/3f2a9c1e-77aa-4b1e-9c3d-5b6a7c8d9e0f', 'api/files/:id'],
  ];
  for (const [path, pattern] of cases) t.equal(endpointPattern(path), pattern, path);
});

t.test('text in a path becomes :text', async (t) => {
  t.equal(endpointPattern(`web/banner/getpic/1/${encodeURIComponent('首页')}`), 'web/banner/getpic/:id/:text');
  t.equal(endpointPattern('/api/house/search/countBusiness/1/梅溪湖'), 'api/house/search/countBusiness/:id/:text');
});

t.test('names stay: endpoint words, words with a digit or two, kinds', async (t) => {
  t.equal(endpointPattern('api/city/findAll'), 'api/city/findAll');
  t.equal(endpointPattern('/api/config/key2/switch'), 'api/config/key2/switch');
  t.equal(endpointPattern('/api/housePrice/levels/ershoufang/1'), 'api/housePrice/levels/ershoufang/:id');
  t.equal(endpointPattern('api/v2/city/findAll'), 'api/v2/city/findAll');
});

t.test('the query and a full URL origin are dropped', async (t) => {
  t.equal(endpointPattern('api/house/findContractList?houseId=196'), 'api/house/findContractList');
  t.equal(endpointPattern('http://house.example:8080/api/xhaccount/contentByPage?page=2'), 'api/xhaccount/contentByPage');
  t.equal(endpointPattern('https://chat.example/'), '');
});
