import type { ListingVerification } from '../../src/contracts/gateway/index.ts';
import type { FangyuanheyanData } from '../../src/contracts/page-data/apph5.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';

const STATUS_CLASS: Record<string, string> = { 已核验: 'is-ok', 核验中: 'is-wait', 已失效: 'is-off' };

function Verification({ v, listingPath }: { v: ListingVerification; listingPath: string | null }) {
  return (
    <section className="card sg-sec sg-verify" data-testid="verification">
      <p className={`sg-verify__status ${STATUS_CLASS[v.status] ?? ''}`}>{v.status}</p>
      <p className="sg-verify__code">
        房源核验码 <b>{v.code}</b>
      </p>
      <ul className="sg-kv">
        <li>
          <span>房源</span>
          {listingPath ? <AppLink href={listingPath}>{v.title}</AppLink> : <b>{v.title}</b>}
        </li>
        <li>
          <span>房源编号</span>
          <b>{v.houseNumber}</b>
        </li>
        {v.xiaoquName ? (
          <li>
            <span>所在小区</span>
            <b>{v.xiaoquName}</b>
          </li>
        ) : null}
        <li>
          <span>核验机关</span>
          <b>{v.authority}</b>
        </li>
        <li>
          <span>核验日期</span>
          <b>{v.issuedAt}</b>
        </li>
        <li>
          <span>有效期至</span>
          <b>{v.expiresAt}</b>
        </li>
      </ul>
    </section>
  );
}

/**
 * /fangyuanheyan/{id}: a listing's verification code (房源核验码) and status as issued by the housing authority, and
 * how to check it; /fangyuanheyan: the lookup by code or listing number (a plain GET form: works without JavaScript).
 */
export default function FangyuanheyanPage({ data }: PageProps<FangyuanheyanData>) {
  const { city } = useAppState();
  const v = data.verification;
  return (
    <div className="sg-page">
      {v && !data.asked ? (
        <h1 className="sg-title">房源核验信息</h1>
      ) : (
        <form className="fm sg-form" method="get" action="/fangyuanheyan" data-testid="verify-form">
          <h1 className="fm__title">房源核验查询</h1>
          <p className="fm__house">输入房源核验码或房源编号（任填一项），查询房源是否经住建部门核验。</p>
          <label className="fm__field">
            <span>房源核验码</span>
            <input name="code" inputMode="numeric" maxLength={40} defaultValue={data.asked?.code ?? ''} placeholder="如 4301202612345678" />
          </label>
          <label className="fm__field">
            <span>房源编号</span>
            <input name="houseNumber" maxLength={40} defaultValue={data.asked?.houseNumber ?? ''} placeholder="如 CSES0000012" />
          </label>
          <button type="submit" className="btn btn--primary btn--block sg-form__btn">
            查询
          </button>
        </form>
      )}
      {data.notFound ? (
        <p className="card sg-sec sg-miss" role="status">
          未查到该房源的核验信息，请核对核验码或房源编号后重试。
        </p>
      ) : null}
      {v ? <Verification v={v} listingPath={data.listingPath} /> : null}
      <section className="card sg-sec">
        <h2 className="sg-sec__title">如何核验房源</h2>
        <ol className="sg-steps">
          <li>每套挂牌房源在上架前须经{city.selectCityName}住房和城乡建设部门核验，取得唯一的房源核验码。</li>
          <li>在房源详情页或门店挂牌信息中找到核验码，在本页输入即可查询核验状态与有效期。</li>
          <li>也可登录{city.selectCityName}住房和城乡建设局网站或政务服务平台的“房源核验”栏目，输入核验码核对。</li>
          <li>状态为“已核验”且在有效期内的房源方可挂牌交易；“核验中”表示材料正在审核，“已失效”表示房源已下架或核验过期。</li>
        </ol>
      </section>
    </div>
  );
}
