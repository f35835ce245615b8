/**
 * How activities run: idempotency by a fingerprint of the body, the organization's root quorum, votes
 * with a 24-hour window, and the execution rules of each activity type. A change is applied to the
 * in-memory state at once (so two racing requests see each other) and acknowledged only once the
 * journal holds it.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  ActivityType,
  API_KEY_SIGNATURE_SCHEME,
  GrpcCode,
  SMART_CONTRACT_INTERFACE_MAX_BYTES,
  timestampFromMs,
  validateAbi,
  type SubmitOperation,
} from '../api';
import type { AppProofSigner } from './appProofs';
import { removeOrganizationFeature, setOrganizationFeature, type FeatureIntent } from './organizationFeatures';
import { RpcError, rpcStatusBody } from './rpcError';
import {
  callerPublicKey,
  type ActivityRecord,
  type ApiKeyRecord,
  type AuthenticatorRecord,
  type Caller,
  type Effect,
  type Organization,
  type RpcStatusBody,
  type SandboxRecord,
  type SandboxState,
  type UserRecord,
  type VoteRecord,
} from './state';
import type { Storage } from './storage/storage';

export const APPROVAL_WINDOW_MS = 24 * 60 * 60_000;
/** The service's limits on private key tags: 100 in an organization, 10 in a sub-organization. */
export const TAG_LIMIT = 100;
export const SUB_ORGANIZATION_TAG_LIMIT = 10;

const CONSENSUS_NEEDED = 'ACTIVITY_STATUS_CONSENSUS_NEEDED';
const COMPLETED = 'ACTIVITY_STATUS_COMPLETED';
const FAILED = 'ACTIVITY_STATUS_FAILED';
const REJECTED = 'ACTIVITY_STATUS_REJECTED';

export interface Submission {
  readonly operation: SubmitOperation;
  readonly organization: Organization;
  readonly caller: Caller;
  readonly timestampMs: string;
  readonly parameters: Record<string, unknown>;
  readonly generateAppProofs: boolean;
  /** The exact bytes received: their hash is the fingerprint, and they are what the voter signed. */
  readonly rawBody: Buffer;
}

interface Outcome {
  readonly status: string;
  readonly result: Record<string, unknown>;
  readonly failure?: RpcStatusBody;
  readonly effects: readonly Effect[];
}

const failed = (code: number, message: string, turnkeyErrorCode: string): Outcome => ({
  status: FAILED,
  result: {},
  failure: rpcStatusBody(code, message, turnkeyErrorCode),
  effects: [],
});

export function fingerprintOf(body: Buffer): string {
  return `sha256:${createHash('sha256').update(body).digest('hex')}`;
}

export class ActivityEngine {
  readonly #state: SandboxState;
  readonly #storage: Storage;
  readonly #now: () => number;
  readonly #proofs: AppProofSigner;
  /** The latest append: records become durable in order, so awaiting it covers every earlier change. */
  #lastAppend: Promise<void> = Promise.resolve();

  constructor(state: SandboxState, storage: Storage, now: () => number, proofs: AppProofSigner) {
    this.#state = state;
    this.#storage = storage;
    this.#now = now;
    this.#proofs = proofs;
  }

  get state(): SandboxState {
    return this.#state;
  }

  /**
   * Applies a change and resolves once it is durable. Should the disk fail, the request fails and the
   * journal refuses every later write, so nothing more is acknowledged; the next start reads the journal.
   */
  commit(record: SandboxRecord): Promise<void> {
    this.#state.apply(record);
    const appended = this.#storage.append(record);
    this.#lastAppend = appended.catch(() => undefined);
    return appended;
  }

  /** Registers one more API key for a user (used by tests to exercise expiry). */
  addApiKey(organizationId: string, userId: string, record: ApiKeyRecord): Promise<void> {
    return this.commit({ kind: 'effects', effects: [{ op: 'putApiKey', organizationId, userId, record }] });
  }

  /** Registers a passkey for a user (used by tests; the sandbox serves no create_authenticators yet). */
  addAuthenticator(organizationId: string, userId: string, record: AuthenticatorRecord): Promise<void> {
    return this.commit({ kind: 'effects', effects: [{ op: 'putAuthenticator', organizationId, userId, record }] });
  }

