import type { LocationMapData } from '../../contracts/page-data/map.ts';
import { distanceText } from '../detail/figures.ts';
import { locationLayout, MAP_H, MAP_W } from './location-layout.ts';

const W = MAP_W;
const H = MAP_H;

/**
 * A static location map drawn on the server as SVG (issue 14 part D): the district's outline, the point, and the
 * schools and metro stations near it as labelled dots. No JavaScript and no tiles; the view is sized to what is shown,
 * and labels never cover one another (issue 34: placed by locationLayout, the same on the server and in the browser).
 */
export function LocationMap({ data }: { data: LocationMapData }) {
  const { x, y, places, schools, stations, centre } = locationLayout(data);
  const outline = (data.district?.polygons ?? [])
    .flatMap((poly) => poly.map((ring) => `M${ring.map(([a, b]) => `${x(a).toFixed(1)},${y(b).toFixed(1)}`).join('L')}Z`))
    .join('');
  const label = `${data.name}位置示意图${data.district ? `，位于${data.district.name}` : ''}`;
  return (
    <figure className="locmap-fig" data-testid="location-map">
      <svg className="locmap" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
        <title>{label}</title>
        <rect width={W} height={H} fill="#e6ecf2" />
        {outline ? <path d={outline} fill="#f7f9fb" stroke="#6b8fb8" strokeWidth="1.5" fillRule="evenodd" /> : null}
        {data.district ? (
          <text x="8" y="18" fontSize="12" fill="#5c6470">
            {data.district.name}
          </text>
        ) : null}
        {places.map((p) => (
          <g key={`${p.kind}-${p.name}`} data-kind={p.kind}>
            {p.kind === 'station' ? (
              <rect x={p.cx - 5} y={p.cy - 5} width="10" height="10" rx="2" fill={p.color ?? '#888'} stroke="#fff" strokeWidth="1.5" />
            ) : (
              <circle cx={p.cx} cy={p.cy} r="5" fill="#1f6fd1" stroke="#fff" strokeWidth="1.5" />
            )}
            {p.label ? (
              <text
                x={p.label.x.toFixed(1)}
                y={p.label.y.toFixed(1)}
                textAnchor={p.label.anchor}
                fontSize="11"
                fill="#1f2329"
                stroke="#fff"
                strokeWidth="3"
                paintOrder="stroke"
              >
                {p.label.text}
              </text>
            ) : null}
          </g>
        ))}
        <g data-kind="point">
          <path d={`M${W / 2},${H / 2}c-6-8-10-12-10-17a10 10 0 0 1 20 0c0 5-4 9-10 17z`} fill="#d0311c" stroke="#fff" strokeWidth="1.5" />
          <circle cx={W / 2} cy={H / 2 - 17} r="3.5" fill="#fff" />
          <text
            x={centre.x}
            y={centre.y}
            fontSize="12"
            fontWeight="600"
            textAnchor={centre.anchor}
            fill="#d0311c"
            stroke="#fff"
            strokeWidth="3"
            paintOrder="stroke"
          >
            {data.name}
          </text>
        </g>
      </svg>
      <ul className="locmap__legend">
        {stations.map((s) => (
          <li key={`s-${s.name}`} style={{ ['--dot' as string]: s.color ?? '#888' }}>
            {s.name}站（{s.note}）{distanceText(s.distance)}
          </li>
        ))}
        {schools.map((s) => (
          <li key={`x-${s.name}`} style={{ ['--dot' as string]: '#1f6fd1' }}>
            {s.name} {distanceText(s.distance)}
          </li>
        ))}
      </ul>
    </figure>
  );
}
