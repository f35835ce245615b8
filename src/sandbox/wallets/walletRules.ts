/**
 * What the wallet activities do once their quorum is met (create_wallet, create_wallet_accounts, update_wallet,
 * delete_wallets, delete_wallet_accounts), and the checks made when they are submitted: an account whose curve,
 * path or address format the sandbox cannot derive is refused with 400, naming what is wrong, and nothing is
 * created. Wallet names and account names are unique in the organization; a path is used once per wallet.
 */
import { randomUUID } from 'node:crypto';
import { ActivityType, GrpcCode, type WalletAccountParams } from '../../api';
import {
  addressOf,
  curvesOfAddressFormat,
  deriveKey,
  newMnemonic,
  operations,
  parsePath,
  seedOfMnemonic,
  type WalletCurve,
} from '../../api/remote';
import { failed, type Outcome } from '../outcome';
import { invalidRequest } from '../rpcError';
import type { ActivityRecord, Effect, Organization } from '../state';
import type { WalletAccountRecord, WalletRecord } from './walletRecords';

const DERIVED_CURVES: readonly string[] = ['CURVE_SECP256K1', 'CURVE_ED25519'];

/** What is wrong with an account's curve, path or address format; undefined when it can be derived. */
function accountProblem(account: WalletAccountParams): { field: string; problem: string } | undefined {
  if (!DERIVED_CURVES.includes(account.curve))
    return {
      field: 'curve',
      problem: `the local sandbox derives CURVE_SECP256K1 and CURVE_ED25519 accounts, not ${account.curve}`,
    };
  const curves = curvesOfAddressFormat(account.addressFormat);
  if (curves.length === 0)
    return {
      field: 'addressFormat',
      problem: `address format ${account.addressFormat} is not derived by the local sandbox`,
    };
  if (!curves.includes(account.curve as WalletCurve))
    return {
      field: 'addressFormat',
      problem: `address format ${account.addressFormat} needs a ${curves.join(' or ')} account, not ${account.curve}`,
    };
  const parsed = parsePath(account.path);
  if ('problem' in parsed) return { field: 'path', problem: `invalid path: ${parsed.problem}` };
  if (account.curve === 'CURVE_ED25519' && parsed.indexes.some((i) => i < 0x80000000))
    return {
      field: 'path',
      problem: `invalid path: "${account.path.slice(0, 64)}" has a non-hardened step, and an ed25519 path is hardened at every step`,
    };
  return undefined;
}

/** The path as compared for reuse: `h` and `'` alike. */
export function canonicalPath(path: string): string {
  const parsed = parsePath(path);
  return 'problem' in parsed ? path.trim() : parsed.canonical;
}

function checkAccounts(accounts: readonly WalletAccountParams[], within: string): void {
  const paths = new Set<string>();
  const names = new Set<string>();
  for (const [i, account] of accounts.entries()) {
    const at = `${within}.accounts[${i}]`;
    const found = accountProblem(account);
    if (found)
      throw invalidRequest(`invalid request: ${found.problem}`, [
        { field: `${at}.${found.field}`, description: found.problem },
      ]);
    const path = canonicalPath(account.path);
    if (paths.has(path))
      throw invalidRequest(`invalid path: ${path} is listed twice; a path is used at most once in a wallet`, [
        { field: `${at}.path`, description: 'is listed twice' },
      ]);
    paths.add(path);
    if (account.name !== undefined) {
      if (names.has(account.name))
        throw invalidRequest(`invalid request: the account name "${account.name}" is listed twice`, [
          { field: `${at}.name`, description: 'is listed twice' },
        ]);
      names.add(account.name);
    }
  }
}

/**
 * Refuses (400, nothing created) wallet accounts the sandbox cannot derive; `within` is where the wallet's fields sit
 * in the request (a sub-organization's wallet is `parameters.wallet`).
 */
export function checkWalletIntent(
  activityType: string,
  parameters: Record<string, unknown>,
  within = 'parameters',
): void {
  if (activityType === ActivityType.CreateWallet)
    checkAccounts(operations.createWallet.parameters.parse(parameters).accounts, within);
  else if (activityType === ActivityType.CreateWalletAccounts)
    checkAccounts(operations.createWalletAccounts.parameters.parse(parameters).accounts, within);
  else if (activityType === ActivityType.ImportWallet)
    checkAccounts(operations.importWallet.parameters.parse(parameters).accounts, within);
}

export const walletNotFound = (walletId: string): Outcome =>
  failed(GrpcCode.NotFound, `wallet not found: no wallet with ID ${walletId} in this organization`, 'NOT_FOUND');

export function nameTaken(organization: Organization, name: string, except?: string): boolean {
  for (const wallet of organization.wallets.byId.values())
    if (wallet.walletName === name && wallet.walletId !== except) return true;
  return false;
}