  async submit(submission: Submission): Promise<ActivityRecord> {
    const fingerprint = fingerprintOf(submission.rawBody);
    const existing = this.#state.activitiesByFingerprint.get(fingerprint);
    if (existing) {
      // An identical body is the same activity; it may still be on its way to the disk.
      await this.#lastAppend;
      return existing;
    }
    const { operation } = submission;
    if (
      operation.activityType === ActivityType.ApproveActivity ||
      operation.activityType === ActivityType.RejectActivity
    ) {
      return this.#vote(submission, fingerprint);
    }
    const now = this.#now();
    const activity = newActivityRecord(submission, fingerprint, CONSENSUS_NEEDED, now);
    // The submitter's request is the first approval.
    activity.votes.push(this.#newVote(submission, 'VOTE_SELECTION_APPROVED', now));
    let effects: readonly Effect[] = [];
    if (this.#liveApprovals(activity, now) >= submission.organization.record.rootQuorum) {
      effects = this.#execute(activity, submission.organization, now);
    }
    await this.commit({ kind: 'activities', activities: [activity], effects });
    return activity;
  }

  async #vote(submission: Submission, fingerprint: string): Promise<ActivityRecord> {
    const { operation, organization, caller } = submission;
    const targetFingerprint = String(submission.parameters['fingerprint']);
    const target = this.#state.activitiesByFingerprint.get(targetFingerprint);
    if (!target) {
      throw new RpcError(
        GrpcCode.NotFound,
        'No activity found with fingerprint. Consensus activities must target an existing activity by fingerprint',
        'FINGERPRINT_NOT_FOUND',
      );
    }
    if (target.organizationId !== organization.record.organizationId) {
      throw new RpcError(
        GrpcCode.InvalidArgument,
        'organization mismatch: the activity belongs to another organization',
        'ORGANIZATION_MISMATCH',
      );
    }
    const now = this.#now();
    const approving = operation.activityType === ActivityType.ApproveActivity;
    const vote = newActivityRecord(submission, fingerprint, COMPLETED, now);
    const refusal = this.#voteRefusal(target, organization, caller.user.userId, now);
    let effects: readonly Effect[] = [];
    const changed: ActivityRecord[] = [vote];
    if (refusal) {
      Object.assign(vote, { status: FAILED, failure: refusal });
    } else {
      if (now >= target.windowStartMs + APPROVAL_WINDOW_MS) target.windowStartMs = now; // earlier approvals expired
      const selection = approving ? 'VOTE_SELECTION_APPROVED' : 'VOTE_SELECTION_REJECTED';
      target.votes.push(this.#newVote(submission, selection, now));
      target.updatedAtMs = now;
      if (!approving) target.status = REJECTED;
      else if (this.#liveApprovals(target, now) >= organization.record.rootQuorum)
        effects = this.#execute(target, organization, now);
      changed.push(target);
      // As the API document says: approving returns the approved activity's result once it completed.
      if (approving && target.status === COMPLETED) vote.result = { ...target.result };
    }
    if (vote.generateAppProofs && vote.status === COMPLETED) vote.appProofs = [this.#proofs.proveActivity(vote, now)];
    await this.commit({ kind: 'activities', activities: changed, effects });
    return vote;
  }

  #voteRefusal(
    target: ActivityRecord,
    organization: Organization,
    userId: string,
    now: number,
  ): RpcStatusBody | undefined {
    if (target.status !== CONSENSUS_NEEDED) {
      return rpcStatusBody(
        GrpcCode.FailedPrecondition,
        `activity ${target.id} is not awaiting consensus (its status is ${target.status})`,
        'ACTIVITY_NOT_AWAITING_CONSENSUS',
      );
    }
    if (!this.#isVoter(organization, userId)) {
      return rpcStatusBody(
        GrpcCode.PermissionDenied,
        'request not authorized: only root users of the organization can vote on its activities',
        'REQUEST_NOT_AUTHORIZED',
      );
    }
    if (this.#hasLiveVote(target, userId, now)) {
      return rpcStatusBody(
        GrpcCode.FailedPrecondition,
        `user ${userId} has already voted on activity ${target.id}`,
        'ACTIVITY_ALREADY_VOTED',
      );
    }
    return undefined;
  }

  #newVote(submission: Submission, selection: VoteRecord['selection'], now: number): VoteRecord {
    return {
      id: randomUUID(),
      userId: submission.caller.user.userId,
      selection,
      // What was signed, by its digest: the body itself can be 400 KB, and it is already the intent.
      message: fingerprintOf(submission.rawBody),
      publicKey: callerPublicKey(submission.caller),
      createdAtMs: now,
    };
  }

  /** Root users of the organization or of its parent may vote. */
  #isVoter(organization: Organization, userId: string): boolean {
    if (organization.record.rootUserIds.includes(userId)) return true;
    const parentId = organization.record.parentOrganizationId;
    const parent = parentId === null ? undefined : this.#state.organizations.get(parentId);
    return parent?.record.rootUserIds.includes(userId) ?? false;
  }

