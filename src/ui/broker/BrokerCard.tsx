import type { Belonger } from '../../contracts/gateway/index.ts';
import type { BrokerAgent } from '../../contracts/page-data/broker.ts';
import { AppLink } from '../AppLink.tsx';
import { guardChat, useChatHref } from '../detail/agent.ts';
import { telHref } from '../detail/links.ts';
import { DefaultAvatar } from '../icons.tsx';

/** 客服 beside an iskefu agent's name (SPEC 3). */
export const KefuMark = ({ agent }: { agent: Pick<Belonger, 'iskefu'> }) => (agent.iskefu ? <span className="bk-kefu">客服</span> : null);

function Portrait({ agent, size }: { agent: Pick<Belonger, 'portrait' | 'name'>; size: number }) {
  return agent.portrait ? (
    <img className="bk-portrait" src={agent.portrait} alt={agent.name} width={size} height={size} loading="lazy" />
  ) : (
    <DefaultAvatar size={size} />
  );
}

/**
 * The agent's card (SPEC 7.7 wapbrokercard): portrait, name, store (its page is /mendian/{id}.html), years, deals,
 * rating; 在线咨询 to the chat session (a visitor to login with bUrl) and 电话咨询 on the zhcall switchboard with the
 * agent's extension shown.
 */
export function BrokerCard({
  agent,
  reviewAverage,
  reviewTotal,
}: {
  agent: BrokerAgent;
  reviewAverage: number | null;
  reviewTotal: number;
}) {
  const chatHref = useChatHref(agent);
  return (
    <section className="card bk-card" data-testid="broker-card">
      <div className="bk-card__top">
        <Portrait agent={agent} size={72} />
        <div className="bk-card__who">
          <h1 className="bk-card__name">
            {agent.name}
            <KefuMark agent={agent} />
          </h1>
          <p className="bk-card__title">{agent.title || '房产经纪人'}</p>
          {agent.storeName ? (
            <AppLink className="bk-card__store" href={`/mendian/${agent.storeId}.html`}>
              {agent.storeName}
            </AppLink>
          ) : null}
        </div>
      </div>
      <dl className="bk-card__facts">
        <div>
          <dt>从业年限</dt>
          <dd data-testid="broker-years">{agent.years ? `${agent.years}年` : '—'}</dd>
        </div>
        <div>
          <dt>成交</dt>
          <dd data-testid="broker-deals">{agent.dealCount ? `${agent.dealCount}套` : '—'}</dd>
        </div>
        <div>
          <dt>带看</dt>
          <dd>{agent.daikanCount ? `${agent.daikanCount}次` : '—'}</dd>
        </div>
        <div>
          <dt>用户评分</dt>
          <dd data-testid="broker-rating">
            {reviewAverage ? `${reviewAverage.toFixed(1)}分` : '暂无'}
            <small>{`（${reviewTotal}条评价）`}</small>
          </dd>
        </div>
      </dl>
      {agent.tags.length ? (
        <p className="bk-card__tags">
          {agent.tags.map((t) => (
            <span key={t}>{t}</span>
          ))}
        </p>
      ) : null}
      {agent.intro ? <p className="bk-card__intro">{agent.intro}</p> : null}
      <div className="bk-card__actions">
        <a className="bk-btn bk-btn--chat" href={chatHref ?? '#'} onClick={guardChat(chatHref)} data-testid="broker-chat">
          在线咨询
        </a>
        {agent.webCall ? (
          <a className="bk-btn bk-btn--tel" href={telHref(agent.webCall)} data-testid="broker-call">
            电话咨询
            <small>
              转分机 <b data-testid="broker-ext">{agent.extNum}</b>
            </small>
          </a>
        ) : null}
      </div>
    </section>
  );
}

/** One agent in a list: portrait, name (客服 marked), store and figures; links to /broker/{id}. */
export function BrokerRow({ agent }: { agent: Belonger }) {
  const facts = [agent.storeName, agent.years ? `从业${agent.years}年` : '', agent.dealCount ? `成交${agent.dealCount}套` : '']
    .filter(Boolean)
    .join(' · ');
  return (
    <AppLink className="bk-row" href={`/broker/${agent.belongerId}`} data-testid="broker-row">
      <Portrait agent={agent} size={48} />
      <span className="bk-row__who">
        <span className="bk-row__name">
          {agent.name}
          <KefuMark agent={agent} />
        </span>
        <span className="bk-row__meta">{facts || agent.title}</span>
      </span>
      {agent.score ? <span className="bk-row__score">{agent.score.toFixed(1)}分</span> : null}
    </AppLink>
  );
}
