import type { ActivityDetail, ActivityItem, ListingItem, LoupanItem } from '../../contracts/gateway/index.ts';
import type { HuodongData } from '../../contracts/page-data/campaign.ts';
import { deadlineText, shortDate } from '../../lib/activity.ts';
import { AppLink } from '../AppLink.tsx';
import { LazyImage } from '../LazyImage.tsx';
import { EstateCard, ListingCard } from '../ListingCard.tsx';
import { groupDigits, num } from '../paths.ts';
import { Countdown, HeroBanner, Rules, ShareButton, SignupForm } from './parts.tsx';

/** What every template gets: the page data, the ticking clock and whether the activity is over. */
export interface TemplateProps {
  data: HuodongData;
  now: number;
  ended: boolean;
}

const estates = (a: ActivityDetail) => a.items.filter((i): i is ActivityItem & { loupan: LoupanItem } => !!i.loupan);
const listings = (a: ActivityDetail) => a.items.filter((i): i is ActivityItem & { listing: ListingItem } => !!i.listing);
const estateHref = (l: LoupanItem) => `/xinfang/${l.houseId}.html`;
const avg = (l: LoupanItem) => (l.price ? `${groupDigits(l.price)}元/㎡` : '价格待定');

function Form(p: TemplateProps & { variant?: string; title?: string; button?: string; hint?: string }) {
  return (
    <SignupForm
      activity={p.data.activity}
      path={p.data.path}
      notice={p.data.notice}
      ended={p.ended}
      variant={p.variant}
      title={p.title}
      button={p.button}
      hint={p.hint}
    />
  );
}

/** xinfang: the new-home buying festival — red festive header, an offer card with the countdown, estates with their offer. */
export function XinfangTemplate(p: TemplateProps) {
  const a = p.data.activity;
  return (
    <div className="cp cp-xf">
      <HeroBanner activity={a} banners={p.data.banners} />
      <div className="cp-xf__offer">
        <p className="cp-xf__benefit">{a.benefit}</p>
        <Countdown activity={a} now={p.now} />
      </div>
      <section className="cp-sec">
        <h2 className="cp-sec__title">参与楼盘 · {estates(a).length}个</h2>
        <ul className="cp-xf__list">
          {estates(a).map((i) => (
            <li key={i.loupan.houseId} className="cp-xf__item">
              <EstateCard estate={i.loupan} />
              <span className="cp-ribbon">活动优惠 · {i.note}</span>
            </li>
          ))}
        </ul>
      </section>
      <Form {...p} title="报名锁定购房折扣" button="立即报名 锁定优惠" />
      <Rules activity={a} />
      <div className="cp-bar">
        <ShareButton activity={a} />
      </div>
    </div>
  );
}

/** ershoufang: second-hand selection — green, a figures strip, the listings as the family's cards with a tag. */
export function ErshoufangTemplate(p: TemplateProps) {
  const a = p.data.activity;
  const ls = listings(a);
  return (
    <div className="cp cp-esf">
      <HeroBanner activity={a} banners={p.data.banners} />
      <ul className="cp-esf__figures">
        <li>
          <b>{ls.length}</b>套精选
        </li>
        <li>
          <b>{a.signupCount}</b>人已报名
        </li>
        <li>
          <b>100%</b>实勘核验
        </li>
      </ul>
      <div className="cp-esf__benefit">
        <span className="cp-esf__tag">活动福利</span>
        {a.benefit}
      </div>
      <Countdown activity={a} now={p.now} className="cp-line" />
      <section className="cp-sec">
        <h2 className="cp-sec__title">活动房源</h2>
        {ls.map((i) => (
          <div key={i.listing.houseId} className="cp-esf__card">
            <ListingCard listing={i.listing} kind="ershoufang" />
            <p className="cp-esf__note">✔ {i.note}</p>
          </div>
        ))}
      </section>
      <Form {...p} title="预约看房 · 享活动福利" button="预约看房" />
      <Rules activity={a} />
      <div className="cp-bar">
        <ShareButton activity={a} />
      </div>
    </div>
  );
}

