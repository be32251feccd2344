import type { NoticeFrame } from '../lib/notice-frame.ts';

/** How long a notice's toast stays (a tap opens its target at once). */
export const NOTICE_TOAST_MS = 8000;

/**
 * A notice that just arrived (issue 37 part 2), in the site's toast style near the top of the screen: its title and
 * text, a link to what it names. Browser only; a newer notice replaces it.
 */
export function showNoticeToast(notice: NoticeFrame['notice'], ms = NOTICE_TOAST_MS): HTMLAnchorElement | null {
  if (typeof document === 'undefined') return null;
  document.querySelector('.toast--notice')?.remove();
  const a = document.createElement('a');
  a.className = 'toast toast--notice';
  a.href = notice.url;
  a.setAttribute('role', 'status');
  a.setAttribute('data-testid', 'notice-toast');
  const title = document.createElement('b');
  title.className = 'toast__title';
  title.textContent = notice.title;
  const text = document.createElement('span');
  text.className = 'toast__text';
  text.textContent = notice.text;
  a.append(title, text);
  document.body.appendChild(a);
  window.setTimeout(() => a.remove(), ms);
  return a;
}
