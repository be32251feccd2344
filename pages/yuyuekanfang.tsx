import { type FormEvent, useState } from 'react';
import { postAction } from '../src/client/actions.ts';
import type { FormPageData } from '../src/contracts/page-data/member.ts';
import { beijingParts } from '../src/lib/time-label.ts';
import type { PageProps } from '../src/render/page-props.ts';
import { useAppState } from '../src/stores/context.tsx';
import { AppLink } from '../src/ui/AppLink.tsx';
import { showToast } from '../src/ui/detail/toast.ts';
import { PhoneInput } from '../src/ui/PhoneInput.tsx';

/** A date input's minimum: today in Beijing, as the gateway checks it. */
const today = () => beijingParts(Date.now()).date;

/** /yuyuekanfang?houseId=: book a viewing (api/kanfang/add through POST /-/action/kanfang). */
function YuyuekanfangForm({ data }: { data: FormPageData }) {
  const { user, route } = useAppState();
  const [done, setDone] = useState(data.done);
  const self = `${route.path}${data.house ? `?houseId=${data.house.houseId}` : ''}`;
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (await postAction('/-/action/kanfang', e.currentTarget, self)) {
      setDone(true);
      showToast('预约成功');
    }
  };
  if (done) {
    return (
      <section className="fm">
        <h1 className="fm__title">预约成功</h1>
        <p className="fm__house">经纪人将尽快与您电话联系，确认看房时间。</p>
        <AppLink className="btn btn--primary btn--block" href={data.back}>
          返回房源
        </AppLink>
      </section>
    );
  }
  return (
    <form className="fm" method="post" action="/-/action/kanfang" onSubmit={onSubmit}>
      <h1 className="fm__title">预约看房</h1>
      {data.house ? (
        <p className="fm__house">
          {data.house.title} · {data.house.priceText}
          {data.house.agentName ? ` · 经纪人 ${data.house.agentName}` : ''}
        </p>
      ) : null}
      {data.house ? <input type="hidden" name="houseId" value={data.house.houseId} /> : null}
      <input type="hidden" name="back" value={self} />
      <label className="fm__field">
        <span>联系人</span>
        <input name="name" required maxLength={30} defaultValue={user.nickName} placeholder="您的称呼" />
      </label>
      <label className="fm__field">
        <span>手机号</span>
        <PhoneInput required pattern="1[3-9][0-9]{9}" defaultValue={user.phone} placeholder="11位手机号" />
      </label>
      <label className="fm__field">
        <span>看房日期</span>
        <input name="visitDate" type="date" required min={today()} />
      </label>
      <label className="fm__field">
        <span>备注</span>
        <textarea name="remark" maxLength={500} rows={3} placeholder="如：周末下午方便" />
      </label>
      <button type="submit" className="fm__submit" data-testid="book-submit">
        提交预约
      </button>
      <p className="fm__hint">提交即表示同意我们联系您安排看房，您的信息仅用于本次预约。</p>
    </form>
  );
}

export default function YuyuekanfangPage({ data }: PageProps<FormPageData>) {
  // A fresh form (and its done state) per listing when the browser navigates between pages.
  return <YuyuekanfangForm key={`${data.house?.houseId ?? 0}-${data.done}`} data={data} />;
}
