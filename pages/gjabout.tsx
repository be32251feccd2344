import type { PageProps } from '../src/render/page-props.ts';
import { AppLink } from '../src/ui/AppLink.tsx';

/** /gjabout: how the free valuation works, in plain words (the method of src/lib/valuation.ts). */
export default function GjaboutPage(_props: PageProps<null>) {
  return (
    <div className="gj">
      <article className="fm gj-card gj-about" data-testid="gj-about">
        <h1 className="fm__title">估价说明</h1>
        <p>免费估价根据您房子所在小区的真实价格数据和房子本身的条件，算出一个参考价。同样的信息，任何时候估出来都是同一个数。</p>
        <h2>第一步：找到基准单价</h2>
        <p>
          我们以小区最近一个月的成交均价作为基准。如果同小区有3套以上面积相近（上下20%以内）的在售二手房，基准单价取小区均价的70%加上这些房源均价的30%。
        </p>
        <h2>第二步：按房子的条件调整</h2>
        <ul>
          <li>楼层：一楼低4%，顶楼低2%，中高楼层高1%，低楼层不调整；</li>
          <li>朝向：南北通透高3%，朝南高2%，东南高1%，西南不调整，朝东或东西低1%，朝西低2%，朝北低4%；</li>
          <li>装修：豪装高7%，精装高4%，简装不调整，毛坯低5%；</li>
          <li>房龄：5年以内高3%，5到15年不调整，15到25年低3%，25年以上低6%；</li>
          <li>面积：50㎡以下的小户型高2%，140㎡以上的大户型低2%。</li>
        </ul>
        <p>各项调整相加后乘以基准单价，得到估价单价（取整到10元），再乘以面积得到总价。</p>
        <h2>第三步：给出区间</h2>
        <p>相似在售房源有3套以上时，参考区间为总价上下5%；不足3套时数据较少，区间放宽到上下8%。</p>
        <h2>估价能做什么</h2>
        <p>
          估价帮助您了解房子大致的市场价值，方便挂牌定价或对比。实际成交价还会受到户型、景观、税费和买卖双方议价的影响，估价结果不作为交易依据。需要准确的价格，可以委托我们的经纪人上门评估。
        </p>
        <p className="gj-about__actions">
          <AppLink href="/fangjia/gujia" className="btn btn--primary">
            免费估价
          </AppLink>
          <AppLink href="/Index/yijianweituo" className="btn btn--ghost">
            委托卖房
          </AppLink>
        </p>
      </article>
    </div>
  );
}
