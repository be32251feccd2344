import type { Entrust } from '../../contracts/gateway/member.ts';
import { type EntrustStep, entrustAddress } from '../../lib/entrust-steps.ts';
import { AppLink } from '../AppLink.tsx';

const STEPS: Array<[EntrustStep, string]> = [
  ['search', '选小区'],
  ['address', '填地址'],
  ['details', '房屋信息'],
  ['form', '联系方式'],
];

/** Where the owner is in the four steps. */
export function StepBar({ step }: { step: EntrustStep }) {
  const at = STEPS.findIndex(([s]) => s === step);
  return (
    <ol className="wt-steps" aria-label="委托步骤">
      {STEPS.map(([s, name], i) => (
        <li key={s} className={i < at ? 'wt-steps__done' : i === at ? 'wt-steps__now' : ''} aria-current={i === at ? 'step' : undefined}>
          <span>{i + 1}</span>
          {name}
        </li>
      ))}
    </ol>
  );
}

const TONE: Record<string, string> = { 待受理: 'wait', 已受理: 'busy', 已上架: 'live', 已成交: 'done', 已下架: 'off' };

/** The state of an entrustment as a coloured tag. */
export function EntrustStatus({ status }: { status: string }) {
  return (
    <span className={`wt-status wt-status--${TONE[status] ?? 'wait'}`} data-testid="entrust-status">
      {status}
    </span>
  );
}

/** One entrustment in a list: community, home, price and state, linking to its page. */
export function EntrustRow({ e }: { e: Entrust }) {
  return (
    <li className="wt-row">
      <AppLink href={`/Index/yijianweituo/${e.id}`} className="wt-row__link">
        <span className="wt-row__title">{`${e.kindName} · ${e.xiaoquName}`}</span>
        <span className="wt-row__meta">
          {entrustAddress(e)} · {e.area}㎡{e.rooms !== null ? ` · ${e.rooms}室${e.halls ?? 0}厅` : ''}
        </span>
        <span className="wt-row__foot">
          <strong className="wt-row__price">
            {e.price}
            {e.priceUnit}
          </strong>
          <EntrustStatus status={e.status} />
        </span>
      </AppLink>
    </li>
  );
}

/** The assigned agent's card: portrait, name, phone to call. */
export function AgentCard({ agent }: { agent: NonNullable<Entrust['agent']> }) {
  return (
    <section className="wt-agent" data-testid="agent-card">
      {agent.portrait ? <img src={agent.portrait} alt="" width={48} height={48} className="wt-agent__img" /> : null}
      <div className="wt-agent__main">
        <strong>{agent.name}</strong>
        <span>您的专属经纪人</span>
      </div>
      <a className="btn btn--primary btn--sm" href={`tel:${agent.phone}`}>
        {agent.phone}
      </a>
    </section>
  );
}
