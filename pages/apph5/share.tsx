import type { ShareData } from '../../src/contracts/page-data/apph5.ts';
import { SHARE_INDEX_HREF } from '../../src/lib/share-tail.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { ShareOpenApp } from '../../src/ui/apph5/ShareOpenApp.tsx';
import { LazyImage } from '../../src/ui/LazyImage.tsx';

/** /appH5/share/{kind}/{id}: what a friend shared, with 打开APP (falls back to the store) and the web page. */
export default function SharePage({ data }: PageProps<ShareData>) {
  const { thing: t, apkUrl } = data;
  const { brand } = useAppState().site;
  return (
    <div className="ah-page ah-share">
      <p className="ah-share__from">好友分享给您一个{t.kindName}</p>
      <article className="card ah-share__card" data-testid="shared-thing">
        {t.img ? <LazyImage className="ah-share__img" src={t.img} alt={t.title} width={375} height={240} eager /> : null}
        <div className="ah-share__body">
          <span className="ah-share__kind">{t.kindName}</span>
          <h2 className="ah-share__title">{t.title}</h2>
          {t.subtitle ? <p className="ah-share__sub">{t.subtitle}</p> : null}
          {t.priceText ? <p className="ah-share__price">{t.priceText}</p> : null}
          {t.tags.length ? (
            <p className="ah-share__tags">
              {t.tags.map((tag) => (
                <span key={tag} className="tag">
                  {tag}
                </span>
              ))}
            </p>
          ) : null}
        </div>
      </article>
      <div className="ah-share__actions">
        <ShareOpenApp path={t.path} apkUrl={apkUrl}>
          打开{brand}APP查看
        </ShareOpenApp>
        <AppLink href={t.path} className="btn btn--ghost btn--block">
          在网页中查看
        </AppLink>
      </div>
      <p className="ah-share__tip">
        未安装APP时将前往应用商店下载 · <AppLink href={SHARE_INDEX_HREF}>还能分享哪些内容</AppLink>
      </p>
    </div>
  );
}
