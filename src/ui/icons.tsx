import type { SVGProps } from 'react';

/**
 * Icons are symbols of one SVG sprite (/icons.svg, built from src/ui/icon-sprite.ts and cached by the browser):
 * a page carries a two-element <svg><use></svg> per icon instead of its whole drawing, which halves the HTML of a
 * typical screen and the server's render work. No icon font, no external image.
 */

export const ICON_SPRITE = '/icons.svg?v=1';

export type IconName =
  | 'menu'
  | 'close'
  | 'chevron-down'
  | 'chevron-right'
  | 'search'
  | 'phone'
  | 'shield'
  | 'user'
  | 'new-home'
  | 'resale'
  | 'rent'
  | 'globe'
  | 'shop'
  | 'school'
  | 'community'
  | 'price'
  | 'calculator'
  | 'news'
  | 'qa'
  | 'store'
  | 'handshake'
  | 'entrust'
  | 'map'
  | 'heart'
  | 'share'
  | 'flag'
  | 'chat'
  | 'calendar'
  | 'brand'
  | 'avatar';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'name'> & { size?: number };

export function Icon({ name, size = 24, ...rest }: IconProps & { name: IconName }) {
  return (
    <svg width={size} height={size} aria-hidden="true" focusable="false" {...rest}>
      <use href={`${ICON_SPRITE}#${name}`} />
    </svg>
  );
}

const named = (name: IconName) => (p: IconProps) => <Icon {...p} name={name} />;

/** The brand mark: a roof over a doorway in a rounded square. */
export const BrandMark = ({ size = 28 }: { size?: number }) => <Icon name="brand" size={size} />;

/** The default avatar of a member without a head image: a local SVG, never a remote picture. */
export const DefaultAvatar = ({ size = 48 }: { size?: number }) => <Icon name="avatar" size={size} />;

export const MenuIcon = named('menu');
export const CloseIcon = named('close');
export const ChevronDown = named('chevron-down');
export const ChevronRight = named('chevron-right');
export const SearchIcon = named('search');
export const PhoneIcon = named('phone');
export const ShieldIcon = named('shield');
export const UserIcon = named('user');
export const NewHomeIcon = named('new-home');
export const ResaleIcon = named('resale');
export const RentIcon = named('rent');
export const GlobeIcon = named('globe');
export const ShopIcon = named('shop');
export const SchoolIcon = named('school');
export const CommunityIcon = named('community');
export const PriceIcon = named('price');
export const CalculatorIcon = named('calculator');
export const NewsIcon = named('news');
export const QaIcon = named('qa');
export const StoreIcon = named('store');
export const HandshakeIcon = named('handshake');
export const EntrustIcon = named('entrust');
export const MapIcon = named('map');
export const HeartIcon = named('heart');
export const ShareIcon = named('share');
export const FlagIcon = named('flag');
export const ChatIcon = named('chat');
export const CalendarIcon = named('calendar');
