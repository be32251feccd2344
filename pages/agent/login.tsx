import type { AgentLoginData } from '../../src/contracts/page-data/agent.ts';
import type { PageProps } from '../../src/render/page-props.ts';

/**
 * /agent/login (issue 18): the agent inbox's sign-in, a plain form post (works before the script loads): phone or uid
 * (工号) and password; a refusal comes back as ?error=. Its own cookie, never the member session.
 */
export default function AgentLoginPage({ data }: PageProps<AgentLoginData>) {
  return (
    <form className="fm agent-login" method="post" action="/-/agent/login" data-testid="agent-login">
      <h1 className="fm__title">经纪人登录</h1>
      <p className="agent-login__lead">登录后在手机上实时查看并回复客户的在线咨询。</p>
      {data.error ? (
        <p className="agent-login__error" role="alert" data-testid="agent-login-error">
          {data.error}
        </p>
      ) : null}
      <label className="fm__field">
        <span>手机号或工号</span>
        <input name="account" required maxLength={40} defaultValue={data.account} autoComplete="username" inputMode="text" />
      </label>
      <label className="fm__field">
        <span>密码</span>
        <input name="password" type="password" required maxLength={64} autoComplete="current-password" />
      </label>
      <button type="submit" className="fm__submit">
        登录
      </button>
    </form>
  );
}
