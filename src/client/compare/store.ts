import {
  addToCompare,
  COMPARE_CHANGE_EVENT as CHANGE_EVENT,
  COMPARE_MAX,
  type CompareKind,
  type CompareList,
  compareListOf,
  EMPTY_COMPARE,
  isCompareKind,
  removeFromCompare,
  COMPARE_STORAGE_KEY as STORAGE_KEY,
} from '../../lib/compare.ts';
import { showToast } from '../../ui/detail/toast.ts';
import { postMemberAction } from '../actions.ts';

/**
 * The browser's compare list (issue 37 part 4): what a tap on 加入对比 does, loaded only at the first tap (not in the
 * list page's first JavaScript). A visitor's list lives in localStorage; a member's on the gateway too, through the
 * compare actions, and the browser keeps the gateway's answer. On a member's first page of a session the browser's
 * list joins the member's (/-/compare/merge), so a list made before login is kept and another browser sees it.
 */

const SYNCED_KEY = 'compare:synced';

export function readList(): CompareList {
  try {
    return compareListOf(JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null'));
  } catch {
    return EMPTY_COMPARE;
  }
}

function writeList(list: CompareList): void {
  try {
    if (list.kind && list.ids.length) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(list));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage full or refused (private mode): the list lives for this page only
  }
  window.dispatchEvent(new CustomEvent(CHANGE_EVENT));
}

const back = () => window.location.pathname + window.location.search;

/** A member's write: the gateway's list is the truth; a refusal (409 full / other kind, 404 gone) is shown as said. */
async function memberWrite(path: string, body: Record<string, unknown>): Promise<CompareList | null> {
  const res = await postMemberAction(path, body, back());
  if (!res) return null;
  const answer = (await res.json().catch(() => null)) as { message?: string; obj?: unknown } | null;
  if (!res.ok) {
    showToast(answer?.message || '操作失败，请稍后再试', 3000);
    return null;
  }
  const list = compareListOf(answer?.obj);
  writeList(list);
  return list;
}

/** 加入对比: up to four of one kind; a fifth, or another kind, is refused with the reason. */
export async function addItem(kind: CompareKind, id: number, member: boolean): Promise<void> {
  const current = readList();
  if (current.kind === kind && current.ids.includes(id)) {
    showToast(`已在对比中（${current.ids.length}/${COMPARE_MAX}），点右下角“对比”查看`, 2500);
    return;
  }
  const done = addToCompare(current, kind, id);
  if ('refusal' in done) {
    showToast(done.refusal.message, 3500);
    return;
  }
  const list = member ? await memberWrite('/-/compare/add', { item: `${kind}:${id}` }) : done.list;
  if (!list) return;
  if (!member) writeList(list);
  showToast(`已加入对比（${list.ids.length}/${COMPARE_MAX}）`);
}

/** 移除 one home of the comparison. */
export async function removeItem(kind: CompareKind, id: number, member: boolean): Promise<void> {
  if (member) await memberWrite('/-/compare/remove', { item: `${kind}:${id}` });
  else writeList(removeFromCompare(readList(), kind, id));
}

/** 清空 the comparison. */
export async function clearList(member: boolean): Promise<void> {
  if (member) await memberWrite('/-/compare/clear', {});
  else writeList(EMPTY_COMPARE);
}

/**
 * A member's first page of this browser session: the browser's list joins the member's on the gateway, and the
 * joined list is kept here (another browser, after login, gets the member's list this way).
 */
export async function syncMember(userKey: string): Promise<void> {
  try {
    if (window.sessionStorage.getItem(SYNCED_KEY) === userKey) return;
  } catch {
    // no session storage: sync on every page
  }
  const local = readList();
  const res = await fetch('/-/compare/merge', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(local.kind ? local : {}),
    credentials: 'same-origin',
  });
  if (!res.ok) return;
  const answer = (await res.json().catch(() => null)) as { message?: string; obj?: { dropped?: number } } | null;
  writeList(compareListOf(answer?.obj));
  try {
    window.sessionStorage.setItem(SYNCED_KEY, userKey);
  } catch {
    // as above
  }
  if (answer?.obj?.dropped && answer.message) showToast(answer.message, 3000);
}

/** A `data-compare="kind:id"` value, or null. */
export function itemOf(value: string | null): { kind: CompareKind; id: number } | null {
  const [kind, id] = (value ?? '').split(':');
  const n = Number(id);
  return isCompareKind(kind) && Number.isInteger(n) && n > 0 ? { kind, id: n } : null;
}