/** zufang: the rental season — blue, benefit chips, rentals as the rental cards, a viewing form. */
export function ZufangTemplate(p: TemplateProps) {
  const a = p.data.activity;
  return (
    <div className="cp cp-zf">
      <HeroBanner activity={a} banners={p.data.banners} />
      <ul className="cp-zf__chips">
        <li>{a.benefit}</li>
        <li>押一付一</li>
        <li>免费看房</li>
        <li>真实房源</li>
      </ul>
      <Countdown activity={a} now={p.now} className="cp-line" label="优惠倒计时" />
      <section className="cp-sec">
        <h2 className="cp-sec__title">精选好房</h2>
        {listings(a).map((i) => (
          <div key={i.listing.houseId} className="cp-zf__card">
            <ListingCard listing={i.listing} kind="zufang" />
            <span className="cp-zf__note">{i.note}</span>
          </div>
        ))}
      </section>
      <Form {...p} title="登记租房需求" button="免费预约看房" hint="管家将在24小时内联系您安排看房，看房不收取任何费用。" />
      <Rules activity={a} />
      <div className="cp-bar">
        <ShareButton activity={a} />
      </div>
    </div>
  );
}

/** tejiafang: special-price flats — a two-column grid, the special price big with the listed price struck through. */
export function TejiafangTemplate(p: TemplateProps) {
  const a = p.data.activity;
  return (
    <div className="cp cp-tj">
      <HeroBanner activity={a} banners={p.data.banners} />
      <Countdown activity={a} now={p.now} className="cp-tj__count" label="特价倒计时" />
      <section className="cp-tj__grid" data-testid="special-grid">
        {listings(a).map((i) => {
          const l = i.listing;
          const special = i.specialPrice ?? l.price;
          return (
            <AppLink key={l.houseId} href={`/ershoufang/${l.houseId}.html`} className="cp-tj__cell">
              <div className="cp-tj__media">
                <LazyImage src={l.img} alt={l.title} width={170} height={128} className="cp-tj__img" />
                <span className="cp-tj__save">省{num(Math.round((l.price - special) * 10) / 10)}万</span>
              </div>
              <p className="cp-tj__name">{l.xiaoquName ?? l.title}</p>
              <p className="cp-tj__facts">
                {l.huxing} · {num(l.area)}㎡
              </p>
              <p className="cp-tj__price">
                <span>特价</span>
                <strong data-testid="special-price">{num(special)}</strong>万
              </p>
              <p className="cp-tj__was">
                原价<del data-testid="list-price">{`${num(l.price)}万`}</del>
              </p>
            </AppLink>
          );
        })}
      </section>
      <Form {...p} variant="dark" title="抢先预约特价房" button="立即抢购" />
      <Rules activity={a} title="特价说明" />
      <div className="cp-bar">
        <ShareButton activity={a} />
      </div>
    </div>
  );
}

/** yellow: the bold yellow poster — a huge headline, red clock blocks, estates in black frames, a big red button. */
export function YellowTemplate(p: TemplateProps) {
  const a = p.data.activity;
  return (
    <div className="cp cp-yl">
      <div className="cp-yl__poster">
        <p className="cp-yl__kicker">限时特惠 · 错过再等一年</p>
        <h1 className="cp-yl__headline" data-testid="activity-name">
          {a.name}
        </h1>
        <p className="cp-yl__big">{a.subtitle}</p>
        <img className="cp-yl__img" src={p.data.banners[0]?.img ?? a.banner} alt={a.name} width={750} height={360} />
        <p className="cp-yl__benefit">{a.benefit}</p>
        <Countdown activity={a} now={p.now} className="cp-yl__count" label="秒杀倒计时" />
      </div>
      <section className="cp-yl__list">
        {estates(a).map((i) => (
          <AppLink key={i.loupan.houseId} href={estateHref(i.loupan)} className="cp-yl__estate">
            <LazyImage src={i.loupan.img} alt={i.loupan.name} width={120} height={90} className="cp-yl__thumb" />
            <span className="cp-yl__ename">{i.loupan.name}</span>
            <span className="cp-yl__eprice">{avg(i.loupan)}</span>
            <span className="cp-yl__cut">{i.note}</span>
          </AppLink>
        ))}
      </section>
      <Form {...p} variant="yellow" title="马上抢占秒杀名额" button="立即抢购" />
      <Rules activity={a} variant="yellow" />
      <div className="cp-bar cp-bar--yellow">
        <ShareButton activity={a} />
      </div>
    </div>
  );
}

