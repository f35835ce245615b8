import * as z from 'zod';

/** grpc-gateway's error body: `{code, message, details}`; `details` items carry an `@type`. */
export const rpcStatusSchema = z.looseObject({
  code: z.number().int(),
  message: z.string(),
  details: z.array(z.looseObject({ '@type': z.string().optional() })).nullish(),
});
export type RpcStatus = z.infer<typeof rpcStatusSchema>;

export {
  BAD_REQUEST_DETAIL_TYPE,
  GrpcCode,
  httpStatusOfGrpcCode,
  TURNKEY_ERROR_DETAIL_TYPE,
  turnkeyErrorCodeOf,
} from '../wireValues';
