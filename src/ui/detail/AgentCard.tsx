import { AppLink } from '../AppLink.tsx';
import { DefaultAvatar, PhoneIcon } from '../icons.tsx';
import { type AgentInfo, type AgentPhone, guardChat, useChatHref } from './agent.ts';
import { telHref } from './links.ts';

/** The agent card: portrait, name, store, rating; 在线咨询 (chat) and 电话咨询 (tel: via api/zhcall). */
export function AgentCard({
  agent,
  phone,
  house,
  heading = '房源经纪人',
}: {
  agent: AgentInfo | null;
  phone: AgentPhone | null;
  house?: { houseId: number | string; houseType: number };
  heading?: string;
}) {
  const chatHref = useChatHref(agent, house);
  if (!agent) return null;
  const meta = [agent.storeName, agent.years ? `从业${agent.years}年` : '', agent.score ? `评分${agent.score}` : ''].filter(Boolean);
  return (
    <section className="dt-block dt-agent">
      <h2 className="dt-block__title">{heading}</h2>
      <div className="dt-agent__row">
        {agent.portrait ? (
          <img className="dt-agent__img" src={agent.portrait} alt={agent.name} width={48} height={48} loading="lazy" />
        ) : (
          <DefaultAvatar size={48} />
        )}
        <div className="dt-agent__who">
          <p className="dt-agent__name">
            {agent.belongerId ? (
              <AppLink href={`/broker/${agent.belongerId}`} data-testid="agent-broker-link">
                {agent.name}
              </AppLink>
            ) : (
              agent.name
            )}
            {agent.iskefu ? <span className="bk-kefu">客服</span> : null}
            {agent.title ? <span className="dt-agent__title">{agent.title}</span> : null}
          </p>
          {meta.length ? <p className="dt-agent__meta">{meta.join(' · ')}</p> : null}
          {agent.tags?.length ? (
            <p className="dt-agent__tags">
              {agent.tags.slice(0, 3).map((t) => (
                <span key={t} className="tag">
                  {t}
                </span>
              ))}
            </p>
          ) : null}
        </div>
        <a className="dt-agent__btn dt-agent__btn--chat" href={chatHref ?? '#'} onClick={guardChat(chatHref)} data-testid="agent-chat">
          在线咨询
        </a>
        {phone?.webCall ? (
          <a className="dt-agent__btn dt-agent__btn--tel" href={telHref(phone.webCall)} aria-label={`拨打${agent.name}电话`}>
            <PhoneIcon size={18} />
          </a>
        ) : null}
      </div>
    </section>
  );
}
