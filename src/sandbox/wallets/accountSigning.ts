/**
 * What `signWith` names, among private keys and wallet accounts: a wallet account's address (found in one map
 * lookup), else a private key's id or address (a scan of the organization's keys). A wallet account signs with the
 * key derived at its path.
 */
import type { Organization, PrivateKeyRecord } from '../state';
import { findSigningKey } from '../signingKeys';
import type { WalletAccountRecord } from './walletRecords';

export type Signer =
  | { readonly kind: 'privateKey'; readonly key: PrivateKeyRecord }
  | {
      readonly kind: 'walletAccount';
      readonly account: WalletAccountRecord;
      readonly privateKey: Uint8Array | undefined;
    };

export function findSigner(organization: Organization, signWith: string): Signer | undefined {
  const account = organization.wallets.byAddress(signWith);
  if (account) return { kind: 'walletAccount', account, privateKey: organization.wallets.privateKeyOf(account) };
  const key = findSigningKey(organization, signWith);
  return key ? { kind: 'privateKey', key } : undefined;
}
