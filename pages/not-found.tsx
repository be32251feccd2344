import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { PageProps } from '../src/render/page-props.ts';
import { AppLink } from '../src/ui/AppLink.tsx';
import { OpenAppButton } from '../src/ui/OpenApp.tsx';
import { SearchBar } from '../src/ui/SearchBar.tsx';

/** SPEC 9: the 404 screen counts down 5 s, then replaces the route with home. */
export const NOT_FOUND_COUNTDOWN = 5;

/** SPEC 2.6: the four link groups. */
export const NOT_FOUND_GROUPS = [
  {
    title: '买房',
    links: [
      { label: '新房', href: '/xinfang/' },
      { label: '二手房', href: '/ershoufang/' },
    ],
  },
  {
    title: '卖房',
    links: [
      { label: '查房价', href: '/fangjia/' },
      { label: '委托卖房', href: '/Index/yijianweituo' },
    ],
  },
  {
    title: '租房',
    links: [
      { label: '找租房', href: '/zufang/' },
      { label: '发布出租', href: '/Index/yijianweituo?type=rent' },
    ],
  },
  {
    title: '工具',
    links: [
      { label: '房贷计算器', href: '/jisuanqi' },
      { label: '百科', href: '/baike/' },
      { label: '资讯', href: '/zixun/' },
      { label: '问答', href: '/wenda/' },
    ],
  },
] as const;

