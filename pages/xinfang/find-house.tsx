import type { FindHouseData } from '../../src/contracts/page-data/xinfang.ts';
import { LOUPAN_TYPES } from '../../src/lib/loupan-types.ts';
import { ROOM_OPTIONS, UNIT_PRICE_BANDS } from '../../src/lib/xinfang-filters.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { XfHero } from '../../src/ui/xinfang/PageHead.tsx';

/** /xinfang/findHouse: tell us the budget, area and layout; the form lands on the filtered list (query → 301 → path). */
export default function XinfangFindHousePage({ data }: PageProps<FindHouseData>) {
  const { city } = useAppState();
  return (
    <div className="xf-page">
      <XfHero title="帮我找新房" sub={`选择您的需求，为您筛出${city.selectCityName}合适的新楼盘`} />
      <form className="card xf-sec xf-form" action="/xinfang/" method="get">
        <fieldset className="xf-pick">
          <legend>意向区域</legend>
          <label>
            <input type="radio" name="regionId" value="" defaultChecked />
            不限
          </label>
          {data.regions.map((r) => (
            <label key={r.regionId}>
              <input type="radio" name="regionId" value={r.regionId} />
              {r.regionName}
            </label>
          ))}
        </fieldset>
        <fieldset className="xf-pick">
          <legend>预算均价</legend>
          <label>
            <input type="radio" name="price" value="" defaultChecked />
            不限
          </label>
          {UNIT_PRICE_BANDS.map((b) => (
            <label key={b.code}>
              <input type="radio" name="price" value={b.code} />
              {b.label}
            </label>
          ))}
        </fieldset>
        <fieldset className="xf-pick">
          <legend>物业类型</legend>
          <label>
            <input type="radio" name="typeCode" value="" defaultChecked />
            不限
          </label>
          {LOUPAN_TYPES.map((t) => (
            <label key={t.code}>
              <input type="radio" name="typeCode" value={t.code} />
              {t.name}
            </label>
          ))}
        </fieldset>
        <fieldset className="xf-pick">
          <legend>居室</legend>
          <label>
            <input type="radio" name="rooms" value="" defaultChecked />
            不限
          </label>
          {ROOM_OPTIONS.map((r) => (
            <label key={r.code}>
              <input type="radio" name="rooms" value={r.code} />
              {r.label}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn btn--primary btn--block">
          开始找房
        </button>
      </form>
    </div>
  );
}
