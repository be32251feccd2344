import { AppLink } from '../AppLink.tsx';
import { guardChat, telHref, useChatHref } from '../detail/index.ts';
import { DefaultAvatar, PhoneIcon } from '../icons.tsx';

export interface EstateAgent {
  belongerId: number;
  uid?: string | null;
  name: string;
  portrait?: string | null;
  title?: string | null;
  storeName?: string | null;
  score?: number | null;
  dealCount?: number | null;
  years?: number | null;
  tags?: string[];
  /** A customer-service agent (SPEC 3 iskefu): marked 客服. */
  iskefu?: boolean | null;
  /** SPEC 7.7 api/zhcall webCall: switchboard and extension. */
  webCall?: string;
}

/**
 * One adviser of an estate (SPEC 7.3 belongers): portrait, name, store and rating; 在线咨询 goes to the chat session
 * (a visitor to /login?bUrl=<session>; no uid or belongerId → toast 经纪人ID/UID 必传一个, SPEC 5) and the phone
 * button dials the zhcall number.
 */
export function AgentRow({ agent, houseId, compact = false }: { agent: EstateAgent; houseId: number; compact?: boolean }) {
  const chatHref = useChatHref(agent, houseId ? { houseId, houseType: 1 } : undefined);
  const meta = [agent.storeName, agent.years ? `从业${agent.years}年` : '', agent.dealCount ? `成交${agent.dealCount}套` : '']
    .filter(Boolean)
    .join(' · ');
  return (
    <div className={`xf-agent${compact ? ' xf-agent--compact' : ''}`} data-belonger-id={agent.belongerId}>
      {agent.portrait ? (
        <img className="xf-agent__img" src={agent.portrait} alt={agent.name} width={44} height={44} loading="lazy" />
      ) : (
        <DefaultAvatar size={44} />
      )}
      <div className="xf-agent__who">
        <p className="xf-agent__name">
          <AppLink href={`/broker/${agent.belongerId}`} data-testid="agent-broker-link">
            {agent.name}
          </AppLink>
          {agent.iskefu ? <span className="bk-kefu">客服</span> : null}
          {agent.score ? <span className="xf-agent__score">{agent.score.toFixed(1)}分</span> : null}
        </p>
        <p className="xf-agent__meta">{meta || agent.title || '置业顾问'}</p>
      </div>
      <a className="xf-agent__chat" href={chatHref ?? '#'} onClick={guardChat(chatHref)} data-testid="agent-chat">
        在线问
      </a>
      {agent.webCall ? (
        <a className="xf-agent__tel" href={telHref(agent.webCall)} aria-label={`拨打${agent.name}电话`}>
          <PhoneIcon size={18} />
        </a>
      ) : null}
    </div>
  );
}
