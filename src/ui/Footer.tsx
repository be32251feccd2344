import { useAppState } from '../stores/context.tsx';
import { AppLink } from './AppLink.tsx';
import { BrandMark, PhoneIcon, ShieldIcon } from './icons.tsx';
import { telHref } from './SupervisionBar.tsx';

/** Where an ICP filing number is looked up (MIIT asks sites to link the number shown in the footer there). */
const ICP_LOOKUP = 'https://beian.miit.gov.cn/';

/**
 * SPEC 2.7: city service phone, the city's supervision phone, map and topic links, feedback, about, the company's ICP
 * filing number and credit code (issue 32: registry site settings), copyright; and the franchise page, whose only
 * other link is in the menu that is rendered on the first tap (issue 20). Its own chunk, loaded when it comes into
 * view (Layout.tsx; issue 35 part 4).
 */
export function Footer() {
  const { site, city } = useAppState();
  const cityName = city.selectCityName;
  return (
    <footer className="ft">
      <div className="ft__phones">
        {city.servicePhone ? (
          <a className="ft__phone" href={telHref(city.servicePhone)}>
            <PhoneIcon size={18} />
            <span>
              <span className="ft__phone-label">{cityName}客服热线</span>
              <span className="ft__phone-num">{city.servicePhone}</span>
            </span>
          </a>
        ) : null}
        {site.supervisionPhone ? (
          <a className="ft__phone" href={telHref(site.supervisionPhone)}>
            <ShieldIcon size={18} />
            <span>
              <span className="ft__phone-label">监督电话</span>
              <span className="ft__phone-num">{site.supervisionPhone}</span>
            </span>
          </a>
        ) : null}
      </div>
      <nav className="ft__nav" aria-label="站点链接">
        <p className="ft__links">
          <AppLink href="/ditu">{cityName}地图找房</AppLink>
          <AppLink href="/fangjia">{cityName}房价</AppLink>
          <AppLink href="/topic">购房专题</AppLink>
          <AppLink href="/jiameng/">加盟合作</AppLink>
        </p>
        <p className="ft__links">
          <AppLink href="/yonghufankui/">用户反馈</AppLink>
          <AppLink href="/aboutUs">关于我们</AppLink>
          <AppLink href="/xieyi/xhyhfwxy">用户协议</AppLink>
          <AppLink href="/xieyi/xhyszc">隐私政策</AppLink>
        </p>
        {/* the comparison of homes (issue 37 part 4), licences and data credits (issue 34) */}
        <p className="ft__links">
          <AppLink href="/duibi">房源对比</AppLink>
          <AppLink href="/kaiyuan">开源许可与数据来源</AppLink>
        </p>
      </nav>
      <div className="ft__legal">
        {site.icpNumber ? (
          <p>
            <a className="ft__icp" href={ICP_LOOKUP} rel="nofollow noopener">
              {site.icpNumber}
            </a>
          </p>
        ) : null}
        {site.creditCode ? (
          // Two unbreakable halves: a narrow screen wraps between them, never inside the code or the claim.
          <p className="ft__licence">
            <span>{`营业执照：统一社会信用代码 ${site.creditCode}`}</span> <span>房地产经纪机构备案证明</span>
          </p>
        ) : null}
        <p className="ft__copy">
          <BrandMark size={16} />
          <span>© {site.brand} 版权所有</span>
        </p>
      </div>
    </footer>
  );
}
