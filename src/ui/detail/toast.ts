/**
 * A short message at the middle of the screen (the product's toasts: 经纪人ID/UID 必传一个, 收藏成功 …).
 * Browser only; one toast at a time, removed after `ms`.
 */
export function showToast(message: string, ms = 2000): void {
  if (typeof document === 'undefined') return;
  document.querySelector('.toast')?.remove();
  const el = document.createElement('div');
  el.className = 'toast';
  el.setAttribute('role', 'status');
  el.textContent = message;
  document.body.appendChild(el);
  window.setTimeout(() => el.remove(), ms);
}
