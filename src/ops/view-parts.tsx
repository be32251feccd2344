import type { ReactNode } from 'react';
import type { RegistryChange } from '../registry/diff.ts';
import type { ReloadCause } from '../registry/history.ts';
import type { RegistryProblem } from '../registry/problems.ts';
import { shortHash } from './format.ts';
import { OPS_ROUTES } from './routes.ts';

/** Issue 36 part 2: the ops console's small pieces (tables, cards, hashes, the restore button). */

export const CAUSE_WORDS: Record<ReloadCause, string> = { start: '启动', watch: '文件变更', reload: '重新加载', restore: '控制台恢复' };
export const CHANGE_WORDS: Record<RegistryChange['kind'], string> = { added: '新增', removed: '删除', changed: '修改' };
/** Changes listed in a history row before the rest folds away. */
export const CHANGES_SHOWN = 3;

/** A table; `stack`: on a phone each row becomes a block of labelled lines (its cells carry `data-label`). */
export function Table({
  head,
  children,
  numeric = [],
  stack = false,
}: {
  head: string[];
  children: ReactNode;
  numeric?: number[];
  stack?: boolean;
}) {
  return (
    <div className="scroll">
      <table className={stack ? 'stack' : undefined}>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={h} className={numeric.includes(i) ? 'num' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The one row of an empty table, spanning its `span` columns. */
export function EmptyRow({ span, text }: { span: number; text: string }) {
  return (
    <tr>
      <td colSpan={span} className="muted">
        {text}
      </td>
    </tr>
  );
}

export function Card({ value, label }: { value: ReactNode; label: string }) {
  return (
    <div className="card">
      <b>{value}</b>
      <span>{label}</span>
    </div>
  );
}

export const Hash = ({ sha256 }: { sha256: string }) => (
  <code className="mono" title={sha256}>
    {shortHash(sha256)}
  </code>
);

export const entryLabel = (entry: string) => entry || <span className="muted">（无匹配条目）</span>;

export function Problems({ problems }: { problems: RegistryProblem[] }) {
  return (
    <Table head={['条目', '字段', '错误']}>
      {problems.map((p) => (
        <tr key={`${p.entry}|${p.field}|${p.message}`}>
          <td>{p.entry}</td>
          <td>{p.field || '—'}</td>
          <td className="wrap bad">{p.message}</td>
        </tr>
      ))}
    </Table>
  );
}

export function Changes({ changes }: { changes: RegistryChange[] }) {
  return (
    <Table head={['条目', '字段', '变化', '原值', '新值']}>
      {changes.map((c) => (
        <tr key={`${c.entry}|${c.field}|${c.kind}`}>
          <td>{c.entry}</td>
          <td>{c.field || '—'}</td>
          <td>{CHANGE_WORDS[c.kind]}</td>
          <td className="key">{c.before ?? ''}</td>
          <td className="key">{c.after ?? ''}</td>
        </tr>
      ))}
    </Table>
  );
}

export function RestoreButton({ sha256, label }: { sha256: string; label: string }) {
  return (
    <form method="post" action={OPS_ROUTES.restore} className="inline">
      <input type="hidden" name="sha256" value={sha256} />
      <button type="submit" className="plain">
        {label}
      </button>
    </form>
  );
}
