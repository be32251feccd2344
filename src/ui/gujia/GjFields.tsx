import type { GujiaFields } from '../../contracts/page-data/gujia.ts';
import { AREA_MAX, AREA_MIN, FLOORS_MAX, ROOMS_MAX, ROOMS_MIN } from '../../lib/valuation.ts';

const ROOMS = Array.from({ length: ROOMS_MAX - ROOMS_MIN + 1 }, (_, i) => ROOMS_MIN + i);

/** The home's traits on the valuation form, filled with what was typed before (a refused form comes back as it was). */
export function GjFields({ fields, orientations, decorations }: { fields: GujiaFields; orientations: string[]; decorations: string[] }) {
  return (
    <>
      <label className="fm__field">
        <span>建筑面积（㎡）</span>
        <input
          type="number"
          name="area"
          inputMode="decimal"
          min={AREA_MIN}
          max={AREA_MAX}
          step="0.01"
          required
          defaultValue={fields.area}
          placeholder={`${AREA_MIN}-${AREA_MAX}`}
        />
      </label>
      <label className="fm__field">
        <span>居室</span>
        <select name="rooms" defaultValue={fields.rooms || '2'} required>
          {ROOMS.map((n) => (
            <option key={n} value={n}>
              {n}室
            </option>
          ))}
        </select>
      </label>
      <div className="gj-row">
        <label className="fm__field">
          <span>所在楼层</span>
          <input type="number" name="floor" inputMode="numeric" min={1} max={FLOORS_MAX} required defaultValue={fields.floor} />
        </label>
        <label className="fm__field">
          <span>总楼层</span>
          <input type="number" name="totalFloors" inputMode="numeric" min={1} max={FLOORS_MAX} required defaultValue={fields.totalFloors} />
        </label>
      </div>
      <fieldset className="fm__field">
        <legend>朝向</legend>
        <div className="fm__radios">
          {orientations.map((o) => (
            <label key={o}>
              <input type="radio" name="orientation" value={o} required defaultChecked={o === (fields.orientation || orientations[0])} />
              {o}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="fm__field">
        <legend>装修</legend>
        <div className="fm__radios">
          {decorations.map((d) => (
            <label key={d}>
              <input type="radio" name="decoration" value={d} required defaultChecked={d === (fields.decoration || decorations[2])} />
              {d}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
