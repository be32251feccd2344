import type { JiamengData } from '../../src/contracts/page-data/broker.ts';
import { FRANCHISE_DUPLICATE, FRANCHISE_SAVED, INVESTMENT_SAVED } from '../../src/lib/broker-forms.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { PhoneInput } from '../../src/ui/PhoneInput.tsx';
import { typed } from '../../src/ui/personal/FormBits.tsx';
import { WendaForm } from '../../src/ui/wenda/WendaForm.tsx';

const OK_TEXT: Readonly<Record<string, string>> = { '1': FRANCHISE_SAVED, again: FRANCHISE_DUPLICATE, zhaoshang: INVESTMENT_SAVED };

const POINTS = [
  { title: '品牌授权', text: '统一门头形象与品牌背书' },
  { title: '房源共享', text: '全城房源联卖，成交分佣透明' },
  { title: '系统支持', text: 'ERP、VR看房、线上获客工具' },
  { title: '培训赋能', text: '店长、经纪人分层培训体系' },
];

/** /jiameng/: the franchise page with its application form and the investment-attraction form (no login needed). */
export default function JiamengPage({ data }: PageProps<JiamengData>) {
  const { jiameng, zhaoshang } = data;
  return (
    <div className="bk-page">
      <section className="card bk-sec jm-hero">
        <h1>品牌加盟</h1>
        <p>{`携手共赢，在${data.cityName}开一家属于您的房产经纪门店。`}</p>
      </section>
      {data.ok ? (
        <p className="card bk-sec dp-ok" role="status" data-testid="jm-ok">
          {OK_TEXT[data.ok]}
        </p>
      ) : null}
      <section className="card bk-sec">
        <h2 className="bk-sec__title">加盟支持</h2>
        <ul className="jm-points">
          {POINTS.map((p) => (
            <li key={p.title}>
              <b>{p.title}</b>
              {p.text}
            </li>
          ))}
        </ul>
      </section>
      <section className="card bk-sec" id="apply">
        <h2 className="bk-sec__title">加盟申请</h2>
        <WendaForm action="/-/broker/jiameng" page="/jiameng/" form={jiameng} submitLabel="提交申请">
          <label className="fm__field">
            <span>意向城市</span>
            <input name="city" required maxLength={30} placeholder="例如：长沙" defaultValue={typed(jiameng, 'city', data.cityName)} />
          </label>
          <label className="fm__field">
            <span>姓名</span>
            <input name="name" required maxLength={30} placeholder="请输入您的姓名" defaultValue={typed(jiameng, 'name')} />
          </label>
          <label className="fm__field">
            <span>手机号</span>
            <PhoneInput required placeholder="11位手机号" defaultValue={typed(jiameng, 'phone')} />
          </label>
          <label className="fm__field">
            <span>目前从事的业务（选填）</span>
            <input name="company" maxLength={60} placeholder="例如：房产中介、装修公司" defaultValue={typed(jiameng, 'company')} />
          </label>
          <label className="fm__field">
            <span>门店数量（选填）</span>
            <input name="stores" inputMode="numeric" maxLength={5} placeholder="0" defaultValue={typed(jiameng, 'stores')} />
          </label>
        </WendaForm>
      </section>
      <section className="card bk-sec" id="zhaoshang">
        <h2 className="bk-sec__title">城市招商合作</h2>
        <WendaForm action="/-/broker/zhaoshang" page="/jiameng/?form=zhaoshang" form={zhaoshang} submitLabel="提交合作意向">
          <label className="fm__field">
            <span>姓名</span>
            <input name="name" required maxLength={30} defaultValue={typed(zhaoshang, 'name')} />
          </label>
          <label className="fm__field">
            <span>手机号</span>
            <PhoneInput required defaultValue={typed(zhaoshang, 'phone')} />
          </label>
          <label className="fm__field">
            <span>公司名称（选填）</span>
            <input name="company" maxLength={60} defaultValue={typed(zhaoshang, 'company')} />
          </label>
          <label className="fm__field">
            <span>合作意向（选填）</span>
            <input name="intention" maxLength={60} placeholder="例如：城市合伙人、渠道代理" defaultValue={typed(zhaoshang, 'intention')} />
          </label>
        </WendaForm>
      </section>
      {data.commitments.length ? (
        <section className="card bk-sec">
          <h2 className="bk-sec__title">品牌服务承诺</h2>
          <ul className="cm-list">
            {data.commitments.map((c) => (
              <li key={c.id}>
                <AppLink href={`/commitment/${c.id}`}>
                  <b>{c.title}</b>
                  <span>{c.subtitle}</span>
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