/** Derives the accounts from the seed (checked at submission, so each derives). */
export function deriveAccounts(
  seed: Uint8Array,
  walletId: string,
  accounts: readonly WalletAccountParams[],
  now: number,
): WalletAccountRecord[] {
  return accounts.map((account) => {
    const curve = account.curve as WalletCurve;
    const key = deriveKey(seed, curve, account.path);
    if ('problem' in key) throw new Error(key.problem);
    const address = addressOf(curve, account.addressFormat, key.publicKey);
    if (address === undefined) throw new Error(`no ${account.addressFormat} address for ${curve}`);
    return {
      walletAccountId: randomUUID(),
      walletId,
      curve,
      pathFormat: account.pathFormat,
      path: account.path,
      addressFormat: account.addressFormat,
      address,
      publicKey: Buffer.from(key.publicKey).toString('hex'),
      ...(account.name !== undefined ? { name: account.name } : {}),
      createdAtMs: now,
      updatedAtMs: now,
    };
  });
}

/** An account name already used in the organization (account names are unique in it), or undefined. */
export function accountNameTaken(
  organization: Organization,
  accounts: readonly WalletAccountParams[],
): string | undefined {
  const wanted = new Set(accounts.flatMap((a) => (a.name === undefined ? [] : [a.name])));
  if (wanted.size === 0) return undefined;
  for (const account of organization.wallets.accounts.values())
    if (account.name !== undefined && wanted.has(account.name)) return account.name;
  return undefined;
}

export const accountNameFailure = (name: string): Outcome =>
  failed(
    GrpcCode.AlreadyExists,
    `a wallet account named "${name}" already exists in this organization`,
    'REQUEST_INVALID',
  );

/** Refuses a wallet whose name, or one of whose account names, is taken in the organization; undefined if none is. */
export function walletNamesRefused(
  organization: Organization,
  walletName: string,
  accounts: readonly WalletAccountParams[],
): Outcome | undefined {
  if (nameTaken(organization, walletName))
    return failed(
      GrpcCode.AlreadyExists,
      `a wallet named "${walletName}" already exists in this organization`,
      'REQUEST_INVALID',
    );
  const takenName = accountNameTaken(organization, accounts);
  return takenName === undefined ? undefined : accountNameFailure(takenName);
}

/** A wallet of `mnemonic` and its accounts, derived: its id, their addresses, and the effect that stores them. */
export function walletFromMnemonic(
  organizationId: string,
  params: { walletName: string; accounts: readonly WalletAccountParams[] },
  mnemonic: string,
  imported: boolean,
  now: number,
): { walletId: string; addresses: string[]; effect: Effect } {
  const walletId = randomUUID();
  const accounts = deriveAccounts(seedOfMnemonic(mnemonic), walletId, params.accounts, now);
  const record: WalletRecord = {
    walletId,
    walletName: params.walletName,
    mnemonic,
    exported: false,
    imported,
    createdAtMs: now,
    updatedAtMs: now,
  };
  return {
    walletId,
    addresses: accounts.map((a) => a.address),
    effect: { op: 'putWallet', organizationId, record, accounts },
  };
}

/** A new wallet (a fresh mnemonic) and its accounts: create_wallet's, and a sub-organization's first wallet. */
export function newWalletEffect(
  organizationId: string,
  params: { walletName: string; accounts: readonly WalletAccountParams[]; mnemonicLength?: number | undefined },
  now: number,
): { walletId: string; addresses: string[]; effect: Effect } {
  return walletFromMnemonic(organizationId, params, newMnemonic(params.mnemonicLength ?? 12), false, now);
}

export function createWallet(activity: ActivityRecord, organization: Organization, now: number): Outcome {
  const operation = operations.createWallet;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
  const refused = walletNamesRefused(organization, intent.walletName, intent.accounts);
  if (refused) return refused;
  const { walletId, addresses, effect } = newWalletEffect(organization.record.organizationId, intent, now);
  return {
    status: 'ACTIVITY_STATUS_COMPLETED',
    result: { createWalletResult: { walletId, addresses } },
    effects: [effect],
  };
}

