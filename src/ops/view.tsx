import { renderToStaticMarkup } from 'react-dom/server';
import { formatTime } from './format.ts';
import type { OpsNotice } from './notice.ts';
import { OPS_ROUTES } from './routes.ts';
import type { OpsState } from './state.ts';
import { OPS_CSS } from './style.ts';
import { CacheSection, PurgeSection } from './view-cache.tsx';
import { HealthSection, SlowestSection } from './view-health.tsx';
import { HistorySection, RegistrySection } from './view-registry.tsx';

/**
 * Issue 36 part 2: the ops console as one server-rendered document, no script: plain tables, and plain forms for the
 * writes (purge, restore, sign-out), so it works in any browser and under the site's CSP. React escapes every value.
 */

function OpsPage({ state, notice, brand }: { state: OpsState; notice: OpsNotice | null; brand: string }) {
  const self = state.health.self;
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content="noindex,nofollow" />
        <title>{`运维控制台 · ${brand}`}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant style sheet of this module, no visitor text */}
        <style dangerouslySetInnerHTML={{ __html: OPS_CSS }} />
      </head>
      <body>
        <header className="top">
          <h1>运维控制台</h1>
          <span className="who">
            {brand} · {self.host} · PID {self.pid} · {formatTime(state.generatedAt)} · {state.caller.operator || state.caller.id}
          </span>
          {state.caller.via === 'session' && (
            <form method="post" action={OPS_ROUTES.logout}>
              <button type="submit">退出</button>
            </form>
          )}
        </header>
        <nav className="jump">
          <a href="#registry">注册表</a>
          <a href="#cache">页面缓存</a>
          <a href="#purge">清除缓存</a>
          <a href="#slowest">最慢</a>
          <a href="#health">健康</a>
          <a href="#history">变更历史</a>
          <a href={OPS_ROUTES.data}>JSON</a>
        </nav>
        <main>
          {notice && <p className={`notice ${notice.kind}`}>{notice.text}</p>}
          <RegistrySection state={state} />
          <CacheSection state={state} />
          <PurgeSection state={state} />
          <SlowestSection state={state} />
          <HealthSection state={state} />
          <HistorySection state={state} />
        </main>
      </body>
    </html>
  );
}

/** The console's HTML document. */
export function renderOpsPage(state: OpsState, notice: OpsNotice | null, brand: string): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<OpsPage state={state} notice={notice} brand={brand} />)}`;
}
