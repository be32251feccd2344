/**
 * JSON-schema pieces shared by the backend's routes. Fastify validates with them before a handler runs: params and
 * querystrings are coerced (they arrive as text), bodies are not (a JSON `true` is never the string "true", "1e3" never
 * 1000), and a body's unknown fields are dropped before the handler sees them (see buildBackend).
 */

export const int = (minimum = 0, maximum = 2_147_483_647) => ({ type: 'integer', minimum, maximum }) as const;
export const str = (maxLength = 200, minLength = 0) => ({ type: 'string', minLength, maxLength }) as const;
export const phone = { type: 'string', pattern: '^1[3-9]\\d{9}$' } as const;
export const memberId = { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' } as const;

export function params(props: Record<string, object>) {
  return { type: 'object', required: Object.keys(props), properties: props } as const;
}

export const idParams = params({ id: int(1) });
export const cityIdParams = params({ cityId: int(1, 9999) });

export const pagingProps = {
  page: int(0, 100_000),
  size: int(1, 100),
} as const;

/** A body: its declared fields only (unknown ones are removed by the body validator, never stored). */
export function body(props: Record<string, object>, required: string[] = []) {
  return { type: 'object', required, additionalProperties: false, properties: props } as const;
}

/**
 * Control characters (but tab and newlines), DEL, C1 controls and the bidirectional overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069, U+200E/U+200F, U+061C) that make text read differently from what it stores.
 */
const NO_CONTROL = '[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069]';
/** One line: no control character at all (tab and newlines included). */
const NO_CONTROL_LINE = '[^\\u0000-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069]';

/**
 * Text a person typed: `minLength`..`maxLength` characters, no control or bidi-override character, and when required
 * (minLength ≥ 1) not whitespace only — whitespace alone is empty.
 */
export const text = (maxLength = 500, minLength = 0, multiline = true) =>
  ({
    type: 'string',
    minLength,
    maxLength,
    pattern: `^${minLength > 0 ? '(?=[\\s\\S]*\\S)' : ''}${multiline ? NO_CONTROL : NO_CONTROL_LINE}*$`,
  }) as const;

/** A calendar date `YYYY-MM-DD` (optionally with ` HH:mm`); whether it exists and is ahead is checked by `futureDate`. */
export const dateTime = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2})?$' } as const;

/**
 * A real date (2026-02-30 is not), today or later in Beijing time, at most `maxDays` ahead. Null when it is; else why not.
 */
export function futureDateProblem(value: string, maxDays = 180, now = Date.now()): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}))?$/.exec(value);
  if (!m) return '日期格式不正确';
  const [y, mo, d, h = '0', mi = '0'] = m.slice(1).map((x) => x ?? '0');
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi)));
  if (
    date.getUTCFullYear() !== Number(y) ||
    date.getUTCMonth() !== Number(mo) - 1 ||
    date.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59
  ) {
    return '日期不存在';
  }
  // Beijing wall-clock day of `now` (UTC+8, no daylight saving).
  const today = new Date(now + 8 * 3_600_000);
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const day = Date.UTC(Number(y), Number(mo) - 1, Number(d));
  if (day < todayUtc) return '日期不能早于今天';
  if (day > todayUtc + maxDays * 86_400_000) return `日期须在${maxDays}天以内`;
  return null;
}
