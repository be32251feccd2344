/**
 * Every error the portal raises on purpose, in one table (SPEC 8): a code, a status and a message.
 * The error handler and the error page read `statusCode`; nothing else decides a status.
 */
export class PortalError extends Error {
  readonly code: string;
  readonly statusCode: number;
  constructor(code: string, statusCode: number, message: string) {
    super(message);
    this.code = code;
    this.statusCode = statusCode;
    this.name = 'PortalError';
  }
}

export const errors = {
  pageNotFound: () => new PortalError('PAGE_NOT_FOUND', 404, 'This page could not be found'),
  cityNotFound: () => new PortalError('CITY_NOT_FOUND', 404, 'util:城市ID不存在'),
  unknownMiddleware: (name: string) => new PortalError('UNKNOWN_MIDDLEWARE', 500, `Unknown middleware ${name}`),
  unknownValidator: (name: string) => new PortalError('UNKNOWN_VALIDATOR', 500, `Unknown validator ${name}`),
  unknownLoader: (name: string) => new PortalError('UNKNOWN_LOADER', 500, `Unknown loader ${name}`),
  unknownModule: (name: string) => new PortalError('UNKNOWN_MODULE', 500, `Unknown page module ${name}`),
  renderTimeout: () => new PortalError('RENDER_TIMEOUT', 503, 'Page render timed out'),
  badRequest: (message: string) => new PortalError('BAD_REQUEST', 400, message),
  /** A head built from data that lacked its fields: the page would print undefined/NaN (issue 11 point 3). */
  incompleteData: (page: string) => new PortalError('INCOMPLETE_DATA', 502, `Page ${page} was built from incomplete data`),
} as const;

/**
 * SPEC 8: status = the error's status, else the response status (when already an error), else 500. A failed gateway
 * call gives its status as the visitor sees it (GatewayError.visitorStatus: 502/503/504, or 404).
 */
export function statusOf(err: unknown, responseStatus?: number): number {
  const e = err as { statusCode?: unknown; visitorStatus?: unknown } | null;
  const s = e?.visitorStatus ?? e?.statusCode;
  if (typeof s === 'number' && s >= 400 && s <= 599) return s;
  if (responseStatus && responseStatus >= 400 && responseStatus <= 599) return responseStatus;
  return 500;
}
