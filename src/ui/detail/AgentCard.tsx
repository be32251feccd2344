import type { MouseEvent } from 'react';
import { isMember } from '../../stores/app-state.ts';
import { useAppState } from '../../stores/context.tsx';
import { AppLink } from '../AppLink.tsx';
import { DefaultAvatar, PhoneIcon } from '../icons.tsx';
import { CHAT_ID_REQUIRED, type ChatTarget, chatSessionPath, loginHref, telHref } from './links.ts';
import { showToast } from './toast.ts';

export interface AgentInfo extends ChatTarget {
  name: string;
  portrait?: string | null;
  storeName?: string | null;
  title?: string | null;
  score?: number | null;
  years?: number | null;
  tags?: string[];
  /** A customer-service agent (SPEC 3 iskefu): marked 客服. */
  iskefu?: boolean | null;
}

/** The card's fields of a listing's agent (the gateway's belonger), or null for a listing without one. */
export function agentInfoOf(a: AgentInfo | null | undefined): AgentInfo | null {
  if (!a) return null;
  return {
    name: a.name,
    uid: a.uid,
    belongerId: a.belongerId,
    portrait: a.portrait,
    storeName: a.storeName,
    title: a.title,
    score: a.score,
    years: a.years,
    tags: a.tags,
    iskefu: a.iskefu,
  };
}

/** The agent's phone as the gateway's zhcall answers it (SPEC 3 phone numbers: webCall). */
export interface AgentPhone {
  webCall: string;
  extNum?: string | null;
}

/** Where the chat button goes for this user: the session for a member, /login?bUrl=<session> for a visitor. */
export function useChatHref(agent: ChatTarget | null | undefined, house?: { houseId: number | string; houseType: number }): string | null {
  const { user } = useAppState();
  const session = chatSessionPath(agent, house);
  if (!session) return null;
  return isMember(user) ? session : loginHref(session);
}

/** Click handler of a chat link: no uid or belongerId → toast 经纪人ID/UID 必传一个 and no jump (SPEC 5). */
export function guardChat(href: string | null) {
  return (e: MouseEvent) => {
    if (href) return;
    e.preventDefault();
    showToast(CHAT_ID_REQUIRED);
  };
}

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
