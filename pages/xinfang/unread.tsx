import type { UnreadData } from '../../src/contracts/page-data/xinfang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { withReturnUrl } from '../../src/ui/paths.ts';
import { XfHero } from '../../src/ui/xinfang/PageHead.tsx';

/** /xinfang/unreadlist: a member's unread estate news and replies; a visitor is asked to log in. */
export default function XinfangUnreadPage({ data }: PageProps<UnreadData>) {
  return (
    <div className="xf-page">
      <XfHero title="未读消息" sub="关注楼盘的最新动态与顾问回复" />
      <section className="card xf-sec xf-empty">
        {data.member ? (
          <>
            <p className="xf-empty__title">暂无未读消息</p>
            <p className="xf-empty__text">关注的楼盘有新动态时会第一时间通知您</p>
            <div className="xf-empty__actions">
              <AppLink href="/im/list" className="btn btn--ghost btn--sm">
                我的咨询
              </AppLink>
              <AppLink href="/xinfang/" className="btn btn--primary btn--sm">
                去看新房
              </AppLink>
            </div>
          </>
        ) : (
          <>
            <p className="xf-empty__title">登录后查看未读消息</p>
            <div className="xf-empty__actions">
              <AppLink href={withReturnUrl('/login', '/xinfang/unreadlist')} className="btn btn--primary btn--sm">
                去登录
              </AppLink>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