  #liveVotes(activity: ActivityRecord, now: number): VoteRecord[] {
    if (now >= activity.windowStartMs + APPROVAL_WINDOW_MS) return [];
    return activity.votes.filter((v) => v.createdAtMs >= activity.windowStartMs);
  }

  #liveApprovals(activity: ActivityRecord, now: number): number {
    return new Set(
      this.#liveVotes(activity, now)
        .filter((v) => v.selection === 'VOTE_SELECTION_APPROVED')
        .map((v) => v.userId),
    ).size;
  }

  #hasLiveVote(activity: ActivityRecord, userId: string, now: number): boolean {
    return this.#liveVotes(activity, now).some((v) => v.userId === userId);
  }

  /** Runs the activity: sets its status, result or failure, and returns the changes to the organization. */
  #execute(activity: ActivityRecord, organization: Organization, now: number): readonly Effect[] {
    let outcome: Outcome;
    try {
      outcome = this.#outcome(activity, organization, now);
    } catch {
      // Execution never throws half-way: the activity fails whole, and nothing else changes.
      outcome = failed(GrpcCode.Internal, `internal error while executing activity ${activity.id}`, 'INTERNAL');
    }
    activity.status = outcome.status;
    activity.result = outcome.result;
    if (outcome.failure) activity.failure = outcome.failure;
    activity.updatedAtMs = now;
    if (activity.generateAppProofs && outcome.status === COMPLETED)
      activity.appProofs = [this.#proofs.proveActivity(activity, now)];
    return outcome.effects;
  }

  #outcome(activity: ActivityRecord, organization: Organization, now: number): Outcome {
    const organizationId = organization.record.organizationId;
    switch (activity.type) {
      case ActivityType.CreateSmartContractInterface:
        return createSmartContractInterface(
          activity.intent['createSmartContractInterfaceIntent'] as Record<string, string>,
          organizationId,
          now,
        );
      case ActivityType.CreatePrivateKeyTag:
        return createPrivateKeyTag(
          activity.intent['createPrivateKeyTagIntent'] as { privateKeyTagName: string; privateKeyIds: string[] },
          organization,
          now,
        );
      case ActivityType.DeleteSmartContractInterface: {
        const { smartContractInterfaceId } = activity.intent['deleteSmartContractInterfaceIntent'] as {
          smartContractInterfaceId: string;
        };
        if (!organization.interfaces.has(smartContractInterfaceId)) {
          return failed(
            GrpcCode.NotFound,
            `smart contract interface not found: no smart contract interface with ID ${smartContractInterfaceId} in this organization`,
            'NOT_FOUND',
          );
        }
        return {
          status: COMPLETED,
          result: { deleteSmartContractInterfaceResult: { smartContractInterfaceId } },
          effects: [{ op: 'deleteInterface', organizationId, smartContractInterfaceId }],
        };
      }
      case ActivityType.DeleteSubOrganization:
        return this.#deleteSubOrganization(activity, organization);
      case ActivityType.SetOrganizationFeature:
        return setOrganizationFeature(activity.intent['setOrganizationFeatureIntent'] as FeatureIntent, organization);
      case ActivityType.RemoveOrganizationFeature:
        return removeOrganizationFeature(
          activity.intent['removeOrganizationFeatureIntent'] as FeatureIntent,
          organization,
        );
      default:
        return failed(
          GrpcCode.Unimplemented,
          `activity type ${activity.type} is not implemented by the local sandbox`,
          'UNIMPLEMENTED',
        );
    }
  }

  #deleteSubOrganization(activity: ActivityRecord, organization: Organization): Outcome {
    const organizationId = organization.record.organizationId;
    if (organization.record.parentOrganizationId === null) {
      return failed(
        GrpcCode.FailedPrecondition,
        `organization ${organizationId} is not a sub-organization`,
        'REQUEST_INVALID',
      );
    }
    if (
      activity.initiatorOrganizationId !== organizationId ||
      !organization.record.rootUserIds.includes(activity.initiatorUserId)
    ) {
      return failed(
        GrpcCode.PermissionDenied,
        'request not authorized: a sub-organization can only be deleted by a root user of that sub-organization',
        'REQUEST_NOT_AUTHORIZED',
      );
    }
    const { deleteWithoutExport } = activity.intent['deleteSubOrganizationIntent'] as { deleteWithoutExport?: boolean };
    const unexported = organization.record.privateKeys.filter((k) => !k.exported);
    if (unexported.length > 0 && deleteWithoutExport !== true) {
      return failed(
        GrpcCode.FailedPrecondition,
        `the sub-organization holds ${unexported.length} private key(s) that have not been exported; export them first or set deleteWithoutExport to true`,
        'REQUEST_INVALID',
      );
    }
    return {
      status: COMPLETED,
      result: { deleteSubOrganizationResult: { subOrganizationUuid: organizationId } },
      effects: [{ op: 'deleteOrganization', organizationId }],
    };
  }

  // ---- rendering ----

  /**
   * The activity as the wire carries it, for the user who asks (canApprove/canReject depend on them).
   * `nested` adds the API document's `result.activity` record, which submit and get_activity answers
   * carry; listings leave it out, since it would double the size of every interface they hold.
   */
  render(activity: ActivityRecord, viewerUserId: string, nested = true): Record<string, unknown> {
    const now = this.#now();
    const organization = this.#state.organizations.get(activity.organizationId);
    const canVote =
      activity.status === CONSENSUS_NEEDED &&
      organization !== undefined &&
      this.#isVoter(organization, viewerUserId) &&
      !this.#hasLiveVote(activity, viewerUserId, now);
    const core: Record<string, unknown> = {
      id: activity.id,
      organizationId: activity.organizationId,
      status: activity.status,
      type: activity.type,
      intent: activity.intent,
      result: activity.result,
      votes: activity.votes.map((v) => this.#renderVote(v, activity.id)),
      fingerprint: activity.fingerprint,
      canApprove: canVote,
      canReject: canVote,
      createdAt: timestampFromMs(activity.createdAtMs),
      updatedAt: timestampFromMs(activity.updatedAtMs),
    };
    if (activity.failure) core['failure'] = activity.failure;
    if (activity.appProofs) core['appProofs'] = activity.appProofs;
    // Both readings at once: the spec's fields on the activity, the API document's nested record in result.
    return nested
      ? { ...core, timestampMs: activity.timestampMs, result: { ...activity.result, activity: core } }
      : { ...core, timestampMs: activity.timestampMs };
  }

  #renderVote(vote: VoteRecord, activityId: string): Record<string, unknown> {
    const user = this.#state.usersById.get(vote.userId);
    return {
      id: vote.id,
      userId: vote.userId,
      user: user ? renderUser(user) : { userId: vote.userId },
      activityId,
      selection: vote.selection,
      message: vote.message,
      publicKey: vote.publicKey,
      // The stamp's signature is not kept: stamps never reach the disk.
      signature: '',
      scheme: API_KEY_SIGNATURE_SCHEME,
      createdAt: timestampFromMs(vote.createdAtMs),
    };
  }
}

