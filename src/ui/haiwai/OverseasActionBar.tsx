import { FavouriteButton, ShareButton } from '../detail/ActionBar.tsx';
import { type AgentInfo, type AgentPhone, guardChat, useChatHref } from '../detail/agent.ts';
import { telHref } from '../detail/links.ts';

/**
 * The fixed bottom bar of an overseas detail: 收藏 (kind overseas), 分享 | 在线咨询 and 电话咨询 of the consultant.
 * The same parts as the listing ActionBar; the chat names the consultant only (overseas listings have no house
 * type code for a chat house card).
 */
export function OverseasActionBar(props: {
  houseId: number;
  title: string;
  url: string;
  collected: boolean;
  agent: AgentInfo | null;
  phone: AgentPhone | null;
}) {
  const chatHref = useChatHref(props.agent);
  return (
    <div className="abar" role="toolbar" aria-label="房源操作">
      <FavouriteButton houseId={props.houseId} kind="overseas" collected={props.collected} />
      <ShareButton title={props.title} url={props.url} />
      <div className="abar__main">
        <a className="abar__btn abar__btn--chat" href={chatHref ?? '#'} onClick={guardChat(chatHref)}>
          在线咨询
        </a>
        {props.phone?.webCall ? (
          <a className="abar__btn abar__btn--tel" href={telHref(props.phone.webCall)}>
            电话咨询
          </a>
        ) : null}
      </div>
    </div>
  );
}
