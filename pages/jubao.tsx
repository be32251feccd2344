import { type FormEvent, useState } from 'react';
import { postAction } from '../src/client/actions.ts';
import type { FormPageData } from '../src/contracts/page-data/member.ts';
import { JUBAO_REASONS } from '../src/lib/jubao.ts';
import type { PageProps } from '../src/render/page-props.ts';
import { useAppState } from '../src/stores/context.tsx';
import { AppLink } from '../src/ui/AppLink.tsx';
import { showToast } from '../src/ui/detail/toast.ts';
import { PhoneInput } from '../src/ui/PhoneInput.tsx';

/** /jubao?houseId=: report a listing (api/jubao/save through POST /-/action/jubao). */
function JubaoForm({ data }: { data: FormPageData }) {
  const { user, route } = useAppState();
  const [done, setDone] = useState(data.done);
  const self = `${route.path}${data.house ? `?houseId=${data.house.houseId}` : ''}`;
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (await postAction('/-/action/jubao', e.currentTarget, self)) {
      setDone(true);
      showToast('举报已提交');
    }
  };
  if (done) {
    return (
      <section className="fm">
        <h1 className="fm__title">举报已提交</h1>
        <p className="fm__house">感谢您的反馈，我们将在3个工作日内核实处理。</p>
        <AppLink className="btn btn--primary btn--block" href={data.back}>
          返回房源
        </AppLink>
      </section>
    );
  }
  return (
    <form className="fm" method="post" action="/-/action/jubao" onSubmit={onSubmit}>
      <h1 className="fm__title">举报房源</h1>
      {data.house ? <p className="fm__house">{data.house.title}</p> : <p className="fm__house">请从房源详情页进入举报。</p>}
      {data.house ? <input type="hidden" name="houseId" value={data.house.houseId} /> : null}
      <input type="hidden" name="back" value={self} />
      <fieldset className="fm__field">
        <span>举报原因</span>
        <div className="fm__radios">
          {JUBAO_REASONS.map((r, i) => (
            <label key={r}>
              <input type="radio" name="reason" value={r} required defaultChecked={i === 0} />
              {r}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="fm__field">
        <span>补充说明</span>
        <textarea name="content" maxLength={500} rows={4} placeholder="请描述具体问题，便于我们核实" />
      </label>
      <label className="fm__field">
        <span>联系电话</span>
        <PhoneInput pattern="1[3-9][0-9]{9}" defaultValue={user.phone} />
      </label>
      <button type="submit" className="fm__submit" disabled={!data.house}>
        提交举报
      </button>
    </form>
  );
}

export default function JubaoPage({ data }: PageProps<FormPageData>) {
  // A fresh form (and its done state) per listing when the browser navigates between pages.
  return <JubaoForm key={`${data.house?.houseId ?? 0}-${data.done}`} data={data} />;
}
