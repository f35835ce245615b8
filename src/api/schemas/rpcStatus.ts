import * as z from 'zod';

/** grpc-gateway's error body: `{code, message, details}`; `details` items carry an `@type`. */
export const rpcStatusSchema = z.looseObject({
  code: z.number().int(),
  message: z.string(),
  details: z.array(z.looseObject({ '@type': z.string().optional() })).nullish(),
});
export type RpcStatus = z.infer<typeof rpcStatusSchema>;

export const TURNKEY_ERROR_DETAIL_TYPE = 'type.googleapis.com/errors.v1.TurnkeyErrorDetail';
export const BAD_REQUEST_DETAIL_TYPE = 'type.googleapis.com/google.rpc.BadRequest';

/** gRPC status codes used by the service, and the HTTP status grpc-gateway maps each to. */
export const GrpcCode = {
  InvalidArgument: 3,
  NotFound: 5,
  AlreadyExists: 6,
  PermissionDenied: 7,
  ResourceExhausted: 8,
  FailedPrecondition: 9,
  Unimplemented: 12,
  Internal: 13,
  Unauthenticated: 16,
} as const;

export const httpStatusOfGrpcCode: Readonly<Record<number, number>> = {
  3: 400,
  5: 404,
  6: 409,
  7: 403,
  8: 429,
  9: 400,
  12: 501,
  13: 500,
  16: 401,
};

/** The `turnkeyErrorCode` inside `details`, when there is one. */
export function turnkeyErrorCodeOf(status: RpcStatus | undefined): string | undefined {
  for (const detail of status?.details ?? []) {
    const code = (detail as Record<string, unknown>)['turnkeyErrorCode'];
    if (typeof code === 'string' && code.length > 0) return code;
  }
  return undefined;
}
