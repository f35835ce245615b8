/**
 * Every refusal the sandbox sends is an rpcStatus `{code, message, details}` with the HTTP status
 * grpc-gateway gives its gRPC code, and a TurnkeyErrorDetail naming the reason for programs.
 */
import { BAD_REQUEST_DETAIL_TYPE, errorText, GrpcCode, httpStatusOfGrpcCode, TURNKEY_ERROR_DETAIL_TYPE } from '../api';
import type { RpcStatusBody } from './state';

export interface FieldViolation {
  readonly field: string;
  readonly description: string;
}

export function rpcStatusBody(
  code: number,
  message: string,
  turnkeyErrorCode: string,
  fieldViolations: readonly FieldViolation[] = [],
): RpcStatusBody {
  const details: Record<string, unknown>[] = [{ '@type': TURNKEY_ERROR_DETAIL_TYPE, turnkeyErrorCode }];
  if (fieldViolations.length > 0) details.push({ '@type': BAD_REQUEST_DETAIL_TYPE, fieldViolations });
  return { code, message, details };
}

/** A refusal on its way to becoming an HTTP response. */
export class RpcError extends Error {
  readonly httpStatus: number;
  readonly body: RpcStatusBody;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    code: number,
    message: string,
    turnkeyErrorCode: string,
    options: {
      fieldViolations?: readonly FieldViolation[];
      httpStatus?: number;
      headers?: Record<string, string>;
      /** The whole details list, in place of the one built from `turnkeyErrorCode` (a policy denial's). */
      details?: readonly Record<string, unknown>[];
    } = {},
  ) {
    super(message);
    const body = rpcStatusBody(code, message, turnkeyErrorCode, options.fieldViolations);
    this.body = options.details ? { ...body, details: options.details } : body;
    this.httpStatus = options.httpStatus ?? httpStatusOfGrpcCode[code] ?? 500;
    this.headers = options.headers ?? {};
  }
}

export const invalidRequest = (message: string, fieldViolations: readonly FieldViolation[] = []): RpcError =>
  new RpcError(GrpcCode.InvalidArgument, message, 'REQUEST_INVALID', { fieldViolations });

export const notFound = (message: string, turnkeyErrorCode = 'NOT_FOUND'): RpcError =>
  new RpcError(GrpcCode.NotFound, message, turnkeyErrorCode);

/** A vote's target is not an activity of the organization the vote names: unknown, or another organization's. */
export const fingerprintNotFound = (): RpcError =>
  notFound(
    'No activity found with fingerprint. Consensus activities must target an existing activity by fingerprint',
    'FINGERPRINT_NOT_FOUND',
  );

/** A zod-style issue list as a message and field violations: "parameters.label: must not be empty". */
export function fromIssues(
  what: string,
  issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[],
  prefix: readonly string[] = [],
): RpcError {
  const violations = issues.slice(0, 10).map((issue) => ({
    field: [...prefix, ...issue.path.map(String)].join('.') || '(body)',
    description: issue.message,
  }));
  const first = violations[0];
  const message = first ? `invalid ${what}: ${first.field}: ${first.description}` : `invalid ${what}`;
  return invalidRequest(message, violations);
}

/** gRPC UNAVAILABLE, which grpc-gateway answers with 503. */
const UNAVAILABLE = 14;

/**
 * The answer to every request once the journal failed to write or sync: the sandbox no longer knows
 * what its disk holds, so it acknowledges nothing and shows nothing until it is restarted.
 */
export function storageUnavailable(cause: unknown): RpcError {
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  const reason = errorText(cause);
  return new RpcError(
    UNAVAILABLE,
    `sandbox unavailable: its journal could not be written (${code ?? reason}); it accepts no request until it is restarted, and restarting reads back everything it acknowledged. Free space on the disk or fix it, then restart the sandbox.`,
    'SANDBOX_STORAGE_FAILED',
    { httpStatus: 503 },
  );
}

/** A request that needs an activity whose journal record is damaged: that one activity, not the sandbox, is lost. */
export function damagedActivity(activityId: string, reason: string): RpcError {
  return new RpcError(
    GrpcCode.FailedPrecondition,
    `activity ${activityId} cannot be read: ${reason}. The sandbox's other activities are unaffected; to get this one back, restore the sandbox's data directory from a backup.`,
    'SANDBOX_JOURNAL_DAMAGED',
  );
}