export function createWalletAccounts(activity: ActivityRecord, organization: Organization, now: number): Outcome {
  const operation = operations.createWalletAccounts;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
  const wallet = organization.wallets.byId.get(intent.walletId);
  if (!wallet) return walletNotFound(intent.walletId);
  const used = new Set(organization.wallets.accountsOf(wallet.walletId).map((a) => canonicalPath(a.path)));
  const reused = intent.accounts.find((a) => used.has(canonicalPath(a.path)));
  if (reused)
    return failed(
      GrpcCode.InvalidArgument,
      `invalid path: ${reused.path} is already used in wallet ${wallet.walletId}; paths cannot be reused within the same HD wallet`,
      'REQUEST_INVALID',
    );
  const persist = intent.persist !== false;
  if (persist) {
    const takenName = accountNameTaken(organization, intent.accounts);
    if (takenName !== undefined) return accountNameFailure(takenName);
  }
  const seed = seedOfMnemonic(wallet.mnemonic);
  const accounts = deriveAccounts(seed, wallet.walletId, intent.accounts, now);
  const result = { createWalletAccountsResult: { addresses: accounts.map((a) => a.address) } };
  if (!persist) return { status: 'ACTIVITY_STATUS_COMPLETED', result, effects: [] };
  return {
    status: 'ACTIVITY_STATUS_COMPLETED',
    result,
    effects: [
      {
        op: 'putWalletAccounts',
        organizationId: organization.record.organizationId,
        walletId: wallet.walletId,
        accounts,
      },
    ],
  };
}

export function updateWallet(activity: ActivityRecord, organization: Organization, now: number): Outcome {
  const operation = operations.updateWallet;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
  const wallet = organization.wallets.byId.get(intent.walletId);
  if (!wallet) return walletNotFound(intent.walletId);
  const result = { updateWalletResult: { walletId: wallet.walletId } };
  if (intent.walletName === undefined) return { status: 'ACTIVITY_STATUS_COMPLETED', result, effects: [] };
  if (nameTaken(organization, intent.walletName, wallet.walletId))
    return failed(
      GrpcCode.AlreadyExists,
      `a wallet named "${intent.walletName}" already exists in this organization`,
      'REQUEST_INVALID',
    );
  return {
    status: 'ACTIVITY_STATUS_COMPLETED',
    result,
    effects: [
      {
        op: 'updateWallet',
        organizationId: organization.record.organizationId,
        walletId: wallet.walletId,
        walletName: intent.walletName,
        updatedAtMs: now,
      },
    ],
  };
}

const notExported = (what: string): Outcome =>
  failed(
    GrpcCode.FailedPrecondition,
    `${what} not been exported; export first, or set deleteWithoutExport to true to delete without export`,
    'WALLET_ACCOUNT_NOT_EXPORTED',
  );

export function deleteWallets(activity: ActivityRecord, organization: Organization): Outcome {
  const operation = operations.deleteWallets;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
  const walletIds = [...new Set(intent.walletIds)];
  const missing = walletIds.find((id) => !organization.wallets.byId.has(id));
  if (missing !== undefined) return walletNotFound(missing);
  const unexported = walletIds.filter((id) => organization.wallets.byId.get(id)?.exported !== true);
  if (unexported.length > 0 && intent.deleteWithoutExport !== true)
    return notExported(`wallet ${unexported.join(', ')} ha${unexported.length === 1 ? 's' : 've'}`);
  return {
    status: 'ACTIVITY_STATUS_COMPLETED',
    result: { deleteWalletsResult: { walletIds } },
    effects: [{ op: 'deleteWallets', organizationId: organization.record.organizationId, walletIds }],
  };
}

export function deleteWalletAccounts(activity: ActivityRecord, organization: Organization): Outcome {
  const operation = operations.deleteWalletAccounts;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
  const ids = [...new Set(intent.walletAccountIds)];
  const { wallets } = organization;
  const missing = ids.find((id) => !wallets.accounts.has(id));
  if (missing !== undefined)
    return failed(
      GrpcCode.NotFound,
      `wallet account not found: no wallet account with ID ${missing} in this organization`,
      'NOT_FOUND',
    );
  const unexported = ids.filter((id) => {
    const account = wallets.accounts.get(id);
    return account?.exported !== true && wallets.byId.get(account?.walletId ?? '')?.exported !== true;
  });
  if (unexported.length > 0 && intent.deleteWithoutExport !== true)
    return notExported(`wallet account ${unexported.join(', ')} ha${unexported.length === 1 ? 's' : 've'}`);
  return {
    status: 'ACTIVITY_STATUS_COMPLETED',
    result: { deleteWalletAccountsResult: { walletAccountIds: ids } },
    effects: [
      { op: 'deleteWalletAccounts', organizationId: organization.record.organizationId, walletAccountIds: ids },
    ],
  };
}

export const walletRules = {
  [ActivityType.CreateWallet]: createWallet,
  [ActivityType.CreateWalletAccounts]: createWalletAccounts,
  [ActivityType.UpdateWallet]: updateWallet,
  [ActivityType.DeleteWallets]: deleteWallets,
  [ActivityType.DeleteWalletAccounts]: deleteWalletAccounts,
} as const;