/** A new activity for a submission, stamped by its caller, with no votes or result yet. */
function newActivityRecord(submission: Submission, fingerprint: string, status: string, now: number): ActivityRecord {
  const { operation, caller } = submission;
  return {
    id: randomUUID(),
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

export function renderApiKey(key: ApiKeyRecord): Record<string, unknown> {
  return {
    credential: { publicKey: key.publicKey, type: 'CREDENTIAL_TYPE_API_KEY_P256' },
    apiKeyId: key.apiKeyId,
    apiKeyName: key.apiKeyName,
    createdAt: timestampFromMs(key.createdAtMs),
    updatedAt: timestampFromMs(key.createdAtMs),
    ...(key.expirationSeconds !== undefined ? { expirationSeconds: key.expirationSeconds } : {}),
  };
}

/** A passkey as the service lists it. The sandbox keeps no attestation, so those fields are the "none" values. */
export function renderAuthenticator(authenticator: AuthenticatorRecord): Record<string, unknown> {
  return {
    transports: ['AUTHENTICATOR_TRANSPORT_INTERNAL'],
    attestationType: 'none',
    aaguid: '00000000-0000-0000-0000-000000000000',
    credentialId: authenticator.credentialId,
    model: 'Passkey',
    credential: { publicKey: authenticator.publicKey, type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR' },
    authenticatorId: authenticator.authenticatorId,
    authenticatorName: authenticator.authenticatorName,
    createdAt: timestampFromMs(authenticator.createdAtMs),
    updatedAt: timestampFromMs(authenticator.createdAtMs),
  };
}

export function renderUser(user: UserRecord): Record<string, unknown> {
  return {
    userId: user.userId,
    userName: user.userName,
    authenticators: (user.authenticators ?? []).map(renderAuthenticator),
    apiKeys: user.apiKeys.map(renderApiKey),
    userTags: [],
    oauthProviders: [],
    createdAt: timestampFromMs(user.createdAtMs),
    updatedAt: timestampFromMs(user.createdAtMs),
    mfaPolicies: [],
  };
}

// ---- execution rules ----

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
/** Real ABIs nest tuples a few levels deep; a limit keeps the recursive ABI check off the stack's edge. */
const MAX_INTERFACE_DEPTH = 64;

/** How deeply a parsed JSON value nests, measured without recursion. */
function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth);
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

function createSmartContractInterface(intent: Record<string, string>, organizationId: string, now: number): Outcome {
  const { smartContractAddress = '', smartContractInterface = '', type = '', label = '', notes = '' } = intent;
  const ethereum = type === 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM';
  if (ethereum && !/^0x[0-9a-fA-F]{40}$/.test(smartContractAddress)) {
    return failed(
      GrpcCode.InvalidArgument,
      'invalid smart contract address: an Ethereum address is 0x followed by 40 hex characters',
      'REQUEST_INVALID',
    );
  }
  if (!ethereum && !BASE58.test(smartContractAddress)) {
    return failed(
      GrpcCode.InvalidArgument,
      'invalid smart contract address: a Solana address is 32 to 44 base58 characters',
      'REQUEST_INVALID',
    );
  }
  const bytes = Buffer.byteLength(smartContractInterface, 'utf8');
  if (bytes > SMART_CONTRACT_INTERFACE_MAX_BYTES) {
    return failed(
      GrpcCode.InvalidArgument,
      `smart contract interface is too large: ${bytes} bytes, the limit is 400kb (${SMART_CONTRACT_INTERFACE_MAX_BYTES} bytes)`,
      'REQUEST_INVALID',
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(smartContractInterface);
  } catch {
    return failed(
      GrpcCode.InvalidArgument,
      'invalid smart contract interface: it is not valid JSON',
      'REQUEST_INVALID',
    );
  }
  if (jsonDepth(parsed) > MAX_INTERFACE_DEPTH) {
    return failed(
      GrpcCode.InvalidArgument,
      `invalid smart contract interface: it nests deeper than ${MAX_INTERFACE_DEPTH} levels`,
      'REQUEST_INVALID',
    );
  }
  if (ethereum) {
    const problems = validateAbi(parsed).errors;
    if (problems.length > 0) {
      return failed(
        GrpcCode.InvalidArgument,
        `invalid smart contract interface: not a valid ABI: ${problems[0]}`,
        'REQUEST_INVALID',
      );
    }
  } else if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return failed(
      GrpcCode.InvalidArgument,
      'invalid smart contract interface: a Solana IDL is a JSON object',
      'REQUEST_INVALID',
    );
  }
  const smartContractInterfaceId = randomUUID();
  return {
    status: COMPLETED,
    result: { createSmartContractInterfaceResult: { smartContractInterfaceId } },
    effects: [
      {
        op: 'putInterface',
        organizationId,
        record: {
          smartContractInterfaceId,
          smartContractAddress,
          smartContractInterface,
          type,
          label,
          notes,
          createdAtMs: now,
        },
      },
    ],
  };
}

function createPrivateKeyTag(
  intent: { privateKeyTagName: string; privateKeyIds: string[] },
  organization: Organization,
  now: number,
): Outcome {
  const { privateKeyTagName } = intent;
  for (const tag of organization.tags.values()) {
    if (tag.tagName === privateKeyTagName) {
      return failed(
        GrpcCode.AlreadyExists,
        `a private key tag named "${privateKeyTagName}" already exists in this organization`,
        'REQUEST_INVALID',
      );
    }
  }
  const limit = organization.record.parentOrganizationId === null ? TAG_LIMIT : SUB_ORGANIZATION_TAG_LIMIT;
  if (organization.tags.size >= limit) {
    return failed(
      GrpcCode.ResourceExhausted,
      `this organization already has ${limit} tags, the limit`,
      'RESOURCE_LIMIT_EXCEEDED',
    );
  }
  const privateKeyIds = [...new Set(intent.privateKeyIds)];
  const known = new Set(organization.record.privateKeys.map((k) => k.privateKeyId));
  const missing = privateKeyIds.find((id) => !known.has(id));
  if (missing !== undefined) {
    return failed(
      GrpcCode.NotFound,
      `private key not found: no private key with ID ${missing} in this organization`,
      'NOT_FOUND',
    );
  }
  const privateKeyTagId = randomUUID();
  return {
    status: COMPLETED,
    result: { createPrivateKeyTagResult: { privateKeyTagId, privateKeyIds } },
    effects: [
      {
        op: 'putTag',
        organizationId: organization.record.organizationId,
        record: { tagId: privateKeyTagId, tagName: privateKeyTagName, privateKeyIds, createdAtMs: now },
      },
    ],
  };
}
