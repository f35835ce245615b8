import * as z from 'zod';
import { idSchema, lenientTimestampSchema, openEnum, uint64StringSchema } from './common';
import { rpcStatusSchema } from './rpcStatus';
import { activityStatuses } from '../wireValues';

export {
  activityStatuses,
  ActivityType,
  DECISION_STATUSES,
  TERMINAL_STATUSES,
  type KnownActivityStatus,
} from '../wireValues';

export const voteSchema = z.looseObject({
  id: z.string().optional(),
  userId: z.string(),
  user: z.looseObject({ userId: z.string().optional(), userName: z.string().optional() }).optional(),
  activityId: z.string().optional(),
  selection: openEnum(['VOTE_SELECTION_APPROVED', 'VOTE_SELECTION_REJECTED']),
  message: z.string().optional(),
  publicKey: z.string().optional(),
  signature: z.string().optional(),
  scheme: z.string().optional(),
  createdAt: lenientTimestampSchema.optional(),
});
export type Vote = z.infer<typeof voteSchema>;

export const appProofSchema = z.looseObject({
  scheme: z.string(),
  publicKey: z.string(),
  proofPayload: z.string(),
  signature: z.string(),
});
export type AppProof = z.infer<typeof appProofSchema>;

const recordSchema = z.record(z.string(), z.unknown());

/** The fields that may sit on the activity itself (the spec) or on `result.activity` (the API document). */
const activityDetailShape = {
  intent: recordSchema.optional(),
  result: recordSchema.optional(),
  votes: z.array(voteSchema).optional(),
  fingerprint: z.string().optional(),
  canApprove: z.boolean().optional(),
  canReject: z.boolean().optional(),
  createdAt: lenientTimestampSchema.optional(),
  updatedAt: lenientTimestampSchema.optional(),
  failure: rpcStatusSchema.nullish(),
  appProofs: z.array(appProofSchema).nullish(),
};

const nestedActivitySchema = z.looseObject({
  id: z.string().optional(),
  organizationId: z.string().optional(),
  status: z.string().optional(),
  type: z.string().optional(),
  ...activityDetailShape,
});

const rawActivitySchema = z.looseObject({
  id: z.string().min(1),
  organizationId: z.string(),
  status: openEnum(activityStatuses),
  type: z.string().min(1),
  timestampMs: uint64StringSchema.optional(),
  ...activityDetailShape,
});

/** An activity as Countersign works with it: every field present, whichever shape the service sent. */
export interface Activity {
  readonly id: string;
  readonly organizationId: string;
  readonly status: string;
  readonly type: string;
  readonly timestampMs: string | undefined;
  /** The one populated intent key, e.g. `{createSmartContractInterfaceIntent: {...}}`. */
  readonly intent: Record<string, unknown>;
  /** The result keys, e.g. `{createSmartContractInterfaceResult: {...}}` (without the nested `activity`). */
  readonly result: Record<string, unknown>;
  readonly votes: readonly Vote[];
  readonly fingerprint: string;
  /** Whether the caller may vote, as the service says; false when it did not say (see `canApproveKnown`). */
  readonly canApprove: boolean;
  readonly canReject: boolean;
  /** Whether the service sent `canApprove` at all: the schema defaults it to false, so absence reads as "no". */
  readonly canApproveKnown: boolean;
  readonly createdAt: z.infer<typeof lenientTimestampSchema> | undefined;
  readonly updatedAt: z.infer<typeof lenientTimestampSchema> | undefined;
  readonly failure: z.infer<typeof rpcStatusSchema> | undefined;
  readonly appProofs: readonly AppProof[];
}

/**
 * Reads each field from the activity itself (the official spec) and falls back to `result.activity`
 * (the nested record the API document describes), so both shapes work.
 */
export const activitySchema = rawActivitySchema.transform((raw, ctx): Activity => {
  let nested: z.infer<typeof nestedActivitySchema> = {};
  const nestedRaw = raw.result?.['activity'];
  if (nestedRaw !== undefined) {
    const parsed = nestedActivitySchema.safeParse(nestedRaw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['result', 'activity', ...issue.path] });
      }
      return z.NEVER;
    }
    nested = parsed.data;
  }
  const result: Record<string, unknown> = { ...(nested.result ?? {}), ...(raw.result ?? {}) };
  delete result['activity'];
  return {
    id: raw.id,
    organizationId: raw.organizationId,
    status: raw.status,
    type: raw.type,
    timestampMs: raw.timestampMs,
    intent: raw.intent ?? nested.intent ?? {},
    result,
    votes: raw.votes ?? nested.votes ?? [],
    fingerprint: raw.fingerprint ?? nested.fingerprint ?? '',
    canApprove: raw.canApprove ?? nested.canApprove ?? false,
    canReject: raw.canReject ?? nested.canReject ?? false,
    canApproveKnown: (raw.canApprove ?? nested.canApprove) !== undefined,
    createdAt: raw.createdAt ?? nested.createdAt,
    updatedAt: raw.updatedAt ?? nested.updatedAt,
    failure: raw.failure ?? nested.failure ?? undefined,
    appProofs: raw.appProofs ?? nested.appProofs ?? [],
  };
});

export const activityResponseSchema = z.looseObject({ activity: activitySchema });

export const getActivityRequestSchema = z.strictObject({ organizationId: idSchema, activityId: idSchema });

export const listActivitiesRequestSchema = z.strictObject({
  organizationId: idSchema,
  filterByStatus: z.array(z.string().min(1)).optional(),
  filterByType: z.array(z.string().min(1)).optional(),
  paginationOptions: z
    .strictObject({
      limit: z.string().regex(/^\d+$/, 'must be a decimal integer in a string').optional(),
      before: z.string().optional(),
      after: z.string().optional(),
    })
    .optional(),
});
export type ListActivitiesRequest = z.infer<typeof listActivitiesRequestSchema>;
export const listActivitiesResponseSchema = z.looseObject({ activities: z.array(activitySchema) });

export const fingerprintParametersSchema = z.strictObject({ fingerprint: z.string().min(1, 'must not be empty') });
export type FingerprintParameters = z.infer<typeof fingerprintParametersSchema>;

export const deleteSubOrganizationParametersSchema = z.strictObject({ deleteWithoutExport: z.boolean().optional() });
export type DeleteSubOrganizationParameters = z.infer<typeof deleteSubOrganizationParametersSchema>;
export const deleteSubOrganizationResultSchema = z.looseObject({ subOrganizationUuid: z.string() });

/** The envelope of every submission; `parameters` is checked by the operation's own schema. */
export const activityRequestEnvelopeSchema = z.strictObject({
  type: z.string().min(1),
  timestampMs: z.string().regex(/^\d{1,16}$/, 'must be milliseconds since the epoch, in a string'),
  organizationId: idSchema,
  parameters: z.record(z.string(), z.unknown()),
  generateAppProofs: z.boolean().optional(),
});
export type ActivityRequestEnvelope = z.infer<typeof activityRequestEnvelopeSchema>;
