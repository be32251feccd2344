import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isMember } from '../../stores/app-state.ts';
import { useAppState } from '../../stores/context.tsx';

/** Where a visitor's chosen search waits while they log in (this tab only). */
const PENDING_KEY = 'pending-saved-search';
const ACTION = '/-/action/saved-search';

interface SaveBody {
  url: string;
  name: string;
  wants: string[];
  sms: '0' | '1';
}

const tapCode = () => Promise.all([import('../../client/actions.ts'), import('../detail/toast.ts')]);

function bodyOf(form: HTMLFormElement, url: string): SaveBody {
  const data = new FormData(form);
  return {
    url,
    name: String(data.get('name') ?? ''),
    wants: data.getAll('wants').map(String),
    sms: data.get('sms') === '1' ? '1' : '0',
  };
}

async function post(body: SaveBody, back: string): Promise<{ ok: boolean; message: string } | null> {
  const [{ postMemberAction }] = await tapCode();
  const res = await postMemberAction(ACTION, { ...body }, back);
  if (!res) return null;
  const answer = (await res.json().catch(() => null)) as { message?: string } | null;
  return { ok: res.ok, message: answer?.message || (res.ok ? '已保存搜索' : '保存失败，请稍后再试') };
}

const toast = (message: string) => void import('../detail/toast.ts').then((m) => m.showToast(message, 2500));

/**
 * 保存搜索 on a filtered list (issue 37 part 1): the list's canonical path is the search. A <details> opens a small form
 * (name, 新房源 / 降价, 短信) that posts to the action road, so it works without JavaScript (303 back with
 * `?notice=search-saved`). A visitor goes to log in and comes back with `?baocun=1`: with JavaScript the search they
 * chose (kept in this tab's sessionStorage) is saved at once; without, the form is open again to be sent.
 */
export function SaveSearch({ suggestedName }: { suggestedName: string }) {
  const { route, user } = useAppState();
  const url = route.path.endsWith('/') ? route.path : `${route.path}/`;
  const back = `${url}?baocun=1`;
  const member = isMember(user);
  const [saved, setSaved] = useState(route.query.notice === 'search-saved');
  const [busy, setBusy] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);

  // Back from the login with a pending search of this list: save it now (the member's own choice, this tab only).
  useEffect(() => {
    if (!member || route.query.baocun !== '1') return;
    let pending: SaveBody | null = null;
    try {
      pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as SaveBody | null;
      sessionStorage.removeItem(PENDING_KEY);
    } catch {
      pending = null;
    }
    if (!pending || pending.url !== url) return;
    void post(pending, back).then((r) => {
      if (!r) return;
      toast(r.message);
      if (r.ok) {
        setSaved(true);
        if (details.current) details.current.open = false;
      }
    });
  }, [member, route.query.baocun, url, back]);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const body = bodyOf(e.currentTarget, url);
    if (!body.wants.length) {
      toast('请至少选择新房源或降价中的一项');
      return;
    }
    if (!member) {
      try {
        sessionStorage.setItem(PENDING_KEY, JSON.stringify(body));
      } catch {
        // No storage: the form opens again after the login.
      }
    }
    setBusy(true);
    try {
      const r = await post(body, back);
      if (!r) return;
      toast(r.message);
      if (r.ok) {
        setSaved(true);
        if (details.current) details.current.open = false;
      }
    } catch {
      toast('保存失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="svs" ref={details} open={route.query.baocun === '1' && !saved} data-testid="save-search">
      <summary className={`svs__btn${saved ? ' is-on' : ''}`}>{saved ? '已保存搜索' : '保存搜索'}</summary>
      <form method="post" action={ACTION} className="svs__form" onSubmit={onSubmit}>
        <input type="hidden" name="url" value={url} />
        <input type="hidden" name="back" value={back} />
        <label className="svs__name">
          <span>名称</span>
          <input type="text" name="name" maxLength={30} placeholder={suggestedName} aria-label="搜索名称" />
        </label>
        <fieldset className="svs__wants">
          <legend>有以下变化时通知我</legend>
          <label>
            <input type="checkbox" name="wants" value="new" defaultChecked />
            新房源
          </label>
          <label>
            <input type="checkbox" name="wants" value="drop" defaultChecked />
            降价
          </label>
          <label>
            <input type="checkbox" name="sms" value="1" />
            同时发短信
          </label>
        </fieldset>
        <p className="svs__lead">站内消息总会通知；短信可在消息中心设置免打扰。</p>
        <button type="submit" className="btn btn--primary btn--sm" disabled={busy} data-testid="save-search-submit">
          保存
        </button>
      </form>
    </details>
  );
}
