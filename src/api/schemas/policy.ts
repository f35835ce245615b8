/**
 * Policies: what decides who may do what in an organization (the swagger's v1Policy and its intents), and the
 * record of each evaluation (one per vote). The expressions are text here; their meaning is src/api/policy's.
 */
import * as z from 'zod';
import { idSchema, openEnum, timestampSchema } from './common';

export const policyEffects = ['EFFECT_ALLOW', 'EFFECT_DENY'] as const;
export const policyOutcomes = [
  'OUTCOME_ALLOW',
  'OUTCOME_DENY_EXPLICIT',
  'OUTCOME_DENY_IMPLICIT',
  'OUTCOME_REQUIRES_CONSENSUS',
  'OUTCOME_REJECTED',
  'OUTCOME_ERROR',
  'OUTCOME_REQUIRES_AUTHENTICATORS',
  'OUTCOME_TIME_INACTIVE',
] as const;

/** The service keeps at most this many policies in an organization. */
export const MAX_POLICIES_PER_ORGANIZATION = 100;

const nameSchema = z.string().min(1, 'must not be empty').max(256, 'is too long');
const expressionSchema = z.string().max(16_384, 'is too long');
const notesSchema = z.string().max(4096, 'is too long');

export const createPolicyParametersSchema = z.strictObject({
  policyName: nameSchema,
  effect: z.enum(policyEffects),
  condition: expressionSchema.optional(),
  consensus: expressionSchema.optional(),
  notes: notesSchema,
  time: expressionSchema.optional(),
});
export type CreatePolicyParameters = z.infer<typeof createPolicyParametersSchema>;
export const createPolicyResultSchema = z.looseObject({ policyId: z.string() });

export const createPoliciesParametersSchema = z.strictObject({
  policies: z
    .array(createPolicyParametersSchema)
    .min(1, 'must list at least one policy')
    .max(MAX_POLICIES_PER_ORGANIZATION, 'has too many entries'),
});
export type CreatePoliciesParameters = z.infer<typeof createPoliciesParametersSchema>;
export const createPoliciesResultSchema = z.looseObject({ policyIds: z.array(z.string()) });

/** V2: the optional fields carry a `policy` prefix, except `time`. */
export const updatePolicyParametersSchema = z.strictObject({
  policyId: idSchema,
  policyName: nameSchema.optional(),
  policyEffect: z.enum(policyEffects).optional(),
  policyCondition: expressionSchema.optional(),
  policyConsensus: expressionSchema.optional(),
  policyNotes: notesSchema.optional(),
  time: expressionSchema.optional(),
});
export type UpdatePolicyParameters = z.infer<typeof updatePolicyParametersSchema>;
export const updatePolicyResultSchema = z.looseObject({ policyId: z.string() });

export const deletePolicyParametersSchema = z.strictObject({ policyId: idSchema });
export type DeletePolicyParameters = z.infer<typeof deletePolicyParametersSchema>;
export const deletePolicyResultSchema = z.looseObject({ policyId: z.string() });

export const deletePoliciesParametersSchema = z.strictObject({
  policyIds: z.array(idSchema).min(1, 'must list at least one policy').max(1000, 'has too many entries'),
});
export type DeletePoliciesParameters = z.infer<typeof deletePoliciesParametersSchema>;
export const deletePoliciesResultSchema = z.looseObject({ policyIds: z.array(z.string()) });

export const policySchema = z.looseObject({
  policyId: z.string(),
  policyName: z.string(),
  effect: openEnum(policyEffects),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  notes: z.string(),
  consensus: z.string(),
  condition: z.string(),
  time: z.string().optional(),
});
export type Policy = z.infer<typeof policySchema>;

export const getPolicyRequestSchema = z.strictObject({ organizationId: idSchema, policyId: idSchema });
export const getPolicyResponseSchema = z.looseObject({ policy: policySchema });
export const listPoliciesResponseSchema = z.looseObject({ policies: z.array(policySchema) });

/** One policy's outcome in one evaluation. */
export const policyOutcomeSchema = z.looseObject({
  policyId: z.string(),
  outcome: openEnum(policyOutcomes),
});
/** One evaluation of every policy: at a submission, or at a vote (`voteId`). */
export const policyEvaluationSchema = z.looseObject({
  id: z.string(),
  activityId: z.string(),
  organizationId: z.string(),
  voteId: z.string(),
  policyEvaluations: z.array(policyOutcomeSchema),
  createdAt: timestampSchema,
});
export type PolicyEvaluationRecord = z.infer<typeof policyEvaluationSchema>;

export const getPolicyEvaluationsRequestSchema = z.strictObject({ organizationId: idSchema, activityId: idSchema });
export const getPolicyEvaluationsResponseSchema = z.looseObject({
  policyEvaluations: z.array(policyEvaluationSchema),
});
