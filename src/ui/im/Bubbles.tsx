import type { ChatMessage } from '../../contracts/chat.ts';
import type { ChatHouseCard } from '../../contracts/gateway/chat.ts';
import type { ChatPlaceMap } from '../../contracts/page-data/im.ts';
import { needsSeparator, timeLabel } from '../../lib/time-label.ts';
import { AppLink } from '../AppLink.tsx';
import { LocationMap } from '../map/LocationMap.tsx';

/** A listing's price as the card shows it: priceText, else the price in 万. */
export const cardPrice = (h: Pick<ChatHouseCard, 'price' | 'priceText'>) => h.priceText || (h.price > 0 ? `${h.price}万` : '价格待定');

/** SPEC 3 chat house card: title, price or priceText, other, desc, img, house mode, activity; opens the listing. */
export function HouseCard({ house, href, compact = false }: { house: ChatHouseCard; href: string | null; compact?: boolean }) {
  const body = (
    <>
      {house.img ? <img className="im-house__img" src={house.img} alt="" width={compact ? 72 : 96} height={compact ? 54 : 72} /> : null}
      <span className="im-house__body">
        <span className="im-house__title">{house.title}</span>
        <span className="im-house__price">{cardPrice(house)}</span>
        {house.other ? <span className="im-house__other">{house.other}</span> : null}
        {house.desc ? <span className="im-house__desc">{house.desc}</span> : null}
        <span className="im-house__tags">
          {house.houseMode ? <span className="im-tag">{house.houseMode}</span> : null}
          {house.activityName ? <span className="im-tag im-tag--act">{house.activityName}</span> : null}
        </span>
      </span>
    </>
  );
  const cls = `im-house${compact ? ' im-house--compact' : ''}`;
  return href ? (
    <AppLink href={href} className={cls} data-testid="im-house" data-houseid={house.houseid} data-housetype={house.housetype}>
      {body}
    </AppLink>
  ) : (
    <div className={cls} data-testid="im-house" data-houseid={house.houseid} data-housetype={house.housetype}>
      {body}
    </div>
  );
}

/** Where a house card in a message opens. */
export const houseHrefOf = (h: ChatHouseCard): string | null =>
  h.houseid > 0 ? (h.housetype === 1 ? `/xinfang/${h.houseid}.html` : houseDetailPath(h.housetype, h.houseid)) : null;

const KIND_BY_TYPE: Record<number, string> = {
  11: 'ershoufang',
  12: 'zufang',
  13: 'shangpucs',
  14: 'shangpucz',
  15: 'xieziloucs',
  16: 'xieziloucz',
};
const houseDetailPath = (type: number, id: number) => (KIND_BY_TYPE[type] ? `/${KIND_BY_TYPE[type]}/${id}.html` : null);

export type ShownMessage = ChatMessage & { pending?: boolean; failed?: boolean };

/** One message's content, by SPEC 3 type. */
function Content({ m, placeMap }: { m: ShownMessage; placeMap: ChatPlaceMap | null }) {
  switch (m.msgType) {
    case 'text':
      return <span className="im-msg__text">{m.content.text}</span>;
    case 'images':
      return (
        <a href={m.content.url} target="_blank" rel="noopener" className="im-msg__img">
          <img
            src={m.content.url}
            alt="图片消息"
            width={m.content.width || undefined}
            height={m.content.height || undefined}
            loading="lazy"
            decoding="async"
          />
        </a>
      );
    case 'voice':
      return (
        <span className="im-msg__voice">
          {/* biome-ignore lint/a11y/useMediaCaption: a chat voice message has no transcript to offer. */}
          <audio
            controls
            preload="none"
            src={m.content.url}
            aria-label={`语音消息${m.content.seconds ? `，${m.content.seconds}秒` : ''}`}
          />
          {m.content.seconds ? <span className="im-msg__secs">{`${m.content.seconds}″`}</span> : null}
        </span>
      );
    case 'map':
      return (
        <span className="im-msg__map" data-testid="im-map">
          <LocationMap
            data={
              placeMap && placeMap.lat === m.content.lat && placeMap.lng === m.content.lng
                ? { ...placeMap, name: m.content.title }
                : { name: m.content.title, lat: m.content.lat, lng: m.content.lng, district: null, schools: [], stations: [] }
            }
          />
          <span className="im-msg__addr">{m.content.address || m.content.title}</span>
        </span>
      );
    case 'house':
      return <HouseCard house={m.content} href={houseHrefOf(m.content)} compact />;
    default:
      return null;
  }
}

/** The message stream: a time separator before the first message and after every gap of more than five minutes. */
export function MessageStream({
  messages,
  me,
  now,
  placeMap = null,
}: {
  messages: ShownMessage[];
  me: string;
  now: number;
  /** The listing's place with its surroundings: its map cards draw them. */
  placeMap?: ChatPlaceMap | null;
}) {
  let previous: number | null = null;
  return (
    <ol className="im-stream" data-testid="im-stream" aria-live="polite">
      {messages.flatMap((m) => {
        if (m.msgType === 'cmd') return [];
        const out = [];
        if (needsSeparator(previous, m.time)) {
          out.push(
            <li key={`t-${m.id}`} className="im-sep">
              <time dateTime={new Date(m.time).toISOString()}>{timeLabel(m.time, now)}</time>
            </li>,
          );
        }
        previous = m.time;
        const mine = m.from === me;
        out.push(
          <li
            key={m.id}
            className={`im-msg im-msg--${m.msgType}${mine ? ' is-mine' : ''}`}
            data-testid="im-msg"
            data-mine={mine ? '1' : '0'}
            data-type={m.msgType}
          >
            <div className="im-msg__bubble">
              <Content m={m} placeMap={placeMap} />
            </div>
            {mine ? (
              <span className={`im-msg__state${m.read ? ' is-read' : ''}`} data-testid="im-read">
                {m.failed ? '发送失败' : m.pending ? '发送中' : m.read ? '已读' : '未读'}
              </span>
            ) : null}
          </li>,
        );
        return out;
      })}
    </ol>
  );
}