/** youhuihuodong: coupons — ticket-shaped coupons with their amount, claimed with name and phone, and where they apply. */
export function CouponTemplate(p: TemplateProps) {
  const a = p.data.activity;
  return (
    <div className="cp cp-yh">
      <HeroBanner activity={a} banners={p.data.banners} />
      <Countdown activity={a} now={p.now} className="cp-line" label="领券倒计时" />
      <section className="cp-yh__coupons" data-testid="coupons">
        {a.coupons.map((c) => (
          <div key={c.couponNo} className={`cp-yh__coupon${p.ended ? ' cp-yh__coupon--off' : ''}`}>
            <div className="cp-yh__amount">
              <small>¥</small>
              {groupDigits(c.amount)}
            </div>
            <div className="cp-yh__info">
              <b>{c.title}</b>
              <span>{c.rule}</span>
              <span>
                领取后{c.validDays}天内有效 · 券号 {c.couponNo}
              </span>
            </div>
          </div>
        ))}
      </section>
      <Form
        {...p}
        variant="coupon"
        title="填写手机号 一键领取"
        button="立即领取全部优惠券"
        hint="优惠券发放至该手机号，登录后可在“我的优惠券”查看。"
      />
      <section className="cp-sec">
        <h2 className="cp-sec__title">可用楼盘</h2>
        {estates(a).map((i) => (
          <EstateCard key={i.loupan.houseId} estate={i.loupan} />
        ))}
      </section>
      <Rules activity={a} title="使用规则" />
      <div className="cp-bar">
        <ShareButton activity={a} />
      </div>
    </div>
  );
}

/** muban1: the viewing tour — a bus route of stops with times, the meeting point, seats by sign-up. */
export function TourTemplate(p: TemplateProps) {
  const a = p.data.activity;
  return (
    <div className="cp cp-m1">
      <HeroBanner activity={a} banners={p.data.banners} />
      <div className="cp-m1__meet">
        <p>
          <b>集合地点</b>
          {a.place}
        </p>
        <p>
          <b>活动福利</b>
          {a.benefit}
        </p>
      </div>
      <Countdown activity={a} now={p.now} className="cp-line" label="报名截止" />
      <section className="cp-sec">
        <h2 className="cp-sec__title">看房路线</h2>
        <ol className="cp-m1__route">
          {estates(a).map((i) => (
            <li key={i.loupan.houseId} className="cp-m1__stop">
              <span className="cp-m1__time">{i.note}</span>
              <AppLink href={estateHref(i.loupan)} className="cp-m1__estate">
                <b>{i.loupan.name}</b>
                <span>
                  {i.loupan.regionName ?? ''} · {avg(i.loupan)}
                </span>
              </AppLink>
            </li>
          ))}
        </ol>
      </section>
      <Form {...p} title="报名看房团" button="免费报名 专车接送" hint="报名成功后，工作人员将电话确认出发时间与人数。" />
      <Rules activity={a} title="参团须知" />
      <div className="cp-bar">
        <ShareButton activity={a} />
      </div>
    </div>
  );
}

/** muban2: the prize draw — purple, the prize tiers from the rules, estates two by two. */
export function PrizeTemplate(p: TemplateProps) {
  const a = p.data.activity;
  const tiers = (a.rules[0] ?? '')
    .split('；')
    .map((t) => t.replace(/。$/, '').split('：'))
    .filter((t): t is [string, string] => t.length === 2);
  return (
    <div className="cp cp-m2">
      <HeroBanner activity={a} banners={p.data.banners} />
      <section className="cp-m2__prizes">
        <h2 className="cp-m2__title">— 奖品设置 —</h2>
        <ul>
          {tiers.map(([tier, prize]) => (
            <li key={tier}>
              <span className="cp-m2__tier">{tier}</span>
              <span className="cp-m2__prize">{prize}</span>
            </li>
          ))}
        </ul>
        <Countdown activity={a} now={p.now} className="cp-m2__count" label="抽奖截止" />
      </section>
      <section className="cp-m2__grid">
        {estates(a).map((i) => (
          <AppLink key={i.loupan.houseId} href={estateHref(i.loupan)} className="cp-m2__cell">
            <LazyImage src={i.loupan.img} alt={i.loupan.name} width={170} height={120} className="cp-m2__img" />
            <b>{i.loupan.name}</b>
            <span>{avg(i.loupan)}</span>
            <em>{i.note}</em>
          </AppLink>
        ))}
      </section>
      <Form {...p} variant="prize" title="报名领取抽奖资格" button="我要抽奖" />
      <Rules activity={a} title="抽奖规则" />
      <div className="cp-bar">
        <ShareButton activity={a} />
      </div>
    </div>
  );
}

