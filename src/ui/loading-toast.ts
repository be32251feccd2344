/**
 * The loading toast (SPEC 4 forced logout, step 2): a spinner and a short message in the middle of the screen, in the
 * same place as the product's other toasts (src/ui/detail/toast.ts), which replace it. Browser only; returns the
 * function that removes it. It never stays longer than `maxMs`.
 */
export function showLoadingToast(message: string, maxMs = 10_000): () => void {
  if (typeof document === 'undefined') return () => undefined;
  document.querySelector('.toast')?.remove();
  const el = document.createElement('div');
  el.className = 'toast toast--loading';
  el.setAttribute('role', 'status');
  el.setAttribute('aria-busy', 'true');
  const spinner = document.createElement('span');
  spinner.className = 'toast__spinner';
  spinner.setAttribute('aria-hidden', 'true');
  const text = document.createElement('span');
  text.textContent = message;
  el.append(spinner, text);
  document.body.appendChild(el);
  const remove = () => el.remove();
  window.setTimeout(remove, maxMs);
  return remove;
}
