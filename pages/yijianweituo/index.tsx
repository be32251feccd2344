import type { EntrustStartData } from '../../src/contracts/page-data/entrust.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { EntrustRow } from '../../src/ui/entrust/EntrustBits.tsx';

/** /Index/yijianweituo: sell or let, what happens after, and the member's latest entrustments. */
export default function EntrustStartPage({ data }: PageProps<EntrustStartData>) {
  return (
    <div className="wt">
      <section className="wt-hero">
        <h1>一键委托</h1>
        <p>把房子交给我们，专业经纪人帮您卖、帮您租</p>
        <div className={`wt-hero__choices${data.preferred === 'rent' ? ' wt-hero__choices--rent' : ''}`}>
          <AppLink className="wt-choice" href="/Index/yijianweituo/search?kind=sell" data-testid="start-sell">
            <strong>我要卖房</strong>
            <span>委托出售</span>
          </AppLink>
          <AppLink className="wt-choice wt-choice--rent" href="/Index/yijianweituo/search?kind=rent" data-testid="start-rent">
            <strong>我要出租</strong>
            <span>委托出租</span>
          </AppLink>
        </div>
      </section>
      <section className="wt-card">
        <h2>委托之后</h2>
        <ol className="wt-flow">
          <li>
            <strong>待受理</strong>提交后门店收到您的委托
          </li>
          <li>
            <strong>已受理</strong>分配小区所在门店的经纪人，电话与您核实
          </li>
          <li>
            <strong>已上架</strong>房源发布到{'二手房、租房'}列表，开始带看
          </li>
          <li>
            <strong>已成交</strong>签约成交；您也可以随时下架
          </li>
        </ol>
      </section>
      {data.deals.length ? (
        <section className="wt-card">
          <h2>
            近期成交
            <AppLink href="/fangjia" className="wt-more">
              查房价
            </AppLink>
          </h2>
          <ul className="wt-deals" data-testid="deals">
            {data.deals.map((d) => (
              <li key={d.regionId}>
                <span>{d.regionName}</span>
                <span>{`成交${d.deals}套`}</span>
                <span>{`均价${d.avgPrice.toLocaleString('zh-CN')}元/㎡`}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {data.loggedIn ? (
        <section className="wt-card">
          <h2>
            我的委托
            <AppLink href="/Index/yijianweituo/list" className="wt-more">
              全部
            </AppLink>
          </h2>
          {data.mine.length ? (
            <ul className="wt-list">
              {data.mine.map((e) => (
                <EntrustRow key={e.id} e={e} />
              ))}
            </ul>
          ) : (
            <p className="wt-muted">还没有委托，选择上方“我要卖房”或“我要出租”开始。</p>
          )}
        </section>
      ) : null}
      <p className="wt-muted wt-center">
        想先了解房子值多少？<AppLink href="/fangjia/gujia">免费估价</AppLink>
      </p>
    </div>
  );
}
