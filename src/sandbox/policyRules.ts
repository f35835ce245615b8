/**
 * The policy activities. `checkPolicyIntent` runs when the request arrives: an expression the service would
 * refuse, or a name another policy already has, is refused with 400 and creates no activity (the engine's
 * checkPolicy gives the service's wording). The rules run once the activity is allowed: they check again
 * against what the organization holds then (names, the limit of 100), and change the policies.
 */
import { randomUUID } from 'node:crypto';
import { ActivityType, GrpcCode } from '../api';
import { checkPolicy, MAX_POLICIES_PER_ORGANIZATION, operations } from '../api/remote';
import { completed, failed, type Outcome } from './outcome';
import type { PolicyRecord } from './policyRecords';
import { invalidRequest } from './rpcError';
import type { ActivityRecord, Organization } from './state';

export const POLICY_NAME_TAKEN = 'policy label must be unique';

interface Expressions {
  readonly condition?: string | undefined;
  readonly consensus?: string | undefined;
  readonly time?: string | undefined;
}

/** The first refusal of the expressions, with the request field it is about. */
function expressionProblem(
  expressions: Expressions,
  fieldOf: (name: 'condition' | 'consensus' | 'time') => string,
): { message: string; field: string } | undefined {
  const problem = checkPolicy(expressions)[0];
  return problem && { message: problem.message, field: fieldOf(problem.field) };
}

/** Whether a policy other than `except` already has the name. */
function nameTaken(organization: Organization, name: string, except?: string): boolean {
  for (const policy of organization.policies.byId.values())
    if (policy.policyName === name && policy.policyId !== except) return true;
  return false;
}

function refuse(message: string, field: string): never {
  throw invalidRequest(message, [{ field, description: message }]);
}

/** Refuses, with 400, a policy intent the service refuses at creation. */
export function checkPolicyIntent(
  activityType: string,
  parameters: Record<string, unknown>,
  organization: Organization,
): void {
  if (activityType === ActivityType.CreatePolicyV3 || activityType === ActivityType.CreatePolicies) {
    const intents =
      activityType === ActivityType.CreatePolicyV3
        ? [operations.createPolicy.parameters.parse(parameters)]
        : operations.createPolicies.parameters.parse(parameters).policies;
    const batch = activityType === ActivityType.CreatePolicies;
    const names = new Set<string>();
    intents.forEach((intent, index) => {
      const prefix = batch ? `parameters.policies.${index}` : 'parameters';
      const problem = expressionProblem(intent, (name) => `${prefix}.${name}`);
      if (problem) refuse(problem.message, problem.field);
      if (names.has(intent.policyName) || nameTaken(organization, intent.policyName))
        refuse(POLICY_NAME_TAKEN, `${prefix}.policyName`);
      names.add(intent.policyName);
    });
  } else if (activityType === ActivityType.UpdatePolicyV2) {
    const intent = operations.updatePolicy.parameters.parse(parameters);
    const field = { condition: 'policyCondition', consensus: 'policyConsensus', time: 'time' } as const;
    const problem = expressionProblem(
      { condition: intent.policyCondition, consensus: intent.policyConsensus, time: intent.time },
      (name) => `parameters.${field[name]}`,
    );
    if (problem) refuse(problem.message, problem.field);
    if (intent.policyName !== undefined && nameTaken(organization, intent.policyName, intent.policyId))
      refuse(POLICY_NAME_TAKEN, 'parameters.policyName');
  }
}

const notFound = (policyId: string): Outcome =>
  failed(GrpcCode.NotFound, `policy not found: no policy with ID ${policyId} in this organization`, 'NOT_FOUND');

function tooMany(count: number): Outcome {
  return failed(
    GrpcCode.ResourceExhausted,
    `this organization would have ${count} policies; the limit is ${MAX_POLICIES_PER_ORGANIZATION}`,
    'RESOURCE_LIMIT_EXCEEDED',
  );
}

