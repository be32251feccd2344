import type { EntrustStepData } from '../../src/contracts/page-data/entrust.ts';
import { DECORATIONS, ENTRUST_QUERY_KEYS, entrustAddress, kindName, ORIENTATIONS, priceUnit } from '../../src/lib/entrust-steps.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { StepBar } from '../../src/ui/entrust/EntrustBits.tsx';
import { PhoneInput } from '../../src/ui/PhoneInput.tsx';
import { FormError, typed } from '../../src/ui/personal/FormBits.tsx';

const STEP_PATH = { search: 'search', address: 'address', details: 'details', form: 'form' } as const;

/**
 * The steps after the community (address → details → form) as plain GET forms carrying what was filled in the query;
 * the last one posts to /-/entrust/save. A missing or bad earlier answer sends the owner back to its step.
 */
export default function EntrustStepPage({ data }: PageProps<EntrustStepData>) {
  const { draft, community, problem, step } = data;
  if (problem) {
    return (
      <div className="wt">
        <StepBar step={problem.step} />
        <section className="wt-card" data-testid="step-problem">
          <p className="pc-form__error" role="alert">
            {problem.message}
          </p>
          <AppLink className="btn btn--primary btn--block" href={`/Index/yijianweituo/${STEP_PATH[problem.step]}?${data.query}`}>
            返回修改
          </AppLink>
        </section>
      </div>
    );
  }
  const hidden = (keys: readonly string[]) =>
    keys.map((k) => {
      const v = (draft as unknown as Record<string, unknown>)[k];
      return v === undefined ? null : <input key={k} type="hidden" name={k} value={String(v)} />;
    });
  const head = (
    <>
      <StepBar step={step} />
      {community ? (
        <p className="wt-community" data-testid="community">
          委托{kindName(draft.kind)} · <strong>{community.name}</strong>
          <span>{community.address}</span>
        </p>
      ) : null}
    </>
  );
  if (step === 'address') {
    return (
      <div className="wt">
        {head}
        <form className="fm wt-form" method="get" action="/Index/yijianweituo/details">
          <h1 className="fm__title">房屋地址</h1>
          {hidden(['kind', 'stressId'])}
          <div className="wt-grid">
            <label className="fm__field">
              <span>楼栋</span>
              <input name="building" required maxLength={20} placeholder="如 3栋" defaultValue={draft.building} />
            </label>
            <label className="fm__field">
              <span>单元</span>
              <input name="unit" maxLength={20} placeholder="如 1单元（选填）" defaultValue={draft.unit} />
            </label>
            <label className="fm__field">
              <span>所在楼层</span>
              <input name="floor" required inputMode="numeric" placeholder="如 12" defaultValue={draft.floor} />
            </label>
            <label className="fm__field">
              <span>总楼层</span>
              <input name="totalFloors" required inputMode="numeric" placeholder="如 26" defaultValue={draft.totalFloors} />
            </label>
          </div>
          <label className="fm__field">
            <span>门牌号</span>
            <input name="room" required maxLength={20} placeholder="如 1202" defaultValue={draft.room} />
          </label>
          <button className="btn btn--primary btn--block" type="submit">
            下一步
          </button>
          <p className="wt-muted">门牌号仅用于经纪人核实房源，不会公开展示。</p>
        </form>
      </div>
    );
  }
  if (step === 'details') {
    const unit = priceUnit(draft.kind);
    return (
      <div className="wt">
        {head}
        <form className="fm wt-form" method="get" action="/Index/yijianweituo/form">
          <h1 className="fm__title">房屋信息</h1>
          {hidden(['kind', 'stressId', 'building', 'unit', 'floor', 'totalFloors', 'room'])}
          <label className="fm__field">
            <span>建筑面积（㎡）</span>
            <input name="area" required inputMode="decimal" placeholder="如 89.5" defaultValue={draft.area} />
          </label>
          <div className="wt-grid wt-grid--3">
            <label className="fm__field">
              <span>室</span>
              <input name="rooms" required inputMode="numeric" defaultValue={draft.rooms ?? 2} />
            </label>
            <label className="fm__field">
              <span>厅</span>
              <input name="halls" inputMode="numeric" defaultValue={draft.halls ?? 1} />
            </label>
            <label className="fm__field">
              <span>卫</span>
              <input name="toilets" inputMode="numeric" defaultValue={draft.toilets ?? 1} />
            </label>
          </div>
          <div className="wt-grid">
            <label className="fm__field">
              <span>朝向</span>
              <select name="orientation" defaultValue={draft.orientation ?? '南北'}>
                {ORIENTATIONS.map((o) => (
                  <option key={o}>{o}</option>
                ))}
              </select>
            </label>
            <label className="fm__field">
              <span>装修</span>
              <select name="decoration" defaultValue={draft.decoration ?? '精装'}>
                {DECORATIONS.map((o) => (
                  <option key={o}>{o}</option>
                ))}
              </select>
            </label>
          </div>
          <label className="fm__field">
            <span>
              期望{draft.kind === 'sell' ? '售价' : '租金'}（{unit}）
            </span>
            <input name="price" required inputMode="decimal" defaultValue={draft.price} />
          </label>
          {community ? (
            <p className="wt-avg" data-testid="avg-price">
              {community.name}当前均价 <strong>{community.avgPrice.toLocaleString('zh-CN')}</strong> 元/㎡
              {draft.kind === 'rent' ? '（售价参考）' : ''}
            </p>
          ) : null}
          <button className="btn btn--primary btn--block" type="submit">
            下一步
          </button>
        </form>
      </div>
    );
  }
  const f = data.form;
  const contact = data.contact;
  return (
    <div className="wt">
      {head}
      <section className="wt-card wt-summary" data-testid="summary">
        <p>
          {entrustAddress(draft)} · {draft.floor}/{draft.totalFloors}层
        </p>
        <p>
          {draft.area}㎡ · {draft.rooms}室{draft.halls}厅{draft.toilets}卫 · {draft.orientation} · {draft.decoration}
        </p>
        <p>
          期望{draft.kind === 'sell' ? '售价' : '租金'}{' '}
          <strong>
            {draft.price}
            {priceUnit(draft.kind)}
          </strong>
        </p>
        <AppLink href={`/Index/yijianweituo/details?${data.query}`}>修改</AppLink>
      </section>
      <form className="fm wt-form" method="post" action="/-/entrust/save" data-testid="entrust-form">
        <h1 className="fm__title">联系方式</h1>
        <FormError message={f?.error ?? null} />
        {hidden(ENTRUST_QUERY_KEYS)}
        <input type="hidden" name="back" value={`/Index/yijianweituo/form?${data.query}`} />
        <label className="fm__field">
          <span>您的称呼</span>
          <input name="contact" required maxLength={30} defaultValue={f ? typed(f, 'contact', contact?.name ?? '') : ''} />
        </label>
        <label className="fm__field">
          <span>手机号</span>
          <PhoneInput required defaultValue={f ? typed(f, 'phone', contact?.phone ?? '') : ''} />
        </label>
        <label className="fm__field">
          <span>补充说明（选填）</span>
          <textarea name="remark" maxLength={500} rows={3} defaultValue={f ? typed(f, 'remark') : ''} />
        </label>
        <label className="wt-agree">
          <input type="checkbox" name="agree" value="1" required />
          我已阅读并同意<AppLink href="/xieyi/xhyhfwxy">《用户服务协议》</AppLink>
        </label>
        <button className="btn btn--primary btn--block" type="submit">
          提交委托
        </button>
      </form>
    </div>
  );
}
