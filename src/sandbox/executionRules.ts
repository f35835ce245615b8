/**
 * What each activity type does once its quorum is met: one function per type. Each reads its intent
 * through the operation's own `parameters` schema (the one the request was checked against), and
 * returns the outcome: a status, a result or failure, and the changes to make to the organization.
 */
import { randomUUID } from 'node:crypto';
import { ActivityType, GrpcCode, SMART_CONTRACT_INTERFACE_MAX_BYTES } from '../api';
import { operations, validateAbi } from '../api/remote';
import { createAuthenticators, deleteAuthenticators } from './authenticatorRules';
import { failed, type Outcome } from './outcome';
import { removeOrganizationFeature, setOrganizationFeature } from './organizationFeatures';
import { policyRules } from './policyRules';
import {
  createUsers,
  createUserTag,
  deleteUserTags,
  tagLimitOf,
  tagLimitReached,
  tagsHeld,
  updateRootQuorum,
  updateUserTag,
} from './peopleRules';
import { createPrivateKeys, updatePrivateKeyTag } from './privateKeyRules';
import { createApiKeys, deleteApiKeys, deleteUsers, updateUser } from './peopleOperations';
import { exportPrivateKey, importPrivateKey, initImportPrivateKey } from './keyTransferRules';
import { createSubOrganization } from './subOrganizations';
import { signRawPayload, signRawPayloads, signTransaction } from './signingRules';
import { walletRules } from './wallets/walletRules';
import { walletTransferRules } from './wallets/walletTransferRules';
import { interfaceCreated, type ActivityRecord, type Organization, type SandboxState } from './state';

export { SUB_ORGANIZATION_TAG_LIMIT, TAG_LIMIT } from './limits';

export { failed, type Outcome } from './outcome';

/** `state` is what is durable, for the rules that read beyond the organization (a passkey's lineage). */
type Rule = (activity: ActivityRecord, organization: Organization, now: number, state: SandboxState) => Outcome;

const rules: Readonly<Record<string, Rule>> = {
  [ActivityType.CreateSmartContractInterface]: createSmartContractInterface,
  [ActivityType.CreatePrivateKeyTag]: createPrivateKeyTag,
  [ActivityType.DeleteSmartContractInterface]: deleteSmartContractInterface,
  [ActivityType.DeleteSubOrganization]: deleteSubOrganization,
  [ActivityType.SignTransactionV2]: signTransaction,
  [ActivityType.SignRawPayloadV2]: signRawPayload,
  [ActivityType.SetOrganizationFeature]: setOrganizationFeature,
  [ActivityType.RemoveOrganizationFeature]: removeOrganizationFeature,
  [ActivityType.CreateAuthenticatorsV2]: createAuthenticators,
  [ActivityType.DeleteAuthenticators]: deleteAuthenticators,
  ...policyRules,
  [ActivityType.CreateUsersV4]: createUsers,
  [ActivityType.CreateUserTag]: createUserTag,
  [ActivityType.UpdateUserTag]: updateUserTag,
  [ActivityType.DeleteUserTags]: deleteUserTags,
  [ActivityType.UpdateRootQuorum]: updateRootQuorum,
  [ActivityType.CreatePrivateKeysV2]: createPrivateKeys,
  [ActivityType.UpdatePrivateKeyTag]: updatePrivateKeyTag,
  // Sub-organizations
  [ActivityType.CreateSubOrganizationV8]: createSubOrganization,
  // People
  [ActivityType.CreateApiKeysV2]: createApiKeys,
  [ActivityType.DeleteApiKeys]: deleteApiKeys,
  [ActivityType.DeleteUsers]: deleteUsers,
  [ActivityType.UpdateUser]: updateUser,
  // Export and import
  [ActivityType.ExportPrivateKey]: exportPrivateKey,
  [ActivityType.InitImportPrivateKey]: initImportPrivateKey,
  [ActivityType.ImportPrivateKey]: importPrivateKey,
  // Wallets
  ...walletRules,
  ...walletTransferRules,
  [ActivityType.SignRawPayloads]: signRawPayloads,
};

/** Whether running an activity of this type reads the organization's state (its tags, interfaces, keys). */
export function readsOrganization(type: string): boolean {
  return type !== ActivityType.CreateSmartContractInterface;
}

/** Whether running it reads every organization of the lineage too: a credential id is unique across it. */
export function readsLineage(type: string): boolean {
  return type === ActivityType.CreateAuthenticatorsV2 || type === ActivityType.CreateSubOrganizationV8;
}

/** The outcome of running the activity now; throws only on a programming error (the caller fails it whole). */
export function outcomeOf(
  activity: ActivityRecord,
  organization: Organization,
  now: number,
  state: SandboxState,
): Outcome {
  const rule = rules[activity.type];
  if (!rule) {
    return failed(
      GrpcCode.Unimplemented,
      `activity type ${activity.type} is not implemented by the local sandbox`,
      'UNIMPLEMENTED',
    );
  }
  return rule(activity, organization, now, state);
}

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

