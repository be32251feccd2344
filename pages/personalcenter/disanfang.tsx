import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';

const ACCOUNTS = [
  { name: '微信', use: '微信登录、分享房源' },
  { name: 'QQ', use: 'QQ登录' },
  { name: '微博', use: '分享房源到微博' },
] as const;

/** /personalcenter/disanfang: third-party accounts. None can be bound on the mobile site; the page says why. */
export default function DisanfangPage(_props: PageProps<unknown>) {
  const { site } = useAppState();
  return (
    <div className="pc">
      <section className="fm pc-form">
        <h1 className="fm__title">第三方账号</h1>
        <ul className="pc-list" data-testid="third-party">
          {ACCOUNTS.map((a) => (
            <li key={a.name} className="pc-list__item">
              <span className="pc-list__label">{a.name}</span>
              <span className="pc-list__hint">{a.use}</span>
              <span className="pc-list__value">未绑定</span>
            </li>
          ))}
        </ul>
        <p className="fm__hint">
          您的账号目前没有绑定任何第三方账号，您在{site.brand}只使用手机号登录。手机网页版暂不支持绑定第三方账号；如需使用微信、QQ
          快捷登录，请下载{site.brand}App，在“设置 - 账号与安全”中绑定。绑定后我们只获取昵称和头像，不会获取您的好友关系或聊天内容。
        </p>
        <p className="pc-form__back">
          <AppLink href="/personalcenter/yinsi">查看隐私政策</AppLink>
        </p>
      </section>
    </div>
  );
}