/** Counts `from`, from-1, ..., 0 once a second, then calls onDone once; a new `restartKey` starts over. */
export function useCountdown(from: number, onDone: () => void, restartKey = ''): number {
  const [left, setLeft] = useState(from);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restartKey is the trigger (another 404 URL reuses this screen)
  useEffect(() => {
    setLeft(from);
    const timer = setInterval(() => setLeft((n) => (n > 0 ? n - 1 : 0)), 1000);
    return () => clearInterval(timer);
  }, [from, restartKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: onDone runs once, when the count reaches 0
  useEffect(() => {
    if (left === 0) onDone();
  }, [left]);
  return left;
}

const DEFAULT_MESSAGE = 'This page could not be found';

export default function NotFoundPage({ data }: PageProps<unknown>) {
  const [path, navigate] = useLocation();
  // Replace, not push: the 404 entry does not stay in history (issue 4); a client navigation, not a reload.
  const goHome = () => navigate('/', { replace: true });
  const left = useCountdown(NOT_FOUND_COUNTDOWN, goHome, path);
  // A more specific reason (an unknown city: util:城市ID不存在) is shown under the headline.
  const message = (data as { message?: unknown } | null)?.message;
  const reason = typeof message === 'string' && message !== DEFAULT_MESSAGE ? message : null;
  return (
    <div className="nf">
      <div className="nf__hero">
        <AlienAbduction />
        {/* SPEC 2.6: the screen says the page was taken by aliens; SPEC 2.5's message is the line under it. */}
        <h1 className="nf__title">页面被外星人劫走了</h1>
        <p className="nf__lead" lang="en">
          {DEFAULT_MESSAGE}
        </p>
        {reason && <p className="nf__reason">{reason}</p>}
        <p className="nf__count" aria-live="polite">
          <span className="nf__sec">{left}</span> 秒后自动返回首页，
          <a
            href="/"
            className="nf__home"
            onClick={(e) => {
              e.preventDefault();
              goHome();
            }}
          >
            立即返回
          </a>
        </p>
      </div>
      <SearchBar className="nf__search" placeholder="搜一搜，找回你想看的房子" />
      <OpenAppButton className="btn btn--primary btn--block nf__app" path="/" href="/downloadapp">
        打开APP，看更多好房
      </OpenAppButton>
      <div className="nf__groups">
        {NOT_FOUND_GROUPS.map((g) => (
          <section key={g.title} className="nf__group" aria-label={g.title}>
            <h2 className="nf__group-title">{g.title}</h2>
            <ul className="nf__links">
              {g.links.map((l) => (
                <li key={l.href}>
                  <AppLink href={l.href} className="nf__link">
                    {l.label}
                  </AppLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}

/** A UFO lifting the lost page away in its beam. Drawn for this screen; colours follow the brand palette. */
function AlienAbduction() {
  return (
    <svg className="nf__art" viewBox="0 0 320 230" width="320" height="230" role="img" aria-label="外星人的飞碟正把页面吸走">
      <defs>
        <linearGradient id="nf-beam" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffe27a" stopOpacity="0.85" />
          <stop offset="1" stopColor="#ffe27a" stopOpacity="0.05" />
        </linearGradient>
        <linearGradient id="nf-hull" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#4a5a6e" />
          <stop offset="1" stopColor="#2a3544" />
        </linearGradient>
        <linearGradient id="nf-dome" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#d8f1ff" />
          <stop offset="1" stopColor="#9fd6f2" />
        </linearGradient>
      </defs>
      <circle cx="160" cy="120" r="104" fill="#eaf7f0" />
      <g fill="#9ad9b8">
        <circle cx="52" cy="48" r="2.5" />
        <circle cx="276" cy="70" r="2" />
        <circle cx="250" cy="28" r="1.6" />
        <circle cx="70" cy="150" r="1.8" />
        <circle cx="262" cy="170" r="2.4" />
      </g>
      <path d="M34 92v10M29 97h10M286 118v8M282 122h8" stroke="#ffc93d" strokeWidth="2.2" strokeLinecap="round" />
      {/* beam */}
      <path d="M138 84h44l38 118H100Z" fill="url(#nf-beam)" />
      {/* the lost page */}
      <g transform="rotate(-12 160 150)">
        <rect x="128" y="112" width="64" height="80" rx="6" fill="#fff" stroke="#d7dde4" strokeWidth="1.5" />
        <path d="M176 112h10a6 6 0 0 1 6 6v10Z" fill="#e8edf2" />
        <text x="160" y="146" textAnchor="middle" fontSize="22" fontWeight="700" fill="var(--c-brand)">
          404
        </text>
        <rect x="140" y="158" width="40" height="4" rx="2" fill="#e3e8ee" />
        <rect x="140" y="168" width="30" height="4" rx="2" fill="#e3e8ee" />
        <rect x="140" y="178" width="36" height="4" rx="2" fill="#e3e8ee" />
      </g>
      {/* UFO */}
      <g>
        <path d="M128 62a32 28 0 0 1 64 0Z" fill="url(#nf-dome)" stroke="#7cc1e4" strokeWidth="1.5" />
        <ellipse cx="160" cy="52" rx="10" ry="11" fill="#6fd39c" />
        <ellipse cx="156" cy="51" rx="3.2" ry="4.2" fill="#1f2a37" />
        <ellipse cx="164.5" cy="51" rx="3.2" ry="4.2" fill="#1f2a37" />
        <circle cx="155.2" cy="49.5" r="1" fill="#fff" />
        <circle cx="163.7" cy="49.5" r="1" fill="#fff" />
        <path d="M154 39l-4-7M166 39l4-7" stroke="#6fd39c" strokeWidth="2" strokeLinecap="round" />
        <circle cx="149.5" cy="31" r="2.4" fill="#6fd39c" />
        <circle cx="170.5" cy="31" r="2.4" fill="#6fd39c" />
        <ellipse cx="160" cy="70" rx="62" ry="15" fill="url(#nf-hull)" />
        <ellipse cx="160" cy="64" rx="46" ry="6" fill="#5d6f85" />
        <g fill="#ffd84d">
          <circle cx="118" cy="72" r="3.2" />
          <circle cx="139" cy="77" r="3.2" />
          <circle cx="160" cy="79" r="3.2" />
          <circle cx="181" cy="77" r="3.2" />
          <circle cx="202" cy="72" r="3.2" />
        </g>
        <ellipse cx="160" cy="84" rx="20" ry="4" fill="#ffe27a" />
      </g>
      <ellipse cx="160" cy="214" rx="70" ry="7" fill="#d3ecdf" />
    </svg>
  );
}
