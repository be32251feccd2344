import { formatAgo, formatBytes, formatDuration, formatRatio } from './format.ts';
import type { Check, ProcessStatus } from './health.ts';
import type { OpsState } from './state.ts';
import { EmptyRow, Hash, Table } from './view-parts.tsx';

/** Issue 36 part 2: the console's slowest pages and endpoints, and the health of the gateway, Redis and each process. */

export function SlowestSection({ state }: { state: OpsState }) {
  const s = state.slowest;
  return (
    <section id="slowest">
      <h2>最慢的页面与网关接口</h2>
      {!s.enabled ? (
        <p className="muted">{s.reason === 'no-metrics' ? '指标未启用' : `指标读取失败：${s.reason}`}</p>
      ) : (
        <>
          <p className="muted">本进程最近 {formatDuration(s.coveredMs / 1000)}（按 p95 排序）</p>
          <h3>页面</h3>
          <Table head={['条目', 'p95 总耗时', 'p95 首字节', '请求数']} numeric={[1, 2, 3]}>
            {s.pages.map((p) => (
              <tr key={p.entry}>
                <td>{p.entry}</td>
                <td className="num">{p.p95Ms} ms</td>
                <td className="num">{p.ttfbP95Ms === null ? '—' : `${p.ttfbP95Ms} ms`}</td>
                <td className="num">{p.count}</td>
              </tr>
            ))}
            {s.pages.length === 0 && <EmptyRow span={4} text="这段时间没有页面请求" />}
          </Table>
          <h3>网关接口</h3>
          <Table head={['接口', 'p95 耗时', '调用数']} numeric={[1, 2]}>
            {s.endpoints.map((e) => (
              <tr key={e.endpoint}>
                <td className="key">{e.endpoint}</td>
                <td className="num">{e.p95Ms} ms</td>
                <td className="num">{e.count}</td>
              </tr>
            ))}
            {s.endpoints.length === 0 && <EmptyRow span={3} text="这段时间没有网关调用" />}
          </Table>
        </>
      )}
    </section>
  );
}

const CheckTag = ({ check }: { check: Check }) => (
  <span className={`tag ${check.ok ? 'ok' : 'bad'}`}>{check.ok ? `正常 ${check.ms} ms` : `异常 ${check.ms} ms`}</span>
);

function ProcessRow({ p, state }: { p: ProcessStatus; state: OpsState }) {
  const self = p.pid === state.health.self.pid && p.host === state.health.self.host;
  const stale = p.registrySha256 !== state.registry.sha256;
  return (
    <tr>
      <td data-label="主机">
        {p.host}
        {self && <span className="muted">（本进程）</span>}
      </td>
      <td data-label="PID" className="num">
        {p.pid}
      </td>
      <td data-label="运行" className="num">
        {formatDuration(p.uptimeSeconds)}
      </td>
      <td data-label="RSS" className="num">
        {p.rssMb} MB
      </td>
      <td data-label="堆" className="num">
        {p.heapUsedMb} MB
      </td>
      <td data-label="事件循环" className="num">
        {p.eventLoop.p99Ms} / {p.eventLoop.maxMs} ms
      </td>
      <td data-label="缓存" className="num">
        {p.pageCache.entries} · {formatBytes(p.pageCache.bytes)}
      </td>
      <td data-label="命中率" className="num">
        {formatRatio(p.pageCache.ratio)}
      </td>
      <td data-label="注册表" className={stale ? 'bad' : undefined}>
        <Hash sha256={p.registrySha256} />
        {stale && ' 与本进程不同'}
      </td>
      <td data-label="上报">{formatAgo(p.at, state.generatedAt)}</td>
    </tr>
  );
}

export function HealthSection({ state }: { state: OpsState }) {
  const h = state.health;
  return (
    <section id="health">
      <h2>健康状况</h2>
      <Table head={['服务', '状态', '说明']}>
        <tr>
          <td>网关</td>
          <td>
            <CheckTag check={h.gateway} />
          </td>
          <td className="wrap">{h.gateway.detail}</td>
        </tr>
        <tr>
          <td>Redis</td>
          <td>{h.redis ? <CheckTag check={h.redis} /> : <span className="muted">未配置</span>}</td>
          <td className="wrap">{h.redis ? h.redis.detail : '未设置 REDIS_URL：每个进程各自缓存'}</td>
        </tr>
      </Table>
      <h3>
        进程（{h.processes.length}）{h.processScope === 'this-process' && <span className="muted"> 未连接 Redis，仅显示本进程</span>}
      </h3>
      <Table
        head={['主机', 'PID', '运行', 'RSS', '堆', '事件循环 p99 / 最大', '缓存', '命中率', '注册表', '上报']}
        numeric={[1, 2, 3, 4, 5, 6, 7]}
        stack
      >
        {h.processes.map((p) => (
          <ProcessRow key={`${p.host}:${p.pid}`} p={p} state={state} />
        ))}
      </Table>
    </section>
  );
}
