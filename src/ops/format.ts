/** Issue 36 part 2: how the ops console writes numbers and times (Chinese UI, Beijing time). */

const TIME = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** `2026-11-29 11:33:10` in Beijing time. */
export function formatTime(ms: number): string {
  const parts = Object.fromEntries(TIME.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** `12 秒前`, `3 分钟前`, `2 小时前`, `5 天前`. */
export function formatAgo(ms: number, now: number): string {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 60) return `${s} 秒前`;
  if (s < 3600) return `${Math.floor(s / 60)} 分钟前`;
  if (s < 86_400) return `${Math.floor(s / 3600)} 小时前`;
  return `${Math.floor(s / 86_400)} 天前`;
}

/** `980 B`, `12.3 KB`, `4.5 MB`, `1.2 GB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** `45 秒`, `3 分 20 秒`, `2 小时 5 分`, `3 天 4 小时`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} 秒`;
  if (s < 3600) return `${Math.floor(s / 60)} 分${s % 60 ? ` ${s % 60} 秒` : ''}`;
  if (s < 86_400) return `${Math.floor(s / 3600)} 小时${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)} 分` : ''}`;
  return `${Math.floor(s / 86_400)} 天${Math.floor((s % 86_400) / 3600) ? ` ${Math.floor((s % 86_400) / 3600)} 小时` : ''}`;
}

/** `87.5%`, or `—` before any lookup. */
export function formatRatio(ratio: number | null): string {
  return ratio === null ? '—' : `${(ratio * 100).toFixed(1)}%`;
}

/** The first 12 hex digits of a SHA-256 (the whole one in the element's title). */
export const shortHash = (sha256: string) => (sha256 ? sha256.slice(0, 12) : '—');