/** A policy's record: an expression left out is absent (no constraint), not "". */
function policyRecord(
  fields: Omit<PolicyRecord, 'createdAtMs' | 'updatedAtMs' | 'condition' | 'consensus' | 'time'> & Expressions,
  createdAtMs: number,
  updatedAtMs: number,
): PolicyRecord {
  const { condition, consensus, time, ...rest } = fields;
  return {
    ...rest,
    ...(condition !== undefined ? { condition } : {}),
    ...(consensus !== undefined ? { consensus } : {}),
    ...(time !== undefined ? { time } : {}),
    createdAtMs,
    updatedAtMs,
  };
}

/** create_policy and create_policies: all of them or none (names unique among them too). */
function createPolicies(activity: ActivityRecord, organization: Organization, now: number): Outcome {
  const single = activity.type === ActivityType.CreatePolicyV3;
  const operation = single ? operations.createPolicy : operations.createPolicies;
  const raw = activity.intent[operation.intentKey];
  const intents = single
    ? [operations.createPolicy.parameters.parse(raw)]
    : operations.createPolicies.parameters.parse(raw).policies;
  const names = new Set<string>();
  for (const intent of intents) {
    if (names.has(intent.policyName) || nameTaken(organization, intent.policyName))
      return failed(GrpcCode.InvalidArgument, POLICY_NAME_TAKEN, 'REQUEST_INVALID');
    names.add(intent.policyName);
  }
  const count = organization.policies.size + intents.length;
  if (count > MAX_POLICIES_PER_ORGANIZATION) return tooMany(count);
  const records = intents.map((intent) => policyRecord({ ...intent, policyId: randomUUID() }, now, now));
  const policyIds = records.map((r) => r.policyId);
  const { organizationId } = organization.record;
  return {
    ...completed(single ? { createPolicyResult: { policyId: policyIds[0] } } : { createPoliciesResult: { policyIds } }),
    effects: [{ op: 'putPolicies', organizationId, records }],
  };
}

/** update_policy: a field left out keeps its value; one given replaces it. */
function updatePolicy(activity: ActivityRecord, organization: Organization, now: number): Outcome {
  const operation = operations.updatePolicy;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
  const current = organization.policies.byId.get(intent.policyId);
  if (!current) return notFound(intent.policyId);
  const policyName = intent.policyName ?? current.policyName;
  if (nameTaken(organization, policyName, current.policyId))
    return failed(GrpcCode.InvalidArgument, POLICY_NAME_TAKEN, 'REQUEST_INVALID');
  const record = policyRecord(
    {
      policyId: current.policyId,
      policyName,
      effect: intent.policyEffect ?? current.effect,
      condition: intent.policyCondition ?? current.condition,
      consensus: intent.policyConsensus ?? current.consensus,
      time: intent.time ?? current.time,
      notes: intent.policyNotes ?? current.notes,
    },
    current.createdAtMs,
    now,
  );
  return {
    ...completed({ updatePolicyResultV2: { policyId: current.policyId } }),
    effects: [{ op: 'putPolicies', organizationId: organization.record.organizationId, records: [record] }],
  };
}

/** delete_policy and delete_policies: all of them or none. */
function deletePolicies(activity: ActivityRecord, organization: Organization): Outcome {
  const single = activity.type === ActivityType.DeletePolicy;
  const raw = activity.intent[(single ? operations.deletePolicy : operations.deletePolicies).intentKey];
  const policyIds = single
    ? [operations.deletePolicy.parameters.parse(raw).policyId]
    : [...new Set(operations.deletePolicies.parameters.parse(raw).policyIds)];
  const missing = policyIds.find((id) => !organization.policies.byId.has(id));
  if (missing !== undefined) return notFound(missing);
  return {
    ...completed(single ? { deletePolicyResult: { policyId: policyIds[0] } } : { deletePoliciesResult: { policyIds } }),
    effects: [{ op: 'deletePolicies', organizationId: organization.record.organizationId, policyIds }],
  };
}

export const policyRules = {
  [ActivityType.CreatePolicyV3]: createPolicies,
  [ActivityType.CreatePolicies]: createPolicies,
  [ActivityType.UpdatePolicyV2]: updatePolicy,
  [ActivityType.DeletePolicy]: deletePolicies,
  [ActivityType.DeletePolicies]: deletePolicies,
} as const;
