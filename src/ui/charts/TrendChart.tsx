import { useId, useState } from 'react';

/** One value of a trend: its label on the x axis (`2026-10`) and the value. */
export interface TrendPoint {
  label: string;
  value: number;
}

export interface TrendChartProps {
  points: readonly TrendPoint[];
  /** What the chart shows (`近12个月参考均价`): the figure's caption and the table's. */
  title: string;
  /** Unit printed after a value (`元/㎡`). */
  unit: string;
  /** A value as text (default: digits grouped by thousands). */
  format?: (value: number) => string;
  /** A point's label on the x axis (default: the label itself). */
  axisLabel?: (label: string) => string;
  /** The header of the table's label column (default 月份). */
  labelHeader?: string;
  width?: number;
  height?: number;
}

const groupDigits = (n: number): string => Math.round(n).toLocaleString('en-US');

/** Up to `count` round tick values covering [min, max] (1, 2, 2.5 or 5 times a power of ten apart). */
export function niceTicks(min: number, max: number, count = 4): number[] {
  if (!(max > min)) {
    const v = Number.isFinite(min) ? min : 0;
    return [v];
  }
  const raw = (max - min) / Math.max(1, count - 1);
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * pow >= raw) ?? 10) * pow;
  const ticks: number[] = [];
  for (let v = Math.floor(min / step) * step; v <= max + step * 1e-9; v += step) ticks.push(Math.round(v * 1e6) / 1e6);
  if (ticks[ticks.length - 1] !== undefined && (ticks[ticks.length - 1] as number) < max) ticks.push((ticks.at(-1) as number) + step);
  return ticks;
}

/**
 * A line chart of a short series drawn on the server as SVG (no script, no remote asset): y-axis ticks, x-axis labels,
 * the line, a dot per value carrying its value as a tooltip title, and the last value marked and printed. The values
 * are also a visually hidden table for screen readers and text browsers. Reusable: the price pages draw theirs with it.
 */
export function TrendChart({
  points,
  title,
  unit,
  format = groupDigits,
  axisLabel = (l) => l,
  labelHeader = '月份',
  width = 343,
  height = 180,
}: TrendChartProps) {
  const id = useId();
  // The client enhancement: a tapped point shows its month and value (the server's markup carries them as titles too).
  const [picked, setPicked] = useState<number | null>(null);
  if (!points.length) return null;
  const pad = { top: 28, right: 16, bottom: 26, left: 48 };
  const w = width - pad.left - pad.right;
  const h = height - pad.top - pad.bottom;
  const values = points.map((p) => p.value);
  const ticks = niceTicks(Math.min(...values), Math.max(...values));
  const lo = ticks[0] as number;
  const hi = ticks.length > 1 ? (ticks.at(-1) as number) : lo + 1;
  const x = (i: number) => pad.left + (points.length === 1 ? w / 2 : (i * w) / (points.length - 1));
  const y = (v: number) => pad.top + h - ((v - lo) / (hi - lo || 1)) * h;
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const area = `${path} L${x(points.length - 1).toFixed(1)},${pad.top + h} L${x(0).toFixed(1)},${pad.top + h} Z`;
  // x labels: the first, the last and evenly between, at most 4, so they never overlap on a phone.
  const every = Math.max(1, Math.ceil((points.length - 1) / 3));
  const labelled = new Set(points.map((_, i) => i).filter((i) => i % every === 0 && points.length - 1 - i >= every / 2));
  labelled.add(points.length - 1);
  const lastIndex = points.length - 1;
  const last = points[lastIndex] as TrendPoint;
  const lastX = x(lastIndex);
  const lastY = y(last.value);
  // The last value's label sits above the last dot and above the segment leading to it, so the line never crosses it.
  const prev = points[lastIndex - 1];
  const labelY = Math.max(12, Math.min(lastY, prev ? y(prev.value) : lastY) - 10);
  const captionId = `${id}-cap`;
  return (
    <figure className="chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="chart__cap">
        {title}（{unit}）
      </figcaption>
      <svg
        className="chart__svg"
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        role="img"
        aria-label={`${title}，最新${axisLabel(last.label)}为${format(last.value)}${unit}`}
        data-testid="trend-chart"
      >
        <g className="chart__grid">
          {ticks.map((t) => (
            <g key={t}>
              <line x1={pad.left} x2={pad.left + w} y1={y(t)} y2={y(t)} />
              <text x={pad.left - 6} y={y(t)} textAnchor="end" dominantBaseline="middle" className="chart__tick">
                {format(t)}
              </text>
            </g>
          ))}
        </g>
        <path className="chart__area" d={area} />
        <path className="chart__line" d={path} />
        {points.map((p, i) => (
          <circle key={p.label} className="chart__dot" cx={x(i)} cy={y(p.value)} r={i === lastIndex ? 4 : 2.5}>
            <title>{`${p.label} ${format(p.value)}${unit}`}</title>
          </circle>
        ))}
        <text className="chart__last" x={Math.min(lastX, pad.left + w)} y={labelY} textAnchor="end" data-testid="trend-last">
          {format(last.value)}
        </text>
        {points.map((p, i) => (
          // A column as wide as the point's share of the axis, so a finger finds it; tap again to hide.
          // biome-ignore lint/a11y/noStaticElementInteractions: the values are in the table below for keyboards and screen readers.
          <rect
            key={`hit-${p.label}`}
            className="chart__hit"
            x={x(i) - w / Math.max(1, points.length - 1) / 2}
            y={pad.top}
            width={w / Math.max(1, points.length - 1)}
            height={h}
            onClick={() => setPicked(picked === i ? null : i)}
          />
        ))}
        {picked !== null && points[picked] ? (
          <g className="chart__pick" data-testid="trend-pick" pointerEvents="none">
            <line x1={x(picked)} x2={x(picked)} y1={pad.top} y2={pad.top + h} />
            <text
              x={Math.max(pad.left, Math.min(x(picked), pad.left + w))}
              y={pad.top - 14}
              textAnchor={picked < points.length / 3 ? 'start' : picked > (points.length * 2) / 3 ? 'end' : 'middle'}
            >
              {`${axisLabel((points[picked] as TrendPoint).label)} ${format((points[picked] as TrendPoint).value)}${unit}`}
            </text>
          </g>
        ) : null}
        {points.map((p, i) =>
          labelled.has(i) ? (
            <text
              key={p.label}
              className="chart__tick"
              x={x(i)}
              y={height - 8}
              textAnchor={i === 0 ? 'start' : i === lastIndex ? 'end' : 'middle'}
            >
              {axisLabel(p.label)}
            </text>
          ) : null,
        )}
      </svg>
      <table className="vh">
        <caption>
          {title}（{unit}）
        </caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{unit}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.label}>
              <th scope="row">{p.label}</th>
              <td>{format(p.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
