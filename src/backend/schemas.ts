/** JSON-schema pieces shared by the backend's routes. Fastify validates (and coerces) with them before a handler runs. */

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

export function body(props: Record<string, object>, required: string[] = []) {
  return { type: 'object', required, additionalProperties: true, properties: props } as const;
}
