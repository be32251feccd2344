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
  /** A rate limit was reached (issue 13: login, SMS and reset are limited per phone and per client address). */
  tooManyRequests: (message: string) => new PortalError('TOO_MANY_REQUESTS', 429, message),
  /** A head built from data that lacked its fields: the page would print undefined/NaN (issue 11 point 3). */
  incompleteData: (page: string) => new PortalError('INCOMPLETE_DATA', 502, `Page ${page} was built from incomplete data`),
  /** The status is the gateway's (SPEC 7.12); the visitor's is `visitorStatus`. */
  gatewayFailed: (statusCode: number, path: string, message: string) => new GatewayError(statusCode, path, message),
} as const;

/**
 * How a gateway call failed (issue 36 part 1): no answer in time (its own timeout, or the request's deadline spent), no
 * connection, a refusal (a 4xx or a body status that is not 200), the gateway failing (5xx), an answer that is not what
 * was asked for (invalid JSON, a record without the fields pages need).
 */
export type GatewayFailureKind = 'timeout' | 'deadline' | 'network' | 'refused' | '5xx' | 'malformed';

/**
 * A failed gateway call: logged once where it happens and passed on with the gateway's status (SPEC 7.12, 8), which
 * callers read (a 404 is "not found"). The visitor never gets the gateway's own status (a 401 from the gateway is not
 * the visitor's login): `visitorStatus` is what the page answers. Not a PortalError: its message names gateway paths
 * and is never shown to a visitor.
 */
export class GatewayError extends Error {
  readonly code = 'GATEWAY_FAILED';
  readonly statusCode: number;
  readonly path: string;
  /** How the call failed, for the metrics (issue 36 part 1); unset: read from the status (src/api/call-metrics.ts). */
  readonly kind?: GatewayFailureKind;
  constructor(statusCode: number, path: string, message: string, kind?: GatewayFailureKind) {
    super(message);
    this.name = 'GatewayError';
    this.statusCode = statusCode;
    this.path = path;
    this.kind = kind;
  }

  /** 404 stays "not found"; a gateway that is down or overloaded is 503, one that timed out 504; anything else 502. */
  get visitorStatus(): number {
    if (this.statusCode === 404 || this.statusCode === 503 || this.statusCode === 504) return this.statusCode;
    return 502;
  }
}

/**
 * The refusals of a member action (SPEC 6, 8): a code, a status and what the log says. What a visitor reads is in
 * src/lib/action-messages.ts, under the same code.
 */
export const actionErrors = {
  ACTION_INVALID_BODY: { statusCode: 400, message: 'Member action body refused' },
  ACTION_LOGIN_REQUIRED: { statusCode: 401, message: 'Member action without a logged-in member' },
  ACTION_FOREIGN_ORIGIN: { statusCode: 403, message: 'Member action posted from another origin' },
  ACTION_NOT_FOUND: { statusCode: 404, message: 'Member action on a house that does not exist' },
  ACTION_GATEWAY_FAILED: { statusCode: 502, message: 'Member action failed at the gateway' },
} as const;
export type ActionErrorCode = keyof typeof actionErrors;

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
