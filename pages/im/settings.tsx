import type { ChatSettingsData } from '../../src/contracts/page-data/im.ts';
import { SETTINGS_SAVED } from '../../src/lib/chat-query.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { ClockSelect } from '../../src/ui/ClockSelect.tsx';
import { FormError, typed, useMemberForm } from '../../src/ui/personal/FormBits.tsx';

const SELF = '/city/ChatSettings';

/**
 * /city/ChatSettings (issue 18): the member's chat notifications (on or off, the message text in them, sound) and do
 * not disturb hours, saved with their person information (console Personinformation).
 */
export default function ChatSettingsPage({ data }: PageProps<ChatSettingsData>) {
  const { settings: s, form } = data;
  const { error, pending, onSubmit } = useMemberForm(form, SELF, () => undefined);
  const refused = form.error !== null;
  const flag = (k: 'notify' | 'preview' | 'sound' | 'dnd') => (refused ? typed(form, k) === '1' : s[k]);
  return (
    <form className="fm im-settings" method="post" action="/-/im/settings" onSubmit={onSubmit} noValidate data-testid="im-settings">
      <h1 className="fm__title">聊天设置</h1>
      {form.ok ? (
        <p className="pc-form__ok" role="status" data-testid="form-ok">
          {SETTINGS_SAVED}
        </p>
      ) : null}
      <FormError message={error} />
      <input type="hidden" name="back" value={SELF} />
      <fieldset className="im-set">
        <legend>消息通知</legend>
        <label className="im-set__row">
          <span>接收新消息通知</span>
          <input type="checkbox" name="notify" value="1" defaultChecked={flag('notify')} />
        </label>
        <label className="im-set__row">
          <span>通知显示消息内容</span>
          <input type="checkbox" name="preview" value="1" defaultChecked={flag('preview')} />
        </label>
        <label className="im-set__row">
          <span>声音提醒</span>
          <input type="checkbox" name="sound" value="1" defaultChecked={flag('sound')} />
        </label>
      </fieldset>
      <fieldset className="im-set">
        <legend>免打扰</legend>
        <label className="im-set__row">
          <span>开启免打扰</span>
          <input type="checkbox" name="dnd" value="1" defaultChecked={flag('dnd')} />
        </label>
        <div className="im-set__row">
          <label htmlFor="dndFrom">开始时间</label>
          <ClockSelect id="dndFrom" name="dndFrom" value={typed(form, 'dndFrom', s.dndFrom)} />
        </div>
        <div className="im-set__row">
          <label htmlFor="dndTo">结束时间</label>
          <ClockSelect id="dndTo" name="dndTo" value={typed(form, 'dndTo', s.dndTo)} />
        </div>
        <p className="fm__hint">免打扰时段内（北京时间）收到的消息不会提醒，可在消息列表中查看。</p>
      </fieldset>
      <button type="submit" className="fm__submit" disabled={pending}>
        {pending ? '保存中…' : '保存设置'}
      </button>
      <p className="pc-form__back">
        <AppLink href="/im/list">返回消息列表</AppLink>
      </p>
    </form>
  );
}