/** muban3: the brand developer showcase — navy and gold, large picture cards with the developer. */
export function BrandTemplate(p: TemplateProps) {
  const a = p.data.activity;
  return (
    <div className="cp cp-m3">
      <HeroBanner activity={a} banners={p.data.banners} className="cp-m3hero" />
      <div className="cp-m3__benefit">{a.benefit}</div>
      <Countdown activity={a} now={p.now} className="cp-m3__count" label="专场倒计时" />
      <section className="cp-m3__list">
        {estates(a).map((i) => (
          <AppLink key={i.loupan.houseId} href={estateHref(i.loupan)} className="cp-m3__card">
            <LazyImage src={i.loupan.img} alt={i.loupan.name} width={343} height={190} className="cp-m3__img" />
            <span className="cp-m3__badge">{i.note}</span>
            <div className="cp-m3__cap">
              <b>{i.loupan.name}</b>
              <span>
                {i.loupan.regionName ?? ''} · {i.loupan.saleStatusLabel} · {avg(i.loupan)}
              </span>
            </div>
          </AppLink>
        ))}
      </section>
      <Form {...p} variant="brand" title="预约专场顾问" button="预约品牌专场" />
      <Rules activity={a} variant="brand" />
      <div className="cp-bar cp-bar--brand">
        <ShareButton activity={a} />
      </div>
    </div>
  );
}

/** muban4: the opening season — teal, a timeline of opening dates per estate, a reservation form. */
export function OpeningTemplate(p: TemplateProps) {
  const a = p.data.activity;
  return (
    <div className="cp cp-m4">
      <HeroBanner activity={a} banners={p.data.banners} />
      <div className="cp-m4__benefit">
        <b>认筹礼遇</b>
        {a.benefit}
      </div>
      <Countdown activity={a} now={p.now} className="cp-line" label="认筹截止" />
      <section className="cp-sec">
        <h2 className="cp-sec__title">开盘日历</h2>
        <ol className="cp-m4__timeline">
          {estates(a).map((i) => (
            <li key={i.loupan.houseId}>
              <span className="cp-m4__date">
                <small>{i.loupan.openDate.slice(0, 4)}</small>
                {shortDate(i.loupan.openDate)}
              </span>
              <AppLink href={estateHref(i.loupan)} className="cp-m4__estate">
                <b>{i.loupan.name}</b>
                <span>
                  {i.loupan.regionName ?? ''} · {i.loupan.saleStatusLabel} · {avg(i.loupan)}
                </span>
                <span>
                  总价 {num(i.loupan.totalMin)}-{num(i.loupan.totalMax)}万
                </span>
              </AppLink>
            </li>
          ))}
        </ol>
      </section>
      <Form {...p} title="预约认筹 锁定首开特惠" button="立即认筹" hint={`活动截止${deadlineText(a.endsAt)}，认筹金可全额退还。`} />
      <Rules activity={a} />
      <div className="cp-bar">
        <ShareButton activity={a} />
      </div>
    </div>
  );
}

export const TEMPLATES = {
  xinfang: XinfangTemplate,
  ershoufang: ErshoufangTemplate,
  zufang: ZufangTemplate,
  tejiafang: TejiafangTemplate,
  yellow: YellowTemplate,
  youhuihuodong: CouponTemplate,
  muban1: TourTemplate,
  muban2: PrizeTemplate,
  muban3: BrandTemplate,
  muban4: OpeningTemplate,
} as const;
