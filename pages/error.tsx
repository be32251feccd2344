import type { PageProps } from '../src/render/page-props.ts';
import { useAppState } from '../src/stores/context.tsx';
import { AppLink } from '../src/ui/AppLink.tsx';
import { MAIN_SECTIONS, SectionGrid } from '../src/ui/sections.tsx';

/** A friendly Chinese line per status (SPEC 8: the status comes from the error, the response, else 500). */
export function errorMessage(status: number): { title: string; text: string } {
  if (status === 400) return { title: '请求有误', text: '请求的参数不正确，请检查链接后重试。' };
  if (status === 401) return { title: '请先登录', text: '登录后才能查看该页面。' };
  if (status === 403) return { title: '暂无访问权限', text: '抱歉，你没有权限访问该页面。' };
  if (status === 404) return { title: '页面不存在', text: '你访问的页面不存在或已下线。' };
  if (status === 408 || status === 504) return { title: '请求超时', text: '网络有些拥堵，请稍后刷新重试。' };
  if (status === 429) return { title: '操作过于频繁', text: '操作过于频繁，请稍后再试。' };
  if (status === 502 || status === 503) return { title: '服务暂时不可用', text: '服务正在升级维护，请稍后再试。' };
  if (status >= 500) return { title: '服务器开小差了', text: '页面出了点问题，我们正在抢修，请稍后再试。' };
  return { title: '出错了', text: '页面加载失败，请稍后再试。' };
}

export default function ErrorPage(_props: PageProps<unknown>) {
  const { route } = useAppState();
  const status = route.status >= 400 ? route.status : 500;
  const { title, text } = errorMessage(status);
  return (
    <div className="errp">
      <div className="errp__card">
        <svg className="errp__art" viewBox="0 0 200 120" width="200" height="120" aria-hidden="true">
          <ellipse cx="100" cy="110" rx="70" ry="6" fill="#e6efe9" />
          <path d="M40 106V58l60-40 60 40v48Z" fill="#f3f8f5" stroke="#cfe3d8" strokeWidth="2" strokeLinejoin="round" />
          <path d="M28 64 100 16l72 48" fill="none" stroke="var(--c-brand)" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
          <rect x="84" y="70" width="32" height="36" rx="3" fill="#fff" stroke="#cfe3d8" strokeWidth="2" />
          <path d="m122 38 10 6-6 8 8 6" fill="none" stroke="#f0a23b" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <p className="errp__code">{status}</p>
        <h1 className="errp__title">{title}</h1>
        <p className="errp__text">{text}</p>
        <div className="errp__actions">
          <a href="/" className="btn btn--primary">
            返回首页
          </a>
          <AppLink href="/yonghufankui/" className="btn btn--ghost">
            反馈问题
          </AppLink>
        </div>
      </div>
      <h2 className="block__title">看看其他频道</h2>
      <SectionGrid entries={MAIN_SECTIONS.slice(0, 8)} />
    </div>
  );
}
