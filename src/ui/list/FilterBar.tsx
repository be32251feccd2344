import {
  AGE_OPTIONS,
  AREA_BANDS,
  DECORATIONS,
  ELEVATOR_OPTIONS,
  FEATURES,
  FLOOR_OPTIONS,
  ORIENTATIONS,
  RENT_PRICE_BANDS,
  RENT_TAGS,
  RENT_TYPES,
  ROOM_OPTIONS,
  SALE_PRICE_BANDS,
  SALE_TAGS,
  USE_TYPES,
} from '../../lib/listing-filters.ts';
import { FilterBarFrame } from './FilterBarFrame.tsx';
import { ChoiceGroup, type FilterBarProps, MorePanel, MultiGroup, Opt, Panel, ToggleGroup, useFilterBar } from './filter-parts.tsx';

const AGE_LABELS = AGE_OPTIONS.map((y) => `${y}年以内`);

/**
 * The list filter bar (SPEC 9): 区域 (region, shop area, metro line, station), 价格/租金, 户型, 更多 (area, age,
 * floor, orientation, decoration, elevator, use, tags, features, price change; whole/shared for rentals) and the
 * sort menu. Panels are `<details>`: they open and close without JavaScript; with it, opening one closes the rest.
 */
export function FilterBar(props: FilterBarProps) {
  const { kind, query: q, dict } = props;
  const bar = useFilterBar(props);
  const { onToggle, href } = bar;
  const rent = kind === 'zufang';
  const bands = rent ? RENT_PRICE_BANDS : SALE_PRICE_BANDS;
  const options = { query: q, href };

  const priceLabel = q.price ? (bands[q.price - 1]?.label ?? '') : rent ? '租金' : '价格';
  const roomsLabel =
    q.rooms.length === 1
      ? (ROOM_OPTIONS[(q.rooms[0] as number) - 1] ?? '户型')
      : q.rooms.length
        ? '多选'
        : q.rentType
          ? (RENT_TYPES[q.rentType - 1] ?? '户型')
          : '户型';
  const more = [
    q.area,
    q.age,
    q.floor,
    q.orientation,
    q.decoration,
    q.elevator,
    q.use,
    q.feature,
    q.priceChange ? 1 : 0,
    q.tags.length,
  ].filter(Boolean).length;
  const clearMore = href({
    area: undefined,
    age: undefined,
    floor: undefined,
    orientation: undefined,
    decoration: undefined,
    elevator: undefined,
    use: undefined,
    feature: undefined,
    priceChange: undefined,
    tags: [],
  });

  return (
    <FilterBarFrame bar={bar} query={q} dict={dict} rent={rent}>
      <Panel label={priceLabel} on={Boolean(q.price)} onToggle={onToggle}>
        <ChoiceGroup title={rent ? '租金(元/月)' : '总价(万)'} field="price" labels={bands.map((b) => b.label)} {...options} />
      </Panel>
      <Panel label={roomsLabel} on={Boolean(q.rooms.length || q.rentType)} onToggle={onToggle}>
        <MultiGroup title="户型(可多选)" field="rooms" labels={ROOM_OPTIONS} withAny {...options} />
        {rent ? <ChoiceGroup title="方式" field="rentType" labels={RENT_TYPES} {...options} /> : null}
      </Panel>
      <MorePanel count={more} clearHref={clearMore} onToggle={onToggle}>
        <ToggleGroup title="面积" field="area" labels={AREA_BANDS.map((b) => b.label)} {...options} />
        {rent ? null : <ToggleGroup title="楼龄" field="age" labels={AGE_LABELS} {...options} />}
        <ToggleGroup title="楼层(低:6层以下 中:6-12层 高:12层以上)" field="floor" labels={FLOOR_OPTIONS.map((f) => f.label)} {...options} />
        <ToggleGroup title="朝向" field="orientation" labels={ORIENTATIONS} {...options} />
        <ToggleGroup title="装修" field="decoration" labels={DECORATIONS} {...options} />
        <ToggleGroup title="电梯" field="elevator" labels={ELEVATOR_OPTIONS} {...options} />
        {rent ? null : <ToggleGroup title="用途" field="use" labels={USE_TYPES} {...options} />}
        {rent ? null : (
          <ToggleGroup title="特色" field="feature" labels={FEATURES} {...options}>
            <Opt href={href({ priceChange: !q.priceChange })} on={Boolean(q.priceChange)}>
              降价房源
            </Opt>
          </ToggleGroup>
        )}
        <MultiGroup title="标签" field="tags" labels={rent ? RENT_TAGS : SALE_TAGS} {...options} />
      </MorePanel>
    </FilterBarFrame>
  );
}
