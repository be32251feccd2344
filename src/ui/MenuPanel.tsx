import { useEffect } from 'react';
import { isMember } from '../stores/app-state.ts';
import { useAppState } from '../stores/context.tsx';
import { AppLink } from './AppLink.tsx';
import {
  ChevronRight,
  CloseIcon,
  CommunityIcon,
  DefaultAvatar,
  EntrustIcon,
  GlobeIcon,
  HandshakeIcon,
  NewHomeIcon,
  RentIcon,
  ResaleIcon,
  SchoolIcon,
  ShopIcon,
} from './icons.tsx';
import { currentReturnPath, withReturnUrl } from './paths.ts';

/** SPEC 2.7: the slide-in menu's entries, in this order. */
export const MENU_ITEMS = [
  { label: '二手房', href: '/ershoufang/', Icon: ResaleIcon },
  { label: '租房', href: '/zufang/', Icon: RentIcon },
  { label: '新房', href: '/xinfang/', Icon: NewHomeIcon },
  { label: '海外', href: '/haiwaihome', Icon: GlobeIcon },
  { label: '商业', href: '/sydc', Icon: ShopIcon },
  { label: '学校', href: '/school/', Icon: SchoolIcon },
  { label: '小区', href: '/xiaoqu/', Icon: CommunityIcon },
  { label: '委托', href: '/Index/yijianweituo', Icon: EntrustIcon },
  { label: '加盟', href: '/jiameng/', Icon: HandshakeIcon },
] as const;

export interface MenuPanelProps {
  id: string;
  open: boolean;
  close(): void;
  /**
   * The panel of the no-JavaScript menu (Menu.tsx, issue 34): shown by its `<details>`, so no overlay and no close
   * button (they need a script; the summary's backdrop closes it), never `inert`.
   */
  noScript?: boolean;
}

/**
 * The slide-in panel of the menu (SPEC 2.7). Rendered closed by the server; in the browser it is its own chunk
 * (Menu.tsx), hydrated once that arrived, so its markup and links are not in the JavaScript before the page is
 * interactive (issue 20). It stays in the DOM (transform + `inert`) so it can slide.
 */
export function MenuPanel({ id, open, close, noScript = false }: MenuPanelProps) {
  const { user, route, site } = useAppState();

  // While open: Escape closes, the page behind does not scroll.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [open, close]);

  const member = isMember(user);
  const back = currentReturnPath(route.path, route.query);

  return (
    <div className={`menu${open ? ' menu--open' : ''}${noScript ? ' menu--nojs' : ''}`}>
      {noScript ? null : <div className="menu__overlay" aria-hidden="true" onClick={close} />}
      <nav id={id} className="menu__panel" aria-label="全部频道" aria-hidden={!open} inert={!open}>
        <div className="menu__top">
          <span className="menu__title">{site.brand}</span>
          {noScript ? null : (
            <button type="button" className="menu__close" aria-label="关闭菜单" onClick={close}>
              <CloseIcon size={22} />
            </button>
          )}
        </div>
        {member ? (
          <>
            <AppLink href="/personalcenter" className="menu__user" onClick={close}>
              {user.headUrl ? (
                <img className="menu__avatar" src={user.headUrl} alt="" width={48} height={48} />
              ) : (
                <span className="menu__avatar">
                  <DefaultAvatar size={48} />
                </span>
              )}
              <span className="menu__user-text">
                <span className="menu__nick">{user.nickName || '会员'}</span>
                <span className="menu__hint">进入个人中心</span>
              </span>
              <ChevronRight size={18} className="menu__chev" />
            </AppLink>
            <form className="menu__logout" method="post" action="/-/account/logout">
              <input type="hidden" name="bUrl" value={back} />
              <button type="submit" data-testid="menu-logout">
                退出登录
              </button>
            </form>
          </>
        ) : (
          <div className="menu__guest">
            <span className="menu__avatar">
              <DefaultAvatar size={48} />
            </span>
            <span className="menu__user-text">
              <span className="menu__nick">欢迎来到{site.brand}</span>
              <span className="menu__hint">登录后可收藏房源、预约看房</span>
            </span>
            <span className="menu__auth">
              <AppLink href={withReturnUrl('/login', back)} className="btn btn--primary btn--sm" onClick={close}>
                登录
              </AppLink>
              <AppLink href={withReturnUrl('/register', back)} className="btn btn--ghost btn--sm" onClick={close}>
                注册
              </AppLink>
            </span>
          </div>
        )}
        <ul className="menu__list">
          {MENU_ITEMS.map(({ label, href, Icon }) => (
            <li key={href}>
              <AppLink href={href} className="menu__item" onClick={close}>
                <Icon size={22} className="menu__icon" />
                <span className="menu__label">{label}</span>
                <ChevronRight size={16} className="menu__chev" />
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
