/**
 * Sub-organizations: what create_sub_organization (V8) does once its quorum is met, the checks made when it is
 * submitted (whatever the intent alone shows to be wrong is refused with 400 and creates nothing), and list_suborgs.
 *
 * A sub-organization is made by a top-level organization, with its root users, their API keys (P-256, each unique)
 * and passkeys, and its root quorum; its root users act there at once. The parent reads it and changes nothing in it
 * (authorization.ts). Its optional `wallet` is made as create_wallet makes one, in the new organization. It accepts no
 * OAuth provider and no root user without an API key or a passkey.
 */
import { randomUUID } from 'node:crypto';
import { ActivityType, GrpcCode } from '../api';
import { operations } from '../api/remote';
import { lineageOf } from './authorization';
import { failed, type Outcome } from './outcome';
import { checkApiKeyParams, newUserRecord } from './peopleRules';
import { attestedCredentialOf, verifyAttestation } from './relyingParty';
import { fromIssues, invalidRequest } from './rpcError';
import type { ActivityRecord, Effect, Organization, OrganizationRecord, SandboxState, UserRecord } from './state';
import { checkWalletIntent, newWalletEffect } from './wallets/walletRules';

/** The create_wallet parameters a sub-organization's `wallet` names. */
function walletParamsOf(wallet: { walletName: string; accounts: unknown[]; mnemonicLength?: number | undefined }) {
  return {
    walletName: wallet.walletName,
    accounts: wallet.accounts,
    ...(wallet.mnemonicLength !== undefined ? { mnemonicLength: wallet.mnemonicLength } : {}),
  };
}

const DEFAULT_PAGE = 10;

/** Refuses (400, nothing created) what the intent alone shows to be wrong, and attestations a relying party refuses. */
export async function checkSubOrganizationIntent(
  activityType: string,
  parameters: Record<string, unknown>,
  parent: Organization,
): Promise<void> {
  if (activityType !== ActivityType.CreateSubOrganizationV8) return;
  const intent = operations.createSubOrganization.parameters.parse(parameters);
  if (intent.wallet !== undefined) {
    const wallet = operations.createWallet.parameters.safeParse(walletParamsOf(intent.wallet));
    if (!wallet.success) throw fromIssues('request', wallet.error.issues, ['parameters', 'wallet']);
    checkWalletIntent(ActivityType.CreateWallet, wallet.data, 'parameters.wallet');
  }
  if (intent.rootQuorumThreshold > intent.rootUsers.length)
    throw invalidRequest(
      `invalid root quorum: the threshold (${intent.rootQuorumThreshold}) is greater than the number of root users (${intent.rootUsers.length})`,
      [{ field: 'parameters.rootQuorumThreshold', description: 'must not exceed the number of rootUsers' }],
    );
  const seen = new Set<string>();
  for (const [u, user] of intent.rootUsers.entries()) {
    const at = `parameters.rootUsers[${u}]`;
    if (user.oauthProviders.length > 0)
      throw invalidRequest('invalid request: the local sandbox does not support OAuth providers', [
        { field: `${at}.oauthProviders`, description: 'must be empty in the local sandbox' },
      ]);
    if (user.apiKeys.length + user.authenticators.length === 0)
      throw invalidRequest(`invalid request: root user ${u} has no credential: give them an API key or a passkey`, [
        { field: at, description: 'needs at least one API key or authenticator' },
      ]);
    checkApiKeyParams(user.apiKeys, `${at}.apiKeys`, seen);
    for (const [a, params] of user.authenticators.entries()) {
      const verdict = await verifyAttestation(parent, params.challenge, params.attestation);
      if (!verdict.ok)
        throw invalidRequest(`invalid attestation: ${verdict.detail}`, [
          { field: `${at}.authenticators[${a}].attestation`, description: verdict.detail },
        ]);
    }
  }
}

