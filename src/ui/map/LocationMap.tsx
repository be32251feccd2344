import type { LocationMapData } from '../../contracts/page-data/map.ts';

const W = 340;
const H = 200;

/**
 * A static location map drawn on the server as SVG (issue 14 part D): the district's outline, the point, and the
 * schools and metro stations near it as labelled dots. No JavaScript and no tiles; the view is sized to what is shown.
 */
export function LocationMap({ data }: { data: LocationMapData }) {
  const places = [
    ...data.schools.map((p) => ({ ...p, kind: 'school' as const })),
    ...data.stations.map((p) => ({ ...p, kind: 'station' as const })),
  ];
  const k = Math.cos((data.lat * Math.PI) / 180);
  // half-width of the view in degrees of latitude: the farthest place plus a margin, at least about 1.2 km
  const reach =
    Math.max(0.011, ...places.map((p) => Math.max(Math.abs(p.lat - data.lat), (Math.abs(p.lng - data.lng) * k * H) / W))) * 1.35;
  const scale = H / 2 / reach;
  const x = (lng: number) => W / 2 + (lng - data.lng) * k * scale;
  const y = (lat: number) => H / 2 - (lat - data.lat) * scale;
  const outline = (data.district?.polygons ?? [])
    .flatMap((poly) => poly.map((ring) => `M${ring.map(([a, b]) => `${x(a).toFixed(1)},${y(b).toFixed(1)}`).join('L')}Z`))
    .join('');
  // labels placed one after the other, each moved down until it no longer covers one placed before (nor the point's)
  const placed: Array<{ x: number; y: number; w: number }> = [{ x: W / 2 - 40, y: H / 2 + 16, w: 80 }];
  const labelY = places.map((p) => {
    const lx = x(p.lng) + 8;
    const w = (p.name.length + 1) * 11;
    let ly = y(p.lat) + 4;
    for (let i = 0; i < 6 && placed.some((q) => Math.abs(q.y - ly) < 12 && lx < q.x + q.w && q.x < lx + w); i++) ly += 13;
    placed.push({ x: lx, y: ly, w });
    return ly;
  });
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
        {places.map((p, i) => (
          <g key={`${p.kind}-${p.name}`} data-kind={p.kind}>
            {p.kind === 'station' ? (
              <rect
                x={x(p.lng) - 5}
                y={y(p.lat) - 5}
                width="10"
                height="10"
                rx="2"
                fill={p.color ?? '#888'}
                stroke="#fff"
                strokeWidth="1.5"
              />
            ) : (
              <circle cx={x(p.lng)} cy={y(p.lat)} r="5" fill="#1f6fd1" stroke="#fff" strokeWidth="1.5" />
            )}
            <text x={x(p.lng) + 8} y={labelY[i]} fontSize="11" fill="#1f2329" stroke="#fff" strokeWidth="3" paintOrder="stroke">
              {p.kind === 'station' ? `${p.name}站` : p.name}
            </text>
          </g>
        ))}
        <g data-kind="point">
          <path d={`M${W / 2},${H / 2}c-6-8-10-12-10-17a10 10 0 0 1 20 0c0 5-4 9-10 17z`} fill="#d0311c" stroke="#fff" strokeWidth="1.5" />
          <circle cx={W / 2} cy={H / 2 - 17} r="3.5" fill="#fff" />
          <text
            x={W / 2}
            y={H / 2 + 16}
            fontSize="12"
            fontWeight="600"
            textAnchor="middle"
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
        {data.stations.map((s) => (
          <li key={`s-${s.name}`} style={{ ['--dot' as string]: s.color ?? '#888' }}>
            {s.name}站（{s.note}）{s.distance}米
          </li>
        ))}
        {data.schools.map((s) => (
          <li key={`x-${s.name}`} style={{ ['--dot' as string]: '#1f6fd1' }}>
            {s.name} {s.distance}米
          </li>
        ))}
      </ul>
    </figure>
  );
}
