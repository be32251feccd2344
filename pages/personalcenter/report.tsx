import { useState } from 'react';
import type { CorrectionFormData } from '../../src/contracts/page-data/personal.ts';
import { CORRECTION_FIELDS, CORRECTION_MAX, CORRECTION_MIN } from '../../src/lib/member-forms.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { PhoneInput } from '../../src/ui/PhoneInput.tsx';
import { Done, FormError, typed, useMemberForm } from '../../src/ui/personal/FormBits.tsx';

/** /report?houseId=: correct a listing's facts (POST /-/member/report → /api/correction/insert). */
export default function ReportPage({ data }: PageProps<CorrectionFormData>) {
  return <ReportForm key={`${data.house?.houseId ?? 0}-${data.form.ok}`} data={data} />;
}

function ReportForm({ data }: { data: CorrectionFormData }) {
  const self = data.house ? `/report?houseId=${data.house.houseId}` : '/report';
  const [done, setDone] = useState(data.form.ok);
  const { error, pending, onSubmit } = useMemberForm(data.form, self, () => setDone(true));
  if (done) {
    return (
      <Done title="纠错已提交">
        <p className="pc-done__text">感谢您帮助我们完善房源信息，核实后会更新房源并在“我的纠错”中告诉您结果。</p>
        <p className="pc-done__actions">
          <AppLink className="btn btn--primary" href="/jubaoRecord">
            查看我的纠错
          </AppLink>
          <AppLink className="btn btn--ghost" href={data.back}>
            返回房源
          </AppLink>
        </p>
      </Done>
    );
  }
  const field = typed(data.form, 'field', CORRECTION_FIELDS[0]);
  return (
    <form className="fm pc-form" method="post" action="/-/member/report" onSubmit={onSubmit} noValidate>
      <h1 className="fm__title">房源纠错</h1>
      {data.house ? (
        <p className="fm__house">
          {data.house.title} {data.house.priceText}
        </p>
      ) : (
        <p className="fm__house">请从房源详情页进入纠错。</p>
      )}
      <FormError message={error} />
      {data.house ? <input type="hidden" name="houseId" value={data.house.houseId} /> : null}
      <input type="hidden" name="back" value={self} />
      <fieldset className="fm__field">
        <legend>哪项信息有误</legend>
        <div className="fm__radios">
          {CORRECTION_FIELDS.map((f) => (
            <label key={f}>
              <input type="radio" name="field" value={f} defaultChecked={f === field} />
              {f}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="fm__field">
        <span>正确的信息</span>
        <textarea
          name="content"
          required
          minLength={CORRECTION_MIN}
          maxLength={CORRECTION_MAX}
          rows={4}
          placeholder="例如：实际面积为89平米，不是98平米"
          defaultValue={typed(data.form, 'content')}
        />
      </label>
      <label className="fm__field">
        <span>联系电话（选填）</span>
        <PhoneInput pattern="1[3-9][0-9]{9}" defaultValue={typed(data.form, 'phone', data.phone)} />
      </label>
      <button type="submit" className="fm__submit" disabled={!data.house || pending}>
        {pending ? '提交中…' : '提交纠错'}
      </button>
      <p className="fm__hint">
        {CORRECTION_MIN}-{CORRECTION_MAX}个字。提交记录可在<AppLink href="/jubaoRecord">我的举报</AppLink>中查看。
      </p>
    </form>
  );
}
