import type { XinfangDetailData } from '../../src/contracts/page-data/xinfang.ts';
import { calculatorHref } from '../../src/lib/loan-link.ts';
import { loupanTypeName } from '../../src/lib/loupan-types.ts';
import { saleStatusView } from '../../src/lib/sale-status.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { dayText, estateTotalText } from '../../src/ui/detail/figures.ts';
import { Gallery } from '../../src/ui/detail/Gallery.tsx';
import { KeyFacts } from '../../src/ui/detail/parts.tsx';
import { lazyPart } from '../../src/ui/lazy-part.tsx';
import { groupDigits } from '../../src/ui/paths.ts';
import { SaleBadge } from '../../src/ui/xinfang/SaleBadge.tsx';

/**
 * Below the key facts, each its own chunk loaded when it comes into view (issue 35 part 4): the prices and floor plans,
 * then everything from the advisers down.
 */
const Plans = lazyPart(() => import('../../src/ui/xinfang/XinfangDetailPlans.tsx').then((m) => m.XinfangDetailPlans), {
  when: 'view',
  fallback: () => <div className="dt-wait dt-wait--text" />,
});

const More = lazyPart(() => import('../../src/ui/xinfang/XinfangDetailMore.tsx').then((m) => m.XinfangDetailMore), {
  when: 'view',
  fallback: () => <div className="dt-wait" />,
});

/**
 * The fixed action bar: always in view, so its chunk is fetched as soon as the page is hydrated; before that its links
 * and the favourite form work as plain HTML, and a site link tapped is followed once the bar is hydrated.
 */
const Bar = lazyPart(() => import('../../src/ui/xinfang/XinfangActionBar.tsx').then((m) => m.XinfangActionBar), { when: 'view' });

/**
 * The estate (SPEC 3 estate page state: detail, belongerList, dongtaiList, huxingDetail): gallery, name and sale
 * status, prices by property type, floor plans, news, pre-sale permits, advisers with phone and chat, facts,
 * schools, reviews, Q&A, sales data and estates nearby; the bottom bar to favourite, share, call and chat.
 */
export default function XinfangDetailPage({ data }: PageProps<XinfangDetailData>) {
  const { route } = useAppState();
  const { estate: e, variant } = data;
  const status = saleStatusView(e.saleStatus);
  const badges = [e.hasVr ? 'VR' : '', e.hasVideo ? '视频' : ''].filter(Boolean);
  const id = e.houseId;
  return (
    <article key={id} className={`dt xf-dt xf-dt--${variant}`} data-house-id={id}>
      {variant === 'ad' ? <p className="xf-dt__ad">推广</p> : null}
      <Gallery
        photos={e.photos ?? [e.img]}
        title={e.name}
        photoHref={`/photo?id=${id}&type=xinfang`}
        videoUrl={e.videoUrl}
        badges={badges}
      />
      {data.referrer ? (
        <p className="xf-dt__ref">
          {data.referrer.belonger ? `置业顾问${data.referrer.belonger.name}为您推荐` : '经纪人为您推荐'}
          {data.referrer.bmsHouseId ? <span>（房源编号 {data.referrer.bmsHouseId}）</span> : null}
        </p>
      ) : null}
      <header className="dt-head xf-dt__head">
        <h1 className="dt-head__title">
          {e.name}
          <SaleBadge status={e.saleStatus} className="xf-dt__sale" />
        </h1>
        {e.alias && e.alias !== e.name ? <p className="xf-dt__alias">别名：{e.alias}</p> : null}
        <p className="dt-head__tags">
          {(e.typeCodes ?? []).map((c) => (
            <span key={c} className="tag tag--hl">
              {loupanTypeName(c)}
            </span>
          ))}
          {(e.tags ?? []).map((t) => (
            <span key={t} className="tag">
              {t}
            </span>
          ))}
        </p>
      </header>
      <KeyFacts
        headline={[
          {
            label: '参考均价',
            value: e.price ? (
              <>
                {groupDigits(e.price)}
                <small>元/㎡</small>
              </>
            ) : (
              '待定'
            ),
          },
          { label: '参考总价', value: estateTotalText(e) },
          { label: '销售状态', value: status.label },
        ]}
        facts={[
          { label: '开盘时间', value: dayText(e.openDate) },
          { label: '交房时间', value: dayText(e.handoverDate) },
          { label: '装修', value: e.decoration },
          { label: '产权年限', value: e.termYears ? `${e.termYears}年` : '' },
          { label: '楼盘地址', value: e.address },
          { label: '售楼处', value: e.saleAddress },
        ]}
      />
      {e.totalMin ? (
        <AppLink className="loan-link" href={calculatorHref(e.totalMin)}>
          房贷计算器：参考总价{Math.round(e.totalMin)}万起，算算月供
        </AppLink>
      ) : null}
      <Plans data={data} />
      <More data={data} />
      <Bar data={data} url={route.head.canonical} />
    </article>
  );
}
