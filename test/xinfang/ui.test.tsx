import t from 'tap';
import { AgentRow } from '../../src/ui/xinfang/AgentRow.tsx';
import { EstateItem } from '../../src/ui/xinfang/EstateItem.tsx';
import { SaleBadge } from '../../src/ui/xinfang/SaleBadge.tsx';
import { XfFilterBar } from '../../src/ui/xinfang/XfFilterBar.tsx';
import { fakeState, render } from '../ui/helpers.tsx';

t.test('the sale badge shows the SPEC 4 display: wait, exist, sellout (售完 reads 售罄)', async (t) => {
  t.match(render(<SaleBadge status="待售" />), /xf-sale--wait" data-show="wait">待售</);
  t.match(render(<SaleBadge status="现房" />), /xf-sale--exist" data-show="exist">现房</);
  t.match(render(<SaleBadge status="售完" />), /xf-sale--sellout" data-show="sellout">售罄</);
});

t.test('an estate card: link, types of SPEC 9, price or 价格待定, total range', async (t) => {
  const html = render(
    <EstateItem
      estate={{
        houseId: 7,
        name: '梅溪湖壹号',
        img: '/img/x.svg',
        price: 12800,
        saleStatus: '期房',
        typeCodes: [4, 1],
        regionName: '岳麓区',
        totalMin: 98.6,
        totalMax: 160.2,
        tags: ['地铁'],
        hasVr: true,
      }}
    />,
  );
  t.match(html, 'href="/xinfang/7.html"');
  t.match(html, '住宅/公寓');
  t.match(html, 'data-price="12800"');
  t.match(html, '12,800');
  t.match(html, '总价99-160万/套');
  t.match(html, '>VR<');
  t.match(render(<EstateItem estate={{ houseId: 8, name: '未定价', img: '', price: 0, saleStatus: '待售' }} />), '价格待定');
});

const agent = { belongerId: 12, uid: 'b12', name: '王芳', webCall: '400-888-0731,8012', score: 4.8 };

t.test('an adviser: a visitor’s chat goes to login with the session path and agent parameters; phone via zhcall', async (t) => {
  const html = render(<AgentRow agent={agent} houseId={5} />);
  const href = html.match(/href="([^"]*)" data-testid="agent-chat"/)?.[1].replaceAll('&amp;', '&') ?? '';
  t.match(href, /^\/login\?bUrl=/);
  const bUrl = decodeURIComponent(href.slice('/login?bUrl='.length));
  t.match(bUrl, /^\/im\/session\?/);
  const q = new URLSearchParams(bUrl.split('?')[1]);
  t.equal(q.get('belongerId'), '12');
  t.equal(q.get('uid'), 'b12');
  t.equal(q.get('houseId'), '5');
  t.equal(q.get('houseType'), '1');
  t.match(html, 'href="tel:4008880731,8012"');
});

t.test('a member’s chat goes straight to the session', async (t) => {
  const html = render(<AgentRow agent={agent} houseId={5} />, fakeState({ user: { uid: 'u1', userId: '1' } }));
  t.match(html, /href="\/im\/session\?belongerId=12&amp;uid=b12/);
});

t.test('an adviser with neither uid nor belongerId gets no chat target (the click shows 经纪人ID/UID 必传一个)', async (t) => {
  const html = render(<AgentRow agent={{ belongerId: 0, uid: '', name: '无名' }} houseId={5} />);
  t.match(html, 'href="#" data-testid="agent-chat"');
  t.notMatch(html, 'tel:', 'no phone without a zhcall number');
});

t.test('the filter bar: every option is a path link; the active ones are marked', async (t) => {
  const html = render(
    <XfFilterBar
      filter={{ regionId: 1, typeCode: 1, rooms: [2] }}
      regions={[
        { regionId: 1, regionName: '岳麓区' },
        { regionId: 2, regionName: '芙蓉区' },
      ]}
      slugs={{ 1: 'yuelu', 2: 'furong' }}
    />,
  );
  t.match(html, 'href="/xinfang/furong/t1l2/"', 'another region keeps the other filters');
  t.match(html, 'href="/xinfang/t1l2/"', '不限 region');
  t.match(html, 'href="/xinfang/yuelu/t1l2l3/"', 'rooms add up');
  t.match(html, 'href="/xinfang/yuelu/t1/"', 'a picked room toggles off');
  t.match(html, 'href="/xinfang/yuelu/t1s5l2/"', '售罄 status');
  t.match(html, 'href="/xinfang/yuelu/t1p4l2/"', 'price band');
  t.match(html, 'href="/xinfang/yuelu/t1l2o1/"', 'sort');
  t.match(html, /class="xf-fbar__opt is-on"[^>]*>住宅</);
  t.match(html, />岳麓区</);
});
