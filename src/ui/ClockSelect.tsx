/** Every half hour of a day, `00:00` … `23:30`. */
const HALF_HOURS = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

/**
 * A Beijing wall-clock time (`HH:mm`, 24 h) as a choice of half hours: `<input type="time">` shows 上午/下午 or AM/PM as
 * the phone's locale has it, while the quiet hours it sets are Beijing's 24-hour clock. A time saved off the half hours
 * (set elsewhere) stays a choice, so saving the form keeps it.
 */
export function ClockSelect({ name, value, id, label }: { name: string; value: string; id?: string; label?: string }) {
  const options = HALF_HOURS.includes(value) || !/^\d{2}:\d{2}$/.test(value) ? HALF_HOURS : [...HALF_HOURS, value].sort();
  return (
    <select id={id} name={name} defaultValue={value} aria-label={label} className="clock-select" required>
      {options.map((t) => (
        <option key={t} value={t}>
          {t}
        </option>
      ))}
    </select>
  );
}
