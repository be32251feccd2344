import { type FormEvent, useState } from 'react';
import type { CompareKind } from '../../lib/compare.ts';
import { isMember } from '../../stores/app-state.ts';
import { useAppState } from '../../stores/context.tsx';
import { AppLink } from '../AppLink.tsx';
import { HeartIcon, ShareIcon } from '../icons.tsx';
import { type AgentInfo, type AgentPhone, guardChat, useChatHref } from './agent.ts';
import { type CollectKind, loginHref, telHref, useBackPath } from './links.ts';

/**
 * What the bar does after a tap (the favourite's post, the toasts) is not in a detail's first JavaScript (issue 35
 * part 4): it loads at the first touch of the bar, well before the tap's answer is needed.
 */
const tapCode = () => Promise.all([import('../../client/actions.ts'), import('./toast.ts')]);
const toast = (message: string, ms?: number) => void import('./toast.ts').then((m) => m.showToast(message, ms));
const preloadTapCode = () => void tapCode().catch(() => undefined);

/**
 * The favourite button (member-only, SPEC 7.8): a form posting to /-/action/favourite, so it works as a plain
 * HTML form; with JavaScript the post is a fetch, a visitor (401) goes to /login?bUrl=<this page>.
 */
export function FavouriteButton({ houseId, kind, collected: initial }: { houseId: number; kind: CollectKind; collected: boolean }) {
  const back = useBackPath();
  const [collected, setCollected] = useState(initial);
  const [busy, setBusy] = useState(false);
  const op = collected ? 'remove' : 'add';
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const [{ postMemberAction }] = await tapCode();
      const res = await postMemberAction('/-/action/favourite', { houseId, kind, op }, back);
      if (!res) return;
      if (!res.ok) throw new Error(String(res.status));
      setCollected(op === 'add');
      toast(op === 'add' ? '收藏成功' : '已取消收藏');
    } catch {
      toast('操作失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form method="post" action="/-/action/favourite" className="abar__form" onSubmit={onSubmit}>
      <input type="hidden" name="houseId" value={houseId} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="op" value={op} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className={`abar__icon${collected ? ' is-on' : ''}`} aria-pressed={collected} data-testid="favourite">
        <HeartIcon size={22} />
        <span>{collected ? '已收藏' : '收藏'}</span>
      </button>
    </form>
  );
}

/**
 * 加入对比 (issue 37 part 4): a form posting to /-/compare/add, so it works as a plain HTML form (a member's list on
 * the gateway, then the comparison; a visitor logs in first); with JavaScript CompareDock's listener takes the tap
 * (`data-compare`) and keeps a visitor's list in the browser.
 */
export function CompareButton({ kind, houseId }: { kind: CompareKind; houseId: number }) {
  const item = `${kind}:${houseId}`;
  return (
    <form method="post" action="/-/compare/add" className="abar__form">
      <input type="hidden" name="item" value={item} />
      <button type="submit" className="abar__icon" data-compare={item} data-testid="compare-add">
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
          <rect x="3" y="4" width="7" height="16" rx="1.5" />
          <rect x="14" y="4" width="7" height="16" rx="1.5" />
          <path d="M5.5 9h2M16.5 9h2M5.5 13h2M16.5 13h2" />
        </svg>
        <span>对比</span>
      </button>
    </form>
  );
}

/** Share: the system share sheet where there is one, else the link is copied. */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const onClick = async () => {
    const nav = navigator as Navigator & { share?: (d: ShareData) => Promise<void> };
    try {
      if (nav.share) {
        await nav.share({ title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      toast('链接已复制，快去分享吧');
    } catch {
      toast(url, 4000);
    }
  };
  return (
    <button type="button" className="abar__icon" onClick={onClick}>
      <ShareIcon size={22} />
      <span>分享</span>
    </button>
  );
}

export interface ActionBarProps {
  houseId: number;
  houseType: number;
  kind: CollectKind;
  title: string;
  /** Canonical URL, for sharing. */
  url: string;
  collected: boolean;
  agent: AgentInfo | null;
  phone: AgentPhone | null;
  /** The booking link (/yuyuekanfang?…); omitted hides the button. */
  bookHref?: string;
  /** What the home is compared as (second-hand, rental, new home); omitted: no 对比 (shops, offices). */
  compareKind?: CompareKind;
}

/** The fixed bottom bar of a detail page: 收藏, 分享 | 预约看房, 在线咨询, 电话. */
export function ActionBar({ houseId, houseType, kind, title, url, collected, agent, phone, bookHref, compareKind }: ActionBarProps) {
  const chatHref = useChatHref(agent, { houseId, houseType });
  const { user } = useAppState();
  const back = useBackPath();
  const book = bookHref ? (isMember(user) ? bookHref : loginHref(bookHref)) : null;
  return (
    <div className="abar" role="toolbar" aria-label="房源操作" onPointerDown={preloadTapCode} onFocus={preloadTapCode}>
      <FavouriteButton houseId={houseId} kind={kind} collected={collected} />
      {compareKind ? <CompareButton kind={compareKind} houseId={houseId} /> : null}
      <ShareButton title={title} url={url} />
      <div className="abar__main">
        {book ? (
          <AppLink className="abar__btn abar__btn--book" href={book} data-testid="book" data-back={back}>
            预约看房
          </AppLink>
        ) : null}
        <a className="abar__btn abar__btn--chat" href={chatHref ?? '#'} onClick={guardChat(chatHref)}>
          在线咨询
        </a>
        {phone?.webCall ? (
          <a className="abar__btn abar__btn--tel" href={telHref(phone.webCall)}>
            电话咨询
          </a>
        ) : null}
      </div>
    </div>
  );
}
