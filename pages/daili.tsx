import type { DailiData } from '../src/contracts/page-data/broker.ts';
import type { PageProps } from '../src/render/page-props.ts';
import { AppLink } from '../src/ui/AppLink.tsx';
import { BrokerRow } from '../src/ui/broker/BrokerCard.tsx';

const STEPS = ['提交合作意向', '招商专员电话沟通', '签订渠道合作协议', '开通房源与报备系统', '协同带看，成交结佣'];

/** /daili: the agency / channel-partner page: what partners get, how to join, the agents they work with. */
export default function DailiPage({ data }: PageProps<DailiData>) {
  return (
    <div className="bk-page">
      <section className="card bk-sec jm-hero">
        <h1>代理合作</h1>
        <p>{`诚邀${data.cityName}房产代理、渠道公司与独立经纪人，共享房源，合作共赢。`}</p>
      </section>
      <section className="card bk-sec">
        <h2 className="bk-sec__title">合作优势</h2>
        <ul className="jm-points">
          <li>
            <b>海量房源</b>新房、二手房、租房全品类开放报备
          </li>
          <li>
            <b>佣金透明</b>成交后按协议结佣，线上可查
          </li>
          <li>
            <b>协同带看</b>门店经纪人全程协助带看签约
          </li>
          <li>
            <b>系统工具</b>客户报备、防撞单、进度跟踪
          </li>
        </ul>
      </section>
      <section className="card bk-sec">
        <h2 className="bk-sec__title">合作流程</h2>
        <ol className="cm-terms">
          {STEPS.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
        <AppLink className="bk-more" href="/jiameng/#zhaoshang">
          提交合作意向
        </AppLink>
      </section>
      {data.agents.length ? (
        <section className="card bk-sec">
          <h2 className="bk-sec__title">合作经纪人</h2>
          {data.agents.map((b) => (
            <BrokerRow key={b.belongerId} agent={b} />
          ))}
          <AppLink className="bk-more" href="/broker/">
            查看全部经纪人
          </AppLink>
        </section>
      ) : null}
      {data.commitments.length ? (
        <section className="card bk-sec">
          <h2 className="bk-sec__title">服务承诺</h2>
          <ul className="cm-list">
            {data.commitments.map((c) => (
              <li key={c.id}>
                <AppLink href={`/commitment/${c.id}`}>
                  <b>{c.title}</b>
                  <span>{c.subtitle}</span>
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
