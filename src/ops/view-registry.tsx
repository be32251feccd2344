import type { RegistryChange } from '../registry/diff.ts';
import type { RegistryProblem } from '../registry/problems.ts';
import { formatAgo, formatTime } from './format.ts';
import type { OpsState } from './state.ts';
import { CAUSE_WORDS, CHANGE_WORDS, CHANGES_SHOWN, Changes, Hash, Problems, RestoreButton, Table } from './view-parts.tsx';

/** Issue 36 part 2: the console's registry sections: the registry in force, and its change history. */

export function RegistrySection({ state }: { state: OpsState }) {
  const r = state.registry;
  const refused = r.lastRefused;
  return (
    <section id="registry">
      <h2>注册表</h2>
      <dl className="facts">
        <dt>内容哈希</dt>
        <dd>
          <code className="mono">{r.sha256}</code>
        </dd>
        <dt>加载时间</dt>
        <dd>
          {formatTime(r.loadedAt)}（{formatAgo(r.loadedAt, state.generatedAt)}）
        </dd>
        <dt>内容</dt>
        <dd>
          {r.pages} 个页面，{r.actions} 个写操作，{r.redirects} 条跳转
        </dd>
        <dt>文件</dt>
        <dd>
          <code className="mono">{r.path}</code>
        </dd>
      </dl>
      <h3>磁盘上的文件与正在服务的文件</h3>
      {r.disk.sameAsServing ? (
        <p className="ok">一致</p>
      ) : (
        <>
          <p className="bad">
            {r.disk.sha256 === null ? (
              `无法读取磁盘上的文件：${r.disk.error}`
            ) : (
              <>
                不一致：磁盘上是 <Hash sha256={r.disk.sha256} />
                {r.disk.error ? '（不是有效的 JSON）' : `，${r.disk.changes.length} 处不同`}
              </>
            )}{' '}
            <RestoreButton sha256={r.sha256} label="恢复正在服务的文件" />
          </p>
          {r.disk.changes.length > 0 && <Changes changes={r.disk.changes} />}
        </>
      )}
      <h3>最近一次被拒绝的修改</h3>
      {refused ? (
        <>
          <p>
            {formatTime(refused.at)}（{formatAgo(refused.at, state.generatedAt)}），文件 <Hash sha256={refused.sha256} />，
            {refused.problems.length} 处错误，仍由先前的注册表服务
          </p>
          <Problems problems={refused.problems} />
        </>
      ) : (
        <p className="muted">无</p>
      )}
    </section>
  );
}

export function HistorySection({ state }: { state: OpsState }) {
  return (
    <section id="history">
      <h2>注册表变更历史</h2>
      <Table head={['时间', '结果', '原因', '文件', '变更', '']} stack>
        {state.registry.history.map((e) => (
          <tr key={`${e.at}|${e.sha256}|${e.result}|${e.cause}`}>
            <td data-label="时间">{formatTime(e.at)}</td>
            <td data-label="结果">
              <span className={`tag ${e.result === 'accepted' ? 'ok' : 'bad'}`}>{e.result === 'accepted' ? '已生效' : '被拒绝'}</span>
            </td>
            <td data-label="原因">
              {CAUSE_WORDS[e.cause]}
              {e.by && <span className="muted"> {e.by}</span>}
            </td>
            <td data-label="文件">
              <Hash sha256={e.sha256} />
              {e.serving && <span className="ok"> 正在服务</span>}
            </td>
            <td data-label="变更" className="wrap">
              <div>
                <HistoryChanges changes={e.changes} problems={e.result === 'refused' ? e.problems : []} />
              </div>
            </td>
            <td data-label="">{e.restorable && !e.serving && <RestoreButton sha256={e.sha256} label="恢复此版本" />}</td>
          </tr>
        ))}
      </Table>
    </section>
  );
}

const changeText = (c: RegistryChange) => `${CHANGE_WORDS[c.kind]} ${c.entry}${c.field ? ` · ${c.field}` : ''}`;

function HistoryChanges({ changes, problems }: { changes: RegistryChange[]; problems: RegistryProblem[] }) {
  const lines = [...problems.map((p) => `错误 ${p.entry}${p.field ? ` · ${p.field}` : ''}：${p.message}`), ...changes.map(changeText)];
  if (lines.length === 0) return <span className="muted">无变化</span>;
  const shown = lines.slice(0, CHANGES_SHOWN);
  const rest = lines.slice(CHANGES_SHOWN);
  return (
    <>
      {shown.map((l, i) => (
        <div key={l} className={i < problems.length ? 'bad' : undefined}>
          {l}
        </div>
      ))}
      {rest.length > 0 && (
        <details>
          <summary>另有 {rest.length} 项</summary>
          {rest.map((l) => (
            <div key={l}>{l}</div>
          ))}
        </details>
      )}
    </>
  );
}
