/**
 * Exporting and importing wallets: what export_wallet, export_wallet_account, init_import_wallet and import_wallet
 * do once their quorum is met. An export encrypts the wallet's mnemonic (or one account's private key) to the
 * caller's P-256 key in the service's bundle format and marks the wallet (or the account) exported, so deleting it
 * no longer loses anything. An import opens the mnemonic the client encrypted to the user's initialised import
 * target and derives the accounts listed; the wallet is marked imported. The checks at submission (a target that is
 * not P-256, accounts that cannot be derived) are those of keyTransferRules.ts and walletRules.ts.
 */
import { ActivityType, GrpcCode } from '../../api';
import { isValidMnemonic, operations } from '../../api/remote';
import { exportBundleFor } from '../exportBundles';
import { enclaveKeyOf, initImportRule, notDecrypted, openImport } from '../keyTransferRules';
import { failed, type Outcome } from '../outcome';
import type { ActivityRecord, Organization, SandboxState } from '../state';
import { walletExported } from './walletRecords';
import { walletFromMnemonic, walletNamesRefused, walletNotFound } from './walletRules';

export function exportWallet(
  activity: ActivityRecord,
  organization: Organization,
  now: number,
  state: SandboxState,
): Outcome {
  const operation = operations.exportWallet;
  const { walletId, targetPublicKey } = operation.parameters.parse(activity.intent[operation.intentKey]);
  const organizationId = organization.record.organizationId;
  const found = organization.wallets.exportOf(walletId);
  if (!found) return walletNotFound(walletId);
  let exportBundle: string;
  try {
    exportBundle = exportBundleFor(found.mnemonic, targetPublicKey, organizationId, enclaveKeyOf(state));
  } catch (error) {
    return notDecrypted(error);
  }
  return {
    status: 'ACTIVITY_STATUS_COMPLETED',
    result: { exportWalletResult: { walletId, exportBundle } },
    effects: [walletExported(organizationId, walletId, now)],
  };
}

export function exportWalletAccount(
  activity: ActivityRecord,
  organization: Organization,
  now: number,
  state: SandboxState,
): Outcome {
  const operation = operations.exportWalletAccount;
  const { address, targetPublicKey } = operation.parameters.parse(activity.intent[operation.intentKey]);
  const organizationId = organization.record.organizationId;
  const account = organization.wallets.byAddress(address);
  const privateKey = account && organization.wallets.privateKeyOf(account);
  if (!account || !privateKey)
    return failed(
      GrpcCode.NotFound,
      `wallet account not found: no wallet account with address ${address} in this organization`,
      'NOT_FOUND',
    );
  let exportBundle: string;
  try {
    exportBundle = exportBundleFor(privateKey, targetPublicKey, organizationId, enclaveKeyOf(state));
  } catch (error) {
    return notDecrypted(error);
  }
  return {
    status: 'ACTIVITY_STATUS_COMPLETED',
    result: { exportWalletAccountResult: { address: account.address, exportBundle } },
    effects: [walletExported(organizationId, account.walletId, now, account.walletAccountId)],
  };
}

export const initImportWallet = initImportRule(operations.initImportWallet, 'wallet', 'initImportWalletResult');

export function importWallet(
  activity: ActivityRecord,
  organization: Organization,
  now: number,
  state: SandboxState,
): Outcome {
  const operation = operations.importWallet;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
  const refused = walletNamesRefused(organization, intent.walletName, intent.accounts);
  if (refused) return refused;
  const opened = openImport(organization, state, intent.userId, 'wallet', intent.encryptedBundle);
  if ('status' in opened) return opened;
  const mnemonic = opened.plaintext.toString('utf8').trim().split(/\s+/).join(' ');
  opened.plaintext.fill(0);
  if (!isValidMnemonic(mnemonic))
    return failed(
      GrpcCode.InvalidArgument,
      'invalid bundle: what it holds is not a BIP-39 mnemonic in English (12 to 24 words with a valid checksum)',
      'REQUEST_INVALID',
    );
  const { walletId, addresses, effect } = walletFromMnemonic(
    organization.record.organizationId,
    intent,
    mnemonic,
    true,
    now,
  );
  return {
    status: 'ACTIVITY_STATUS_COMPLETED',
    result: { importWalletResult: { walletId, addresses } },
    effects: [opened.effect, effect],
  };
}

export const walletTransferRules = {
  [ActivityType.ExportWallet]: exportWallet,
  [ActivityType.ExportWalletAccount]: exportWalletAccount,
  [ActivityType.InitImportWallet]: initImportWallet,
  [ActivityType.ImportWallet]: importWallet,
} as const;
