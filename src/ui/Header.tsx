import { useAppState } from '../stores/context.tsx';
import { AppLink } from './AppLink.tsx';
import { BrandMark, ChatIcon, ChevronDown } from './icons.tsx';
import { Menu } from './Menu.tsx';
import { OpenAppButton } from './OpenApp.tsx';

const QUICK_LINKS = [
  { label: '新房', href: '/xinfang/' },
  { label: '二手房', href: '/ershoufang/' },
  { label: '租房', href: '/zufang/' },
] as const;

/** SPEC 2.7: logo, the selected city (→ /city), quick links (or 打开APP on the home page: it tries the app, SPEC 2.8), the menu. */
export function Header() {
  const { site, city, route, user } = useAppState();
  const isHome = route.params.header === 'app';
  const section = `/${(route.path.split('/')[1] ?? '').toLowerCase()}/`;
  return (
    <header className={`hd${isHome ? '' : ' hd--quick'}`}>
      <div className="hd__bar">
        <AppLink href="/" className="hd__logo" aria-label={`${site.brand}首页`}>
          <BrandMark size={28} />
          <span className="hd__brand">{site.brand}</span>
        </AppLink>
        <AppLink href={cityPickerHref(route.path)} className="hd__city" aria-label={`当前城市${city.selectCityName}，切换城市`}>
          <span className="hd__city-name">{city.selectCityName}</span>
          <ChevronDown size={14} />
        </AppLink>
        <div className="hd__spacer" />
        {isHome ? (
          <OpenAppButton className="hd__app" />
        ) : (
          <nav className="hd__quick" aria-label="快捷频道">
            {QUICK_LINKS.map((l) => (
              <AppLink key={l.href} href={l.href} className={`hd__quick-link${section === l.href ? ' is-active' : ''}`}>
                {l.label}
              </AppLink>
            ))}
          </nav>
        )}
        {user.chatUnread !== undefined ? <ChatBadge count={user.chatUnread + (user.noticeUnread ?? 0)} /> : null}
        <Menu />
      </div>
    </header>
  );
}

/**
 * A member's way to their messages, with the unread count: chat messages (issue 18) and notices (issue 37), both in
 * the message centre /personalcenter/xiaoxi. The count comes with the page (the server asks the gateway for a member's
 * requests, which are never cached) and is kept fresh by the chat screens, the member session and its socket's notice
 * frames: no chat code in the first page's JavaScript.
 */
function ChatBadge({ count }: { count: number }) {
  return (
    <AppLink
      href="/personalcenter/xiaoxi"
      className="hd__im"
      aria-label={count > 0 ? `消息，${count}条未读` : '消息'}
      data-testid="hd-unread"
    >
      <ChatIcon size={22} />
      {count > 0 ? <span className="hd__badge">{count > 99 ? '99+' : count}</span> : null}
    </AppLink>
  );
}

/**
 * The city picker, told the page type to return to on the chosen city's host (issue 14; /city validates it): the path
 * only, since a query (filters, ids, a login's bUrl) names things of this city, not of the next one.
 */
export function cityPickerHref(path: string): string {
  if (/^\/city(?:\/|$)/i.test(path)) return '/city';
  return `/city?from=${encodeURIComponent(path)}`;
}
