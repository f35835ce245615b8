/**
 * The plain rules around votes that the engine (activityEngine.ts) applies: which votes still count (the 24-hour
 * window), the refusals a vote can get, and the records a submission or a vote starts from.
 */
import { GrpcCode, type KnownActivityStatus } from '../api';
import type { PolicyEvaluationRecord } from './policyRecords';
import { RpcError, rpcStatusBody } from './rpcError';
import type { ActivityRecord, Caller, Effect, Organization, RpcStatusBody, VoteRecord } from './state';

export const APPROVAL_WINDOW_MS = 24 * 60 * 60_000;

/** The votes of the current window: none once it has closed (the approvals expired). */
export function liveVotes(activity: ActivityRecord, now: number): VoteRecord[] {
  if (now >= activity.windowStartMs + APPROVAL_WINDOW_MS) return [];
  return activity.votes.filter((v) => v.createdAtMs >= activity.windowStartMs);
}

export function hasLiveVote(activity: ActivityRecord, userId: string, now: number): boolean {
  return liveVotes(activity, now).some((v) => v.userId === userId);
}

/**
 * A vote from a user whose approval could not change the outcome (neither a root user of the organization nor
 * named by the consensus of a policy waiting for it). Approving is itself an activity the policy engine judges,
 * and users may approve only what a consensus names them in; like every denial it is answered synchronously with
 * gRPC 7 (HTTP 403), and nothing is stored.
 */
export function voteNotAuthorized(): RpcError {
  return new RpcError(
    GrpcCode.PermissionDenied,
    'request not authorized: only root users of the organization, and users the consensus of a policy waiting for approval names, can vote on its activities',
    'REQUEST_NOT_AUTHORIZED',
  );
}

/** The failure of a vote on an activity that no longer awaits consensus (the vote itself is stored, FAILED). */
export function notAwaitingConsensus(target: ActivityRecord): RpcStatusBody {
  return rpcStatusBody(
    GrpcCode.FailedPrecondition,
    `activity ${target.id} is not awaiting consensus (its status is ${target.status})`,
    'ACTIVITY_NOT_AWAITING_CONSENSUS',
  );
}

/** The failure of a second vote by the same user in the same window (the vote itself is stored, FAILED). */
export function alreadyVoted(target: ActivityRecord, userId: string): RpcStatusBody {
  return rpcStatusBody(
    GrpcCode.FailedPrecondition,
    `user ${userId} has already voted on activity ${target.id}`,
    'ACTIVITY_ALREADY_VOTED',
  );
}

/** The record of a judgement's evaluation (or a rejection), kept with the change it led to. */
export function evaluationEffect(organization: Organization, record: PolicyEvaluationRecord): Effect {
  return { op: 'putPolicyEvaluation', organizationId: organization.record.organizationId, record };
}

/** What a new activity is made of: its submission as received. */
export interface ActivitySubmission {
  readonly operation: { readonly activityType: string; readonly intentKey: string };
  readonly organization: Organization;
  readonly caller: Caller;
  readonly timestampMs: string;
  readonly parameters: Record<string, unknown>;
  readonly generateAppProofs: boolean;
}

/** A new activity for a submission, stamped by its caller, with no votes or result yet. */
export function newActivityRecord(
  submission: ActivitySubmission,
  id: string,
  fingerprint: string,
  status: KnownActivityStatus,
  now: number,
): ActivityRecord {
  const { operation, caller } = submission;
  return {
    id,
    organizationId: submission.organization.record.organizationId,
    type: operation.activityType,
    fingerprint,
    timestampMs: submission.timestampMs,
    intent: { [operation.intentKey]: submission.parameters },
    status,
    result: {},
    votes: [],
    generateAppProofs: submission.generateAppProofs,
    createdAtMs: now,
    updatedAtMs: now,
    windowStartMs: now,
    initiatorUserId: caller.user.userId,
    initiatorOrganizationId: caller.organization.record.organizationId,
  };
}
