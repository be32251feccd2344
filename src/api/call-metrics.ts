import type { Got } from 'got';
import { GatewayError, type GatewayFailureKind } from '../errors.ts';

/**
 * What the gateway client tells the metrics about its calls (issue 36 part 1). The client only reports; the counting
 * and the labels are the observer's (src/metrics/portal-metrics.ts). A call is reported once, whether it went alone or
 * in a batch (src/api/batch.ts) and however many attempts it took; each repeated attempt is reported as a retry.
 */
export interface CallObserver {
  /** A call to `path` starts (its path as the client names it: ids included; the observer makes the pattern). */
  called(path: string, method: string): void;
  /** It is over after `seconds`: answered (`failure` null) or failed, and how. */
  ended(path: string, seconds: number, failure: GatewayFailureKind | null): void;
  /** A failed attempt of it is made again (src/api/http.ts `callAlone`). */
  retried(path: string): void;
  /** Its answer came but lacks what pages need (src/api/records.ts): a malformed answer, though the call succeeded. */
  refusedAnswer(path: string): void;
}

/** The key of a client's observer in got's `context` option: it travels with the client, no module state. */
const OBSERVER = 'portalCallObserver';

/** The got options that attach `observer` to a client (none: nothing is reported). */
export function observedBy(observer: CallObserver | undefined): { context?: Record<string, unknown> } {
  return observer ? { context: { [OBSERVER]: observer } } : {};
}

export function callObserverOf(client: Got): CallObserver | undefined {
  return client.defaults.options.context[OBSERVER] as CallObserver | undefined;
}

/** How a failed call failed: the kind its GatewayError carries, else read from its status. */
export function failureKind(err: unknown): GatewayFailureKind {
  if (!(err instanceof GatewayError)) return 'network';
  if (err.kind) return err.kind;
  if (err.statusCode === 504) return 'timeout';
  return err.statusCode >= 500 ? '5xx' : 'refused';
}

/** A batch round trip that failed as a whole (src/api/batch.ts `failed`), by the code it logs. */
export function failureKindOfCode(code: string): GatewayFailureKind {
  if (code === 'ETIMEDOUT') return 'timeout';
  if (code === 'MALFORMED') return 'malformed';
  const http = /^HTTP (\d{3})$/.exec(code);
  if (http) return Number(http[1]) >= 500 ? '5xx' : 'refused';
  return 'network';
}

/** Runs one call (`send`) and reports it to the client's observer, if it has one. */
export function observeCall<T>(client: Got, path: string, method: string, send: () => Promise<T>): Promise<T> {
  const observer = callObserverOf(client);
  if (!observer) return send();
  const started = performance.now();
  observer.called(path, method);
  return send().then(
    (value) => {
      observer.ended(path, (performance.now() - started) / 1000, null);
      return value;
    },
    (err: unknown) => {
      observer.ended(path, (performance.now() - started) / 1000, failureKind(err));
      throw err;
    },
  );
}

/** Runs the check of an answer (src/api/records.ts); one that refuses it is reported as a malformed answer. */
export function observeCheck<T>(client: Got, path: string, check: () => T): T {
  try {
    return check();
  } catch (err) {
    callObserverOf(client)?.refusedAnswer(path);
    throw err;
  }
}
