import type { ListingQuery, LocationDict } from '../../lib/listing-filters.ts';
import { type FilterHref, Group, type OnToggle, Opt, Panel } from './filter-parts.tsx';

/** The 区域 tab of a list filter bar: regions, the chosen region's shop areas, metro lines and the chosen line's stations. */
export function LocationPanel({
  query: q,
  dict,
  href,
  onToggle,
}: {
  query: ListingQuery;
  dict: LocationDict;
  href: FilterHref;
  onToggle: OnToggle;
}) {
  const region = dict.regions.find((r) => r.regionId === q.regionId);
  const shop = dict.shopMaps.find((s) => s.shopMapId === q.shopMapId);
  const metro = dict.metros.find((m) => m.metroId === q.metroId);
  const station = metro?.stations.find((s) => s.stationId === q.stationId);
  const whereLabel = station?.name ?? shop?.shopMapName ?? metro?.name ?? region?.regionName ?? '区域';
  const noLocation = { regionId: undefined, shopMapId: undefined, metroId: undefined, stationId: undefined };
  return (
    <Panel label={whereLabel} on={whereLabel !== '区域'} onToggle={onToggle}>
      <Group title="区域">
        <Opt href={href(noLocation)} on={!q.regionId && !q.metroId}>
          不限
        </Opt>
        {dict.regions.map((r) => (
          <Opt key={r.regionId} href={href({ ...noLocation, regionId: r.regionId })} on={q.regionId === r.regionId && !q.shopMapId}>
            {r.regionName}
          </Opt>
        ))}
      </Group>
      {region ? (
        <Group title={`${region.regionName}商圈`}>
          {dict.shopMaps
            .filter((s) => s.regionId === region.regionId)
            .map((s) => (
              <Opt
                key={s.shopMapId}
                href={href({ ...noLocation, regionId: s.regionId, shopMapId: s.shopMapId })}
                on={q.shopMapId === s.shopMapId}
              >
                {s.shopMapName}
              </Opt>
            ))}
        </Group>
      ) : null}
      {dict.metros.length ? (
        <Group title="地铁">
          {dict.metros.map((m) => (
            <Opt key={m.metroId} href={href({ ...noLocation, metroId: m.metroId })} on={q.metroId === m.metroId && !q.stationId}>
              {m.name}
            </Opt>
          ))}
        </Group>
      ) : null}
      {metro ? (
        <Group title={`${metro.name}站点`}>
          {metro.stations.map((s) => (
            <Opt
              key={s.stationId}
              href={href({ ...noLocation, metroId: metro.metroId, stationId: s.stationId })}
              on={q.stationId === s.stationId}
            >
              {s.name}
            </Opt>
          ))}
        </Group>
      ) : null}
    </Panel>
  );
}
