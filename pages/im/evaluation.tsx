import { useState } from 'react';
import type { ServeEvaluationData } from '../../src/contracts/page-data/im.ts';
import { EVALUATION_LABELS, EVALUATION_SAVED, EVALUATION_TEXT_MAX } from '../../src/lib/chat-query.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { chatSessionPath } from '../../src/ui/detail/links.ts';
import { AgentAvatar } from '../../src/ui/im/ConversationRow.tsx';
import { Done, FormError, typed, useMemberForm } from '../../src/ui/personal/FormBits.tsx';

/**
 * /im/session/serveEvaluation?belongerId= (issue 18): after a chat the member rates the agent's service, 1–5 stars
 * and optional words. Saved as a review of the agent (api/yhdianping/adddianping), so it counts in the agent's rating.
 */
export default function ServeEvaluationPage({ data }: PageProps<ServeEvaluationData>) {
  const { agent, form } = data;
  const self = `/im/session/serveEvaluation?belongerId=${agent.belongerId}`;
  const [done, setDone] = useState(form.ok);
  const [score, setScore] = useState(typed(form, 'score', ''));
  const { error, pending, onSubmit } = useMemberForm(form, self, () => setDone(true));
  const back = chatSessionPath(agent) ?? '/im/list';
  if (done) {
    return (
      <div className="im-page">
        <Done title={EVALUATION_SAVED}>
          <p className="pc-done__text">您的评价将帮助{agent.name}提供更好的服务</p>
          <div className="pc-done__actions">
            <AppLink href={back} className="btn btn--primary btn--sm">
              返回会话
            </AppLink>
          </div>
        </Done>
      </div>
    );
  }
  return (
    <form className="fm im-eval" method="post" action="/-/im/evaluate" onSubmit={onSubmit} noValidate data-testid="im-eval">
      <div className="im-eval__agent">
        <AgentAvatar src={agent.portrait} name={agent.name} size={56} />
        <div>
          <h1 className="fm__title">{`评价${agent.name}的服务`}</h1>
          {agent.storeName ? <p className="im-head__sub">{agent.storeName}</p> : null}
        </div>
      </div>
      <FormError message={error} />
      <input type="hidden" name="belongerId" value={agent.belongerId} />
      <fieldset className="im-stars">
        <legend>服务满意度</legend>
        <span className="im-stars__opts">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={Number(score) >= n ? 'is-on' : ''}>
              <input type="radio" name="score" value={String(n)} checked={score === String(n)} onChange={() => setScore(String(n))} />
              <span aria-hidden="true">★</span>
              <span className="vh">{`${n}星 ${EVALUATION_LABELS[n - 1]}`}</span>
            </label>
          ))}
        </span>
        <span className="im-stars__word" aria-live="polite">
          {score ? EVALUATION_LABELS[Number(score) - 1] : '请点击星星打分'}
        </span>
      </fieldset>
      <label className="fm__field">
        <span>说点什么（选填）</span>
        <textarea
          name="content"
          rows={4}
          maxLength={EVALUATION_TEXT_MAX}
          placeholder="经纪人的回复及时吗？介绍清楚吗？"
          defaultValue={typed(form, 'content')}
        />
      </label>
      <button type="submit" className="fm__submit" disabled={pending}>
        {pending ? '提交中…' : '提交评价'}
      </button>
      <p className="pc-form__back">
        <AppLink href={back}>返回会话</AppLink>
      </p>
    </form>
  );
}
