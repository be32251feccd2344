import { useState } from 'react';
import type { DemandPageData } from '../../src/contracts/page-data/personal.ts';
import {
  DEMAND_AREAS,
  DEMAND_BUDGETS,
  DEMAND_DISTRICTS_MAX,
  DEMAND_MOVE_IN,
  DEMAND_ROOMS,
  DEMAND_TYPES,
} from '../../src/lib/member-forms.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { PhoneInput } from '../../src/ui/PhoneInput.tsx';
import { Done, FormError, typed, typedList, useMemberForm } from '../../src/ui/personal/FormBits.tsx';

/**
 * 省心找房 (/shengxinzhaofang, /sxzf, /sxzf.html): the customer demand — what, budget, area, rooms, districts, move-in
 * time — saved through /api/customerDemand/save and shown pre-filled (findOne) when the member comes back.
 */
export default function ShengxinZhaofangPage({ data }: PageProps<DemandPageData>) {
  const { route } = useAppState();
  const self = route.path;
  const [done, setDone] = useState(data.form.ok);
  const { error, pending, onSubmit } = useMemberForm(data.form, self, () => setDone(true));
  if (done) {
    return (
      <Done title="需求已提交">
        <p className="pc-done__text">专属置业顾问会在1个工作日内与您电话联系，按您的需求推荐房源。再次打开本页可随时修改需求。</p>
        <p className="pc-done__actions">
          <AppLink className="btn btn--ghost" href={self} onClick={() => setDone(false)}>
            修改需求
          </AppLink>
          <AppLink className="btn btn--primary" href="/ershoufang/">
            先逛逛房源
          </AppLink>
        </p>
      </Done>
    );
  }
  const d = data.demand;
  const f = data.form;
  const value = (key: string, saved: string | null | undefined, fallback = '') => typed(f, key, saved ?? fallback);
  const districts = typedList(f, 'districts') ?? (d?.districts ?? []).map(String);
  const demandType = value('demandType', d?.demandType, DEMAND_TYPES[1]);
  const rooms = value('rooms', d?.rooms);
  return (
    <form className="fm pc-form" method="post" action="/-/member/demand" onSubmit={onSubmit} noValidate data-testid="demand-form">
      <h1 className="fm__title">省心找房</h1>
      <p className="fm__house">
        {d
          ? `已为您填好上次（${d.createdAt.slice(0, 10)}）提交的需求，修改后重新提交即可。`
          : '告诉我们您想要的房子，专属顾问一对一帮您找。'}
      </p>
      <FormError message={error} />
      <input type="hidden" name="back" value={self} />
      <fieldset className="fm__field">
        <legend>我想</legend>
        <div className="fm__radios">
          {DEMAND_TYPES.map((t) => (
            <label key={t}>
              <input type="radio" name="demandType" value={t} defaultChecked={t === demandType} />
              {t}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="fm__field">
        <span>预算</span>
        <select name="budget" defaultValue={value('budget', d?.budget)}>
          <option value="">不限</option>
          {DEMAND_BUDGETS.map((b) => (
            <option key={b}>{b}</option>
          ))}
        </select>
      </label>
      <label className="fm__field">
        <span>面积</span>
        <select name="area" defaultValue={value('area', d?.area)}>
          <option value="">不限</option>
          {DEMAND_AREAS.map((a) => (
            <option key={a}>{a}</option>
          ))}
        </select>
      </label>
      <fieldset className="fm__field">
        <legend>户型</legend>
        <div className="fm__radios">
          <label>
            <input type="radio" name="rooms" value="" defaultChecked={!rooms} />
            不限
          </label>
          {DEMAND_ROOMS.map((r) => (
            <label key={r}>
              <input type="radio" name="rooms" value={r} defaultChecked={r === rooms} />
              {r}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="fm__field">
        <legend>意向区域（最多{DEMAND_DISTRICTS_MAX}个）</legend>
        <div className="fm__radios">
          {data.regions.map((r) => (
            <label key={r.regionId}>
              <input type="checkbox" name="districts" value={r.regionId} defaultChecked={districts.includes(String(r.regionId))} />
              {r.regionName}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="fm__field">
        <span>计划入住</span>
        <select name="moveIn" defaultValue={value('moveIn', d?.moveIn)}>
          <option value="">暂不确定</option>
          {DEMAND_MOVE_IN.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
      </label>
      <label className="fm__field">
        <span>称呼（选填）</span>
        <input name="name" maxLength={30} placeholder="如：王先生" defaultValue={value('name', d?.name)} />
      </label>
      <label className="fm__field">
        <span>手机号</span>
        <PhoneInput required pattern="1[3-9][0-9]{9}" defaultValue={value('phone', d?.phone, data.phone)} />
      </label>
      <label className="fm__field">
        <span>其他要求（选填）</span>
        <textarea
          name="remark"
          maxLength={500}
          rows={3}
          placeholder="如：近地铁、学区房、南北通透"
          defaultValue={value('remark', d?.remark)}
        />
      </label>
      <button type="submit" className="fm__submit" disabled={pending}>
        {pending ? '提交中…' : d ? '更新需求' : '提交需求'}
      </button>
      <p className="fm__hint">您的手机号仅用于顾问联系您，不会公开。</p>
    </form>
  );
}