/** Why a smart contract interface cannot be registered, or undefined when it can. */
function interfaceProblem(address: string, text: string, ethereum: boolean): string | undefined {
  if (ethereum && !/^0x[0-9a-fA-F]{40}$/.test(address))
    return 'invalid smart contract address: an Ethereum address is 0x followed by 40 hex characters';
  if (!ethereum && !BASE58.test(address))
    return 'invalid smart contract address: a Solana address is 32 to 44 base58 characters';
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > SMART_CONTRACT_INTERFACE_MAX_BYTES)
    return `smart contract interface is too large: ${bytes} bytes, the limit is 400kb (${SMART_CONTRACT_INTERFACE_MAX_BYTES} bytes)`;
  const key = `${ethereum ? 'e' : 's'}${text}`;
  if (text.length <= CHECKED_TEXT_MAX_CHARS && checkedTexts.has(key)) return checkedTexts.get(key);
  const problem = textProblem(text, ethereum);
  if (text.length <= CHECKED_TEXT_MAX_CHARS) {
    if (checkedTexts.size >= CHECKED_TEXTS) checkedTexts.delete(checkedTexts.keys().next().value as string);
    checkedTexts.set(key, problem);
  }
  return problem;
}

/**
 * The verdicts on the last interface texts checked: an organization registers the same ABI for many addresses
 * (every deployment of a token), and parsing and checking it again each time was a good part of a submission's
 * cost. Only texts up to 64 KB are kept, the oldest dropped first, so it holds a few megabytes at most.
 */
const checkedTexts = new Map<string, string | undefined>();
const CHECKED_TEXTS = 32;
const CHECKED_TEXT_MAX_CHARS = 64 * 1024;

function textProblem(text: string, ethereum: boolean): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'invalid smart contract interface: it is not valid JSON';
  }
  if (jsonDepth(parsed) > MAX_INTERFACE_DEPTH)
    return `invalid smart contract interface: it nests deeper than ${MAX_INTERFACE_DEPTH} levels`;
  if (ethereum) {
    const problems = validateAbi(parsed).errors;
    if (problems.length > 0) return `invalid smart contract interface: not a valid ABI: ${problems[0]}`;
  } else if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return 'invalid smart contract interface: a Solana IDL is a JSON object';
  }
  return undefined;
}

function createSmartContractInterface(activity: ActivityRecord, organization: Organization, now: number): Outcome {
  const operation = operations.createSmartContractInterface;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
  const { smartContractAddress, smartContractInterface, type } = intent;
  const problem = interfaceProblem(
    smartContractAddress,
    smartContractInterface,
    type === 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
  );
  if (problem !== undefined) return failed(GrpcCode.InvalidArgument, problem, 'REQUEST_INVALID');
  const smartContractInterfaceId = randomUUID();
  return {
    status: 'ACTIVITY_STATUS_COMPLETED',
    result: { createSmartContractInterfaceResult: { smartContractInterfaceId } },
    // The interface is the intent as checked above (the schema changes no value), so it is stored once.
    effects: [interfaceCreated(organization.record.organizationId, activity.id, smartContractInterfaceId, now)],
  };
}

function createPrivateKeyTag(activity: ActivityRecord, organization: Organization, now: number): Outcome {
  const operation = operations.createPrivateKeyTag;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
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
  // Private key tags and user tags count together.
  const limit = tagLimitOf(organization);
  if (tagsHeld(organization) >= limit) return tagLimitReached(limit);
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
    status: 'ACTIVITY_STATUS_COMPLETED',
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

function deleteSmartContractInterface(activity: ActivityRecord, organization: Organization): Outcome {
  const operation = operations.deleteSmartContractInterface;
  const { smartContractInterfaceId } = operation.parameters.parse(activity.intent[operation.intentKey]);
  if (!organization.interfaces.has(smartContractInterfaceId)) {
    return failed(
      GrpcCode.NotFound,
      `smart contract interface not found: no smart contract interface with ID ${smartContractInterfaceId} in this organization`,
      'NOT_FOUND',
    );
  }
  return {
    status: 'ACTIVITY_STATUS_COMPLETED',
    result: { deleteSmartContractInterfaceResult: { smartContractInterfaceId } },
    effects: [{ op: 'deleteInterface', organizationId: organization.record.organizationId, smartContractInterfaceId }],
  };
}

function deleteSubOrganization(activity: ActivityRecord, organization: Organization): Outcome {
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
  const operation = operations.deleteSubOrganization;
  const { deleteWithoutExport } = operation.parameters.parse(activity.intent[operation.intentKey]);
  const unexported = organization.record.privateKeys.filter((k) => !k.exported);
  const unexportedWallets = organization.wallets.list().filter((w) => !w.exported);
  if (unexported.length + unexportedWallets.length > 0 && deleteWithoutExport !== true) {
    const held = [
      ...(unexported.length > 0 ? [`${unexported.length} private key(s)`] : []),
      ...(unexportedWallets.length > 0 ? [`${unexportedWallets.length} wallet(s)`] : []),
    ].join(' and ');
    return failed(
      GrpcCode.FailedPrecondition,
      `the sub-organization holds ${held} that have not been exported; export them first or set deleteWithoutExport to true`,
      'REQUEST_INVALID',
    );
  }
  return {
    status: 'ACTIVITY_STATUS_COMPLETED',
    result: { deleteSubOrganizationResult: { subOrganizationUuid: organizationId } },
    effects: [{ op: 'deleteOrganization', organizationId }],
  };
}
