import type { KeyUsage } from '../page-cache-stats.ts';
import { formatBytes, formatDuration, formatRatio } from './format.ts';
import { OPS_ROUTES } from './routes.ts';
import type { OpsState } from './state.ts';
import { Card, EmptyRow, entryLabel, Table } from './view-parts.tsx';

/** Issue 36 part 2: the console's page-cache sections: its numbers, and the purge forms. */

function KeyRows({ keys }: { keys: KeyUsage[] }) {
  return (
    <>
      {keys.map((k) => (
        <tr key={k.key}>
          <td className="key">{k.key}</td>
          <td>{entryLabel(k.entry)}</td>
          <td className="num">{formatBytes(k.bytes)}</td>
          <td className="num">{k.hits}</td>
          <td className="num">{formatDuration(k.ttlMs / 1000)}</td>
        </tr>
      ))}
      {keys.length === 0 && <EmptyRow span={5} text="无" />}
    </>
  );
}

export function CacheSection({ state }: { state: OpsState }) {
  const c = state.pageCache;
  const redisByEntry = new Map((c.redis?.byEntry ?? []).map((e) => [e.entry, e]));
  const entries = [...new Set([...c.local.byEntry.map((e) => e.entry), ...redisByEntry.keys()])];
  const localByEntry = new Map(c.local.byEntry.map((e) => [e.entry, e]));
  return (
    <section id="cache">
      <h2>页面缓存</h2>
      <div className="cards">
        <Card value={`${c.local.entries} / ${c.bounds.maxEntries}`} label="本进程条目 / 上限" />
        <Card value={`${formatBytes(c.local.bytes)} / ${formatBytes(c.bounds.maxBytes)}`} label="本进程字节 / 上限" />
        <Card
          value={formatRatio(c.hitRatio.ratio)}
          label={`命中率（最近 ${formatDuration(c.hitRatio.windowSeconds)}：命中 ${c.hitRatio.hits}，未命中 ${c.hitRatio.misses}）`}
        />
        <Card
          value={c.redis ? `${c.redis.entries} 条 · ${formatBytes(c.redis.bytes)}` : c.shared ? '读取失败' : '未启用'}
          label={`Redis 共享层${c.redis?.truncated ? '（仅统计部分键）' : ''}，第 ${c.generation} 代`}
        />
      </div>
      <h3>按注册表条目</h3>
      <Table head={['条目', '本进程条目', '本进程字节', '命中', 'Redis 条目', 'Redis 字节']} numeric={[1, 2, 3, 4, 5]}>
        {entries.map((entry) => {
          const l = localByEntry.get(entry);
          const s = redisByEntry.get(entry);
          return (
            <tr key={entry || '-'}>
              <td>{entryLabel(entry)}</td>
              <td className="num">{l?.entries ?? 0}</td>
              <td className="num">{formatBytes(l?.bytes ?? 0)}</td>
              <td className="num">{l?.hits ?? 0}</td>
              <td className="num">{c.redis ? (s?.entries ?? 0) : '—'}</td>
              <td className="num">{c.redis ? formatBytes(s?.bytes ?? 0) : '—'}</td>
            </tr>
          );
        })}
        {entries.length === 0 && <EmptyRow span={6} text="缓存为空" />}
      </Table>
      <h3>最大的 {c.top} 个键</h3>
      <Table head={['键', '条目', '大小', '命中', '剩余']} numeric={[2, 3, 4]}>
        <KeyRows keys={c.local.biggest} />
      </Table>
      <h3>命中最多的 {c.top} 个键</h3>
      <Table head={['键', '条目', '大小', '命中', '剩余']} numeric={[2, 3, 4]}>
        <KeyRows keys={c.local.mostHit} />
      </Table>
    </section>
  );
}

export function PurgeSection({ state }: { state: OpsState }) {
  const every = state.pageCache.shared;
  return (
    <section id="purge">
      <h2>清除缓存</h2>
      <p className={every ? 'muted' : 'bad'}>
        {every ? '两级缓存（本进程与 Redis）都会清除，并通知所有进程。' : '未连接 Redis：只清除本进程的缓存。'}
      </p>
      <form className="purge" method="post" action={OPS_ROUTES.purge}>
        <input type="hidden" name="kind" value="path" />
        <label htmlFor="purge-path">按路径</label>
        <input id="purge-path" type="text" name="path" placeholder="/xinfang/123.html" required />
        <button type="submit">清除</button>
      </form>
      <form className="purge" method="post" action={OPS_ROUTES.purge}>
        <input type="hidden" name="kind" value="entry" />
        <label htmlFor="purge-entry">按条目</label>
        <select id="purge-entry" name="entry" required>
          {state.registry.entries.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <button type="submit">清除全部变体</button>
      </form>
      <form className="purge" method="post" action={OPS_ROUTES.purge}>
        <input type="hidden" name="kind" value="all" />
        <label htmlFor="purge-all">
          <input id="purge-all" type="checkbox" name="confirm" value="yes" required /> 确认清除全部
        </label>
        <button type="submit" className="danger">
          清除全部缓存
        </button>
      </form>
    </section>
  );
}