export function createSubOrganization(
  activity: ActivityRecord,
  parent: Organization,
  now: number,
  state: SandboxState,
): Outcome {
  const operation = operations.createSubOrganization;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
  if (parent.record.parentOrganizationId !== null)
    return failed(
      GrpcCode.FailedPrecondition,
      'a sub-organization cannot create sub-organizations: create it from the top-level organization',
      'REQUEST_INVALID',
    );
  const lineage = lineageOf(state.organizations, parent);
  const enrolling = new Set<string>();
  const users: UserRecord[] = [];
  for (const params of intent.rootUsers) {
    const authenticators = [];
    for (const { authenticatorName, attestation } of params.authenticators) {
      const credential = attestedCredentialOf(attestation);
      if (!credential)
        return failed(GrpcCode.InvalidArgument, 'invalid attestation: it holds no P-256 credential', 'REQUEST_INVALID');
      if (
        enrolling.has(credential.credentialId) ||
        lineage.some((o) => state.passkeys.find(o, credential.credentialId))
      )
        return failed(
          GrpcCode.AlreadyExists,
          'authenticator already exists: this credential is already registered in this organization or its parent',
          'REQUEST_INVALID',
        );
      enrolling.add(credential.credentialId);
      authenticators.push({
        authenticatorId: randomUUID(),
        authenticatorName,
        credentialId: credential.credentialId,
        publicKey: credential.publicKey,
        createdAtMs: now,
        aaguid: credential.aaguid,
        attestationType: credential.attestationType,
        transports: attestation.transports,
      });
    }
    users.push(newUserRecord(params, now, { authenticators, userTags: [] }));
  }
  const rootUserIds = users.map((u) => u.userId);
  const record: OrganizationRecord = {
    organizationId: randomUUID(),
    name: intent.subOrganizationName,
    parentOrganizationId: parent.record.organizationId,
    rootQuorum: intent.rootQuorumThreshold,
    rootUserIds,
    users,
    privateKeys: [],
    createdAtMs: now,
  };
  const effects: Effect[] = [{ op: 'putOrganization', organizationId: parent.record.organizationId, record }];
  let wallet: { walletId: string; addresses: string[] } | undefined;
  if (intent.wallet !== undefined) {
    const made = newWalletEffect(
      record.organizationId,
      operations.createWallet.parameters.parse(walletParamsOf(intent.wallet)),
      now,
    );
    wallet = { walletId: made.walletId, addresses: made.addresses };
    effects.push(made.effect);
  }
  return {
    status: 'ACTIVITY_STATUS_COMPLETED',
    result: {
      createSubOrganizationResultV8: {
        subOrganizationId: record.organizationId,
        rootUserIds,
        ...(wallet !== undefined ? { wallet } : {}),
      },
    },
    effects,
  };
}

/** Whether the sub-organization matches list_suborgs' filter; a filter the sandbox cannot apply is refused. */
function matches(organization: Organization, filterType: string, value: string): boolean {
  const users = organization.record.users;
  switch (filterType) {
    case 'NAME':
      return organization.record.name === value;
    case 'USERNAME':
      return users.some((u) => u.userName === value);
    case 'EMAIL':
      return users.some((u) => u.userEmail === value);
    case 'PHONE_NUMBER':
      return users.some((u) => u.userPhoneNumber === value);
    case 'CREDENTIAL_ID':
      return users.some((u) => (u.authenticators ?? []).some((a) => a.credentialId === value));
    case 'WALLET_ACCOUNT_ADDRESS':
      return organization.wallets.byAddress(value) !== undefined;
    case 'PUBLIC_KEY': {
      const key = value.toLowerCase();
      return users.some(
        (u) => u.apiKeys.some((k) => k.publicKey === key) || (u.authenticators ?? []).some((a) => a.publicKey === key),
      );
    }
    default:
      throw invalidRequest(
        `invalid request: the local sandbox filters sub-organizations by NAME, USERNAME, EMAIL, PHONE_NUMBER, CREDENTIAL_ID, WALLET_ACCOUNT_ADDRESS or PUBLIC_KEY, not ${filterType.slice(0, 64)}`,
        [{ field: 'filterType', description: 'is not supported by the local sandbox' }],
      );
  }
}

/** list_suborgs: the organization's live sub-organizations, oldest first, a page at a time. */
export function getSubOrgIds(
  organizations: ReadonlyMap<string, Organization>,
  parent: Organization,
  request: Record<string, unknown>,
): Record<string, unknown> {
  const { filterType, filterValue, paginationOptions } = operations.getSubOrgIds.request.parse(request);
  const parentId = parent.record.organizationId;
  let found = [...organizations.values()].filter((o) => !o.deleted && o.record.parentOrganizationId === parentId);
  if (filterType !== undefined && filterType !== '')
    found = found.filter((o) => matches(o, filterType, filterValue ?? ''));
  const ids = found.map((o) => o.record.organizationId);
  const limit = Number(paginationOptions?.limit ?? DEFAULT_PAGE);
  if (limit < 1 || limit > 100)
    throw invalidRequest('invalid request: paginationOptions.limit must be between 1 and 100', [
      { field: 'paginationOptions.limit', description: 'must be between 1 and 100' },
    ]);
  const after = paginationOptions?.after;
  const before = paginationOptions?.before;
  let page = ids;
  if (after) page = page.slice(page.indexOf(after) + 1);
  if (before) {
    const end = page.indexOf(before);
    page = end === -1 ? page : page.slice(Math.max(0, end - limit), end);
  }
  return { organizationIds: page.slice(0, limit) };
}
