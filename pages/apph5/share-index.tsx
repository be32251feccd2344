import type { ShareIndexData } from '../../src/contracts/page-data/apph5.ts';
import { shareCountUnit } from '../../src/lib/share-tail.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';

/**
 * /appH5/share (SPEC 2.2): what the app can share with a friend, kind by kind: what the friend's card shows, how many
 * the city has (linking the kind's list) and the newest one as an example share link.
 */
export default function ShareIndexPage({ data }: PageProps<ShareIndexData>) {
  const { city, site } = useAppState();
  return (
    <div className="ah-page">
      <section className="card ah-sum">
        <h2 className="ah-sum__title">分享给好友</h2>
        <p className="ah-share__intro">
          在{site.brand}APP的房源、楼盘、小区或资讯页点「分享」，好友收到一个链接：打开就能看到下面这样的卡片，装了APP还能直接在APP里查看。
        </p>
      </section>
      <section className="card ah-sec">
        <h2 className="ah-sec__title">可以分享的内容</h2>
        <ul className="ah-kinds" data-testid="share-kinds">
          {data.kinds.map((k) => (
            <li key={k.kind} className="ah-kind" data-kind={k.kind}>
              <div className="ah-kind__head">
                <b>{k.kindName}</b>
                <AppLink href={k.listHref} className="ah-sec__more">
                  {city.selectCityName}共{k.total}
                  {shareCountUnit(k.kind)} ›
                </AppLink>
              </div>
              <p className="ah-kind__shows">卡片展示：{k.shows}</p>
              {k.example ? (
                <p className="ah-kind__example">
                  示例：<AppLink href={k.example.href}>{k.example.title}</AppLink>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
