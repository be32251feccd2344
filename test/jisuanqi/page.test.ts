import t from 'tap';
import { buildTestApp } from '../helpers/build.ts';
import { canonical, description, pageGetter, portalOverBackend } from '../listings/helpers.ts';

/** Issue 16 part C: /jisuanqi rendered on the server from its query (SPEC 9 loan calculator). */
const { get } = await portalOverBackend(t);
const text = (html: string) => html.replaceAll('<!-- -->', '');
const figure = (html: string, name: string) => new RegExp(`data-figure="${name}">([^<]*)`).exec(text(html))?.[1] ?? '';

t.test('100万, 30 years, benchmark 4.9%: the figures by both methods, in the HTML', async (t) => {
  const debx = await get('/jisuanqi?type=sy&basis=amount&amount=100&years=30&method=debx&rateBasis=jz&rate=4.9');
  t.equal(debx.statusCode, 200);
  t.equal(figure(debx.body, 'monthly'), '5,307.27', '每月月供');
  t.equal(figure(debx.body, 'interest'), '910,616.19元', '支付利息');
  t.equal(figure(debx.body, 'total'), '1,910,616.19元', '还款总额');
  t.match(debx.body, /<svg[^>]*role="img" aria-label="本金占52.3%，利息占47.7%"/, 'the donut is drawn on the server');
  t.equal((debx.body.match(/<details class="loan-sched__year"/g) ?? []).length, 30, 'one collapsible year each');
  t.match(text(debx.body), '<td>360</td><td>5,307.27</td>', 'the schedule runs to month 360');
  t.match(debx.body, /<form class="loan-form" action="\/jisuanqi" method="get">/, 'a GET form: works without JavaScript');
  t.equal(canonical(debx.body), 'http://localhost:3000/jisuanqi');
  t.match(description(debx.body), '等额本息月供5307.27元，总利息910616.19元');

  const debj = await get('/jisuanqi?amount=100&years=30&method=debj&rateBasis=jz&rate=4.9');
  t.equal(figure(debj.body, 'monthly'), '6,861.11', '首月月供');
  t.match(figure(debj.body, 'decrease'), '每月递减11.34元');
  t.equal(figure(debj.body, 'interest'), '737,041.67元');
  t.match(text(debj.body), '首月月供');
});

t.test('provident-fund and combined tabs', async (t) => {
  const gjj = text((await get('/jisuanqi?type=gjj&fund=100&years=30&method=debx&fundRate=3.25')).body);
  t.equal(figure(gjj, 'monthly'), '4,352.06');
  t.match(gjj, 'aria-current="page">公积金贷款</a>');
  const zh = text((await get('/jisuanqi?type=zh&amount=100&fund=50&years=30&method=debx&rateBasis=jz&rate=4.9&fundRate=3.25')).body);
  t.equal(figure(zh, 'monthly'), '7,483.30');
  t.equal(figure(zh, 'principal'), '1,500,000.00元');
  t.match(zh, '商业贷款</dt><dd>1,000,000.00元，年利率4.9%');
  t.match(zh, '公积金贷款</dt><dd>500,000.00元，年利率3.25%');
});

t.test('by house total: the down payment, and a total that leaves no loan', async (t) => {
  const r = text((await get('/jisuanqi?basis=total&total=150&ratio=30&years=30&rateBasis=jz&rate=4.9')).body);
  t.match(r, '首付</dt><dd>450,000.00元');
  t.equal(figure(r, 'principal'), '1,050,000.00元');
  const none = text((await get('/jisuanqi?basis=total&total=0&ratio=30')).body);
  t.match(none, '首付已覆盖房款，无需贷款。');
});

