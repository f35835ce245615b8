/** Wallet accounts as the SDK helpers ask for them, and a wallet made through our client. */
import * as assert from 'node:assert/strict';
import type { WalletAccountParams } from '../../src/api';
import type { CountersignClient } from '../../src/api/remote';

export const ethereumAccount = (i: number, name?: string): WalletAccountParams => ({
  curve: 'CURVE_SECP256K1',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: `m/44'/60'/0'/0/${i}`,
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
  ...(name !== undefined ? { name } : {}),
});
export const solanaAccount = (i: number): WalletAccountParams => ({
  curve: 'CURVE_ED25519',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: `m/44'/501'/${i}'/0'`,
  addressFormat: 'ADDRESS_FORMAT_SOLANA',
});

/** Creates a wallet through our client; its id and addresses. */
export async function createWallet(
  client: CountersignClient,
  organizationId: string,
  walletName: string,
  accounts: WalletAccountParams[],
): Promise<{ walletId: string; addresses: string[] }> {
  const activity = await client.createWallet({ organizationId, parameters: { walletName, accounts } });
  assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
  return activity.result?.['createWalletResult'] as { walletId: string; addresses: string[] };
}
