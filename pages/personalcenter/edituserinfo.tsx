import { type ChangeEvent, useState } from 'react';
import type { ProfileFormData } from '../../src/contracts/page-data/personal.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppStore } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { ChevronRight, DefaultAvatar } from '../../src/ui/icons.tsx';
import { FormError, useMemberForm } from '../../src/ui/personal/FormBits.tsx';

const SELF = '/personalcenter/edituserinfo';

/**
 * /personalcenter/edituserinfo: the avatar (JPEG, PNG or WebP up to 5 MB, cut to 256×256 by the server) and the way to
 * the nickname. Without JavaScript, choose a file and press 上传; with it, choosing the file uploads it.
 */
export default function EditUserInfoPage({ data }: PageProps<ProfileFormData>) {
  const store = useAppStore();
  const [headUrl, setHeadUrl] = useState(data.profile.headUrl);
  const { error, pending, onSubmit } = useMemberForm(data.form, SELF, (answer) => {
    const url = (answer.obj as { headUrl?: string } | undefined)?.headUrl;
    if (url) {
      setHeadUrl(url);
      store.user.headUrl = url;
    }
  });
  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    if (e.currentTarget.files?.length) e.currentTarget.form?.requestSubmit();
  };
  return (
    <div className="pc">
      <form className="fm pc-form" method="post" action="/-/member/avatar" encType="multipart/form-data" onSubmit={onSubmit}>
        <h1 className="fm__title">个人资料</h1>
        {data.form.ok ? (
          <p className="pc-form__ok" role="status">
            头像已更新
          </p>
        ) : null}
        <FormError message={error} />
        <input type="hidden" name="back" value={SELF} />
        <div className="pc-avatar">
          {headUrl ? (
            <img className="pc-avatar__img" src={headUrl} alt="当前头像" width={88} height={88} data-testid="avatar" />
          ) : (
            <span className="pc-avatar__img">
              <DefaultAvatar size={88} />
            </span>
          )}
          <label className="pc-avatar__pick btn btn--ghost btn--sm">
            {pending ? '上传中…' : '更换头像'}
            <input type="file" name="file" accept="image/jpeg,image/png,image/webp" onChange={onPick} className="pc-avatar__input" />
          </label>
          <noscript>
            <button type="submit" className="btn btn--primary btn--sm">
              上传
            </button>
          </noscript>
        </div>
        <p className="fm__hint">支持 JPG、PNG、WebP 格式，不超过5MB，将裁剪为正方形。</p>
      </form>
      <ul className="pc-list card">
        <li>
          <AppLink href="/personalcenter/setnickname" className="pc-list__item">
            <span className="pc-list__label">昵称</span>
            <span className="pc-list__value" data-testid="nickname">
              {data.profile.nickName}
            </span>
            <ChevronRight size={16} />
          </AppLink>
        </li>
        <li>
          <div className="pc-list__item">
            <span className="pc-list__label">手机号</span>
            <span className="pc-list__value">{data.profile.phoneMasked || '未绑定'}</span>
          </div>
        </li>
        <li>
          <AppLink href="/personalcenter/disanfang" className="pc-list__item">
            <span className="pc-list__label">第三方账号</span>
            <span className="pc-list__value">未绑定</span>
            <ChevronRight size={16} />
          </AppLink>
        </li>
        <li>
          <AppLink href="/resetpassword" className="pc-list__item">
            <span className="pc-list__label">修改密码</span>
            <ChevronRight size={16} />
          </AppLink>
        </li>
      </ul>
    </div>
  );
}
