/**
 * Every failure the client reports is one of these classes, never a string.
 * Messages are written for a person and never contain a private key, a stamp or a signed body.
 */
import type { RpcStatus } from './schemas/rpcStatus';
import type { Activity } from './schemas/activity';

/** Base class: `code` is stable and machine-readable, `hint` says what to do about it. */
export class CountersignError extends Error {
  readonly code: string;
  readonly hint: string | undefined;
  constructor(message: string, code: string, hint?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
    this.hint = hint;
  }
}

/** The service answered with a non-2xx status and (usually) an rpcStatus body. */
export class ServiceError extends CountersignError {
  readonly status: number;
  readonly rpcStatus: RpcStatus | undefined;
  readonly turnkeyErrorCode: string | undefined;
  /** Set when the server's `Date` header shows the local clock is off by minutes. */
  readonly clockSkewMs: number | undefined;
  /**
   * How long the service asked to be left alone before the next request (its `Retry-After`, seconds or an HTTP
   * date, on a 429 or a 503), in milliseconds, at most 15 minutes; undefined when it did not say.
   */
  readonly retryAfterMs: number | undefined;
  constructor(init: {
    message: string;
    status: number;
    rpcStatus?: RpcStatus;
    turnkeyErrorCode?: string;
    hint?: string;
    clockSkewMs?: number;
    retryAfterMs?: number;
  }) {
    super(init.message, init.turnkeyErrorCode ?? `HTTP_${init.status}`, init.hint);
    this.status = init.status;
    this.rpcStatus = init.rpcStatus;
    this.turnkeyErrorCode = init.turnkeyErrorCode;
    this.clockSkewMs = init.clockSkewMs;
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** The request was refused because the local clock is too far from the service's. */
export class ClockSkewError extends ServiceError {}

/** An activity came back FAILED: HTTP 200 with a `failure` rpcStatus. */
export class ActivityFailedError extends CountersignError {
  readonly activity: Activity;
  readonly failure: RpcStatus | undefined;
  constructor(activity: Activity, failure: RpcStatus | undefined) {
    const reason = failure?.message ? `: ${failure.message}` : '';
    super(`Activity ${activity.id} failed${reason}`, 'ACTIVITY_FAILED');
    this.activity = activity;
    this.failure = failure;
  }
}

/** An activity came back REJECTED by a vote. */
export class ActivityRejectedError extends CountersignError {
  readonly activity: Activity;
  constructor(activity: Activity) {
    super(`Activity ${activity.id} was rejected`, 'ACTIVITY_REJECTED');
    this.activity = activity;
  }
}

/** A 2xx response whose body does not have the shape the operation promises. */
export class ResponseShapeError extends CountersignError {
  /** Dotted path of the first offending field, e.g. `activity.status`. */
  readonly field: string;
  constructor(operation: string, field: string, problem: string) {
    super(
      `The service's answer to ${operation} has an unexpected shape at "${field || '(root)'}": ${problem}`,
      'RESPONSE_SHAPE',
      'The base URL may point at something that is not this service, or the service changed its API.',
    );
    this.field = field;
  }
}

export type TransportErrorKind = 'timeout' | 'connection' | 'redirect' | 'insecureUrl' | 'invalidUrl';

/** Nothing usable came back: timeout, connection failure, a refused redirect or a refused URL. */
export class TransportError extends CountersignError {
  readonly kind: TransportErrorKind;
  constructor(kind: TransportErrorKind, message: string, hint?: string, options?: { cause?: unknown }) {
    super(message, `TRANSPORT_${kind.toUpperCase()}`, hint, options);
    this.kind = kind;
  }
}

/** Input that cannot be sent: a malformed key, ABI file or address. Nothing was sent. */
export class InvalidInputError extends CountersignError {
  /** What the input was, e.g. `private key`, `ABI file`, `contract address`. */
  readonly subject: string;
  /** Dotted path of the offending field of a request, e.g. `parameters.label`, when there is one. */
  readonly field: string | undefined;
  constructor(subject: string, message: string, hint?: string, options?: { field?: string }) {
    super(message, 'INVALID_INPUT', hint);
    this.subject = subject;
    this.field = options?.field;
  }
}

/** The caller cancelled (AbortSignal or a cancelled progress). Never shown to a user. */
export class CancelledError extends CountersignError {
  constructor(message = 'Cancelled') {
    super(message, 'CANCELLED');
  }
}
