import type { ComponentType, SVGProps } from 'react';
import { AppLink } from './AppLink.tsx';
import {
  CalculatorIcon,
  CommunityIcon,
  GlobeIcon,
  NewHomeIcon,
  NewsIcon,
  PriceIcon,
  QaIcon,
  RentIcon,
  ResaleIcon,
  SchoolIcon,
  ShopIcon,
  StoreIcon,
} from './icons.tsx';

export interface SectionEntry {
  key: string;
  label: string;
  href: string;
  Icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;
  /** Tile tone, a class modifier defined in styles.css. */
  tone: 'green' | 'orange' | 'blue' | 'violet' | 'teal' | 'red' | 'amber' | 'indigo' | 'pink' | 'cyan' | 'lime' | 'slate';
}

/** The portal's main sections, in the order the home grid shows them (SPEC 1). */
export const MAIN_SECTIONS: SectionEntry[] = [
  { key: 'xinfang', label: '新房', href: '/xinfang/', Icon: NewHomeIcon, tone: 'green' },
  { key: 'ershoufang', label: '二手房', href: '/ershoufang/', Icon: ResaleIcon, tone: 'orange' },
  { key: 'zufang', label: '租房', href: '/zufang/', Icon: RentIcon, tone: 'blue' },
  { key: 'haiwai', label: '海外', href: '/haiwaihome', Icon: GlobeIcon, tone: 'violet' },
  { key: 'sydc', label: '商业地产', href: '/sydc', Icon: ShopIcon, tone: 'amber' },
  { key: 'school', label: '学校', href: '/school/', Icon: SchoolIcon, tone: 'indigo' },
  { key: 'xiaoqu', label: '小区', href: '/xiaoqu/', Icon: CommunityIcon, tone: 'teal' },
  { key: 'fangjia', label: '查房价', href: '/fangjia/', Icon: PriceIcon, tone: 'red' },
  { key: 'jisuanqi', label: '房贷计算器', href: '/jisuanqi', Icon: CalculatorIcon, tone: 'cyan' },
  { key: 'zixun', label: '资讯', href: '/zixun/', Icon: NewsIcon, tone: 'pink' },
  { key: 'wenda', label: '问答', href: '/wenda/', Icon: QaIcon, tone: 'lime' },
  { key: 'mendian', label: '门店', href: '/mendian/', Icon: StoreIcon, tone: 'slate' },
];

export function SectionGrid({ entries = MAIN_SECTIONS, className = '' }: { entries?: SectionEntry[]; className?: string }) {
  return (
    <ul className={`sgrid ${className}`.trim()}>
      {entries.map(({ key, label, href, Icon, tone }) => (
        <li key={key} className="sgrid__item">
          <AppLink href={href} className="sgrid__link">
            <span className={`sgrid__tile sgrid__tile--${tone}`}>
              <Icon size={24} />
            </span>
            <span className="sgrid__label">{label}</span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
