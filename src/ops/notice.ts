import type { PurgeOutcome } from './purge.ts';

/**
 * Issue 36 part 2: what the console says after a write. A form post is answered with a redirect back to the console
 * (post/redirect/get: a reload repeats nothing) whose query carries a code and numbers only, never text, so no link can
 * make the console say something of its own choosing; the message is written here.
 */

export interface OpsNotice {
  kind: 'ok' | 'error';
  text: string;
}

const KIND_WORDS: Record<string, string> = { path: '路径', entry: '条目', all: '全部' };

/** The query of the redirect after a purge. */
export function purgeNoticeQuery(outcome: PurgeOutcome): string {
  const q = new URLSearchParams({
    notice: 'purged',
    kind: outcome.target.kind,
    local: String(outcome.local),
    redis: outcome.redis === null ? '' : String(outcome.redis),
    every: outcome.everyProcess ? '1' : '0',
    cdn: outcome.cdn,
  });
  return q.toString();
}

const count = (v: unknown) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : null);

/** The notice a console URL asks for, or null (none, or not one of ours). */
export function noticeFromQuery(query: Record<string, unknown>): OpsNotice | null {
  switch (query.notice) {
    case 'purged': {
      const kind = KIND_WORDS[String(query.kind)];
      const local = count(query.local);
      if (!kind || local === null) return null;
      const redis = count(query.redis);
      const where = query.every === '1' ? '已通知所有进程' : '仅本进程（未连接 Redis）';
      const redisText = redis === null ? '' : `，Redis ${redis} 条`;
      const cdn = query.cdn === 'failed' ? '；CDN 清除失败，请查看日志' : '';
      return { kind: query.cdn === 'failed' ? 'error' : 'ok', text: `已按${kind}清除：本进程 ${local} 条${redisText}，${where}${cdn}` };
    }
    case 'restored':
      return { kind: 'ok', text: '已恢复注册表文件并重新加载' };
    case 'logged-in':
      return { kind: 'ok', text: '已登录运维控制台' };
    default:
      return null;
  }
}