t.test('invalid inputs are a clear message on the page, not a 500', async (t) => {
  const cases: Array<[string, string]> = [
    ['years=0', '贷款年限须为1–30年的整数'],
    ['years=31', '贷款年限须为1–30年的整数'],
    ['basis=total&total=100&ratio=95', '首付比例须为20%–90%'],
    ['amount=-50', '贷款金额须为不小于0的数字'],
    ['amount=abc', '贷款金额须为不小于0的数字'],
    ['years=ten', '贷款年限须为1–30年的整数'],
    ['rate=9.9&rateBasis=jz', '商业贷款利率须为4.41%–6.68%之间的可选利率'],
  ];
  for (const [q, message] of cases) {
    const r = await get(`/jisuanqi?${q}`);
    t.equal(r.statusCode, 200, q);
    t.match(r.body, 'role="alert"', `${q}: an alert`);
    t.match(text(r.body), message, `${q}: ${message}`);
    t.notMatch(r.body, 'data-figure="monthly"', `${q}: no figures`);
  }
});

t.test('the LPR comes from the registry: another LPR, another rate and payment', async (t) => {
  const def = text((await get('/jisuanqi?amount=100&years=30&rateBasis=lpr&bp=0')).body);
  t.match(def, '年利率3.5%', 'registry.json site.lpr.fiveYear');
  const portal = await buildTestApp({
    editRegistry: (r) => {
      r.site.lpr = { oneYear: 3.1, fiveYear: 3.95, date: '2030-01-20' };
    },
  });
  t.teardown(() => portal.close());
  const r = text((await pageGetter(portal)('/jisuanqi?amount=100&years=30&rateBasis=lpr&bp=-45')).body);
  t.match(r, '年利率3.5%', '3.95% − 45bp');
  t.match(r, '5年期以上LPR 3.95%-45基点');
  t.match(r, 'LPR 3.95%（2030-01-20）');
  const short = text((await pageGetter(portal)('/jisuanqi?amount=100&years=3&rateBasis=lpr&bp=0')).body);
  t.match(short, '年利率3.1%', 'the 1-year LPR for a 3-year loan');
});

t.test('the page is cached per input: the same URL is a HIT, other inputs are not', async (t) => {
  const url = '/jisuanqi?amount=77&years=20&method=debx&rateBasis=jz&rate=4.9';
  await get(url);
  const again = await get(url);
  t.equal(again.headers['x-cache'] ?? again.headers['x-page-cache'], 'HIT');
  const other = await get('/jisuanqi?amount=78&years=20&method=debx&rateBasis=jz&rate=4.9');
  t.not(figure(other.body, 'monthly'), figure(again.body, 'monthly'), 'another amount, another figure (not the cached one)');
});

t.test('listing details link to the calculator with their total', async (t) => {
  const list = (await get('/ershoufang/')).body;
  const detailHref = /href="(\/ershoufang\/\d+\.html)"/.exec(list)?.[1] ?? '';
  t.ok(detailHref);
  const detail = text((await get(detailHref)).body);
  const total = /<meta name="description" content="[^"]*总价([\d.]+)万/.exec(detail)?.[1];
  t.ok(total, 'the listing names its total');
  const link = /<a href="([^"]*)" class="loan-link">房贷计算器：总价([\d.]+)万/.exec(detail);
  t.ok(link, 'the second-hand detail has the calculator link');
  t.equal(link?.[2], total, 'it names the listing total');
  t.equal(link?.[1].replaceAll('&amp;', '&'), `/jisuanqi?basis=total&total=${total}&ratio=30`);
  const calc = text((await get(link?.[1].replaceAll('&amp;', '&') ?? '')).body);
  t.match(calc, `房屋总价</dt><dd>${(Number(total) * 10000).toLocaleString('en-US', { minimumFractionDigits: 2 })}元`);

  const xf = (await get('/xinfang/')).body;
  const xfHref = /href="(\/xinfang\/\d+\.html)"/.exec(xf)?.[1] ?? '';
  const xfDetail = text((await get(xfHref)).body);
  t.match(xfDetail, /<a href="\/jisuanqi\?basis=total&amp;total=[\d.]+&amp;ratio=30" class="loan-link">/, 'the new-home detail too');
});
