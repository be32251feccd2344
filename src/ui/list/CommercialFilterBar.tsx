import { areaBandsOf, DECORATIONS, formatsOf, priceBandsOf, rentOf, sortAllowed, tagsOf, ZHAOPU_DEALS } from '../../lib/listing-filters.ts';
import { FilterBarFrame } from './FilterBarFrame.tsx';
import { ChoiceGroup, type FilterBarProps, Group, MorePanel, MultiGroup, Opt, Panel, ToggleGroup, useFilterBar } from './filter-parts.tsx';

/**
 * The filter bar of the shop and office lists and of the shop channel 找铺: 区域, 总价/租金 (找铺: 出租/出售 first,
 * then the bands of that deal), 面积, 更多 (业态 for shops, tags, decoration) and the sort menu. Every option is a
 * link to the canonical path of the new filter state.
 */
export function CommercialFilterBar(props: FilterBarProps) {
  const { kind, query: q, dict } = props;
  const bar = useFilterBar(props);
  const { onToggle, href } = bar;
  const rent = rentOf(kind, q);
  const bands = priceBandsOf(kind, q);
  const areas = areaBandsOf(kind);
  const formats = formatsOf(kind);
  const zhaopu = kind === 'zhaopu';
  const options = { query: q, href };
  const dealLabel = q.deal ? ZHAOPU_DEALS[q.deal - 1] : undefined;
  const priceLabel = q.price ? (bands[q.price - 1]?.label ?? '') : (dealLabel ?? (zhaopu ? '类型' : rent ? '租金' : '总价'));
  const areaLabel = q.area ? (areas[q.area - 1]?.label ?? '面积') : '面积';
  const more = [q.format, q.decoration, q.tags.length].filter(Boolean).length;

  return (
    <FilterBarFrame bar={bar} query={q} dict={dict} rent={rent} sortAllowed={(sort) => sortAllowed(kind, q, sort)}>
      <Panel label={priceLabel} on={Boolean(q.price || q.deal)} onToggle={onToggle}>
        {zhaopu ? (
          <Group title="类型">
            <Opt href={href({ deal: undefined, price: undefined, sort: sortAllowed(kind, {}, q.sort) ? q.sort : undefined })} on={!q.deal}>
              不限
            </Opt>
            {ZHAOPU_DEALS.map((d, i) => (
              <Opt key={d} href={href({ deal: i + 1, price: undefined })} on={q.deal === i + 1}>
                {`商铺${d}`}
              </Opt>
            ))}
          </Group>
        ) : null}
        {bands.length ? (
          <ChoiceGroup title={rent ? '租金(元/月)' : '总价(万)'} field="price" labels={bands.map((b) => b.label)} {...options} />
        ) : null}
      </Panel>
      <Panel label={areaLabel} on={Boolean(q.area)} onToggle={onToggle}>
        <ChoiceGroup title="面积" field="area" labels={areas.map((b) => b.label)} {...options} />
      </Panel>
      <MorePanel count={more} clearHref={href({ format: undefined, decoration: undefined, tags: [] })} onToggle={onToggle}>
        {formats.length ? <ToggleGroup title="适合业态" field="format" labels={formats} {...options} /> : null}
        <MultiGroup title="特色(可多选)" field="tags" labels={tagsOf(kind)} {...options} />
        <ToggleGroup title="装修" field="decoration" labels={DECORATIONS} {...options} />
      </MorePanel>
    </FilterBarFrame>
  );
}
