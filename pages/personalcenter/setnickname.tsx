import { useState } from 'react';
import type { ProfileFormData } from '../../src/contracts/page-data/personal.ts';
import { NICKNAME_MAX, NICKNAME_MIN } from '../../src/lib/member-forms.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppStore } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { FormError, typed, useMemberForm } from '../../src/ui/personal/FormBits.tsx';

const SELF = '/personalcenter/setnickname';

/** /personalcenter/setnickname: 2–16 characters; the new name shows at once in the page and the menu. */
export default function SetNicknamePage({ data }: PageProps<ProfileFormData>) {
  const store = useAppStore();
  const [saved, setSaved] = useState<string | null>(data.form.ok ? data.profile.nickName : null);
  const { error, pending, onSubmit } = useMemberForm(data.form, SELF, (_answer, form) => {
    const nick = String(new FormData(form).get('nickName') ?? '').trim();
    store.user.nickName = nick;
    setSaved(nick);
  });
  return (
    <form className="fm pc-form" method="post" action="/-/member/nickname" onSubmit={onSubmit} noValidate>
      <h1 className="fm__title">修改昵称</h1>
      {saved ? (
        <p className="pc-form__ok" role="status" data-testid="form-ok">
          昵称已修改为“{saved}”
        </p>
      ) : null}
      <FormError message={error} />
      <input type="hidden" name="back" value={SELF} />
      <label className="fm__field">
        <span>新昵称</span>
        <input
          name="nickName"
          required
          minLength={NICKNAME_MIN}
          maxLength={NICKNAME_MAX}
          defaultValue={typed(data.form, 'nickName', data.profile.nickName)}
          autoComplete="nickname"
        />
      </label>
      <p className="fm__hint">
        {NICKNAME_MIN}-{NICKNAME_MAX}个字，可使用中文、字母、数字和常用符号。
      </p>
      <button type="submit" className="fm__submit" disabled={pending}>
        {pending ? '保存中…' : '保存'}
      </button>
      <p className="pc-form__back">
        <AppLink href="/personalcenter">返回个人中心</AppLink>
      </p>
    </form>
  );
}
