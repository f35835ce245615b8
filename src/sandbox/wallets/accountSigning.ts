/**
 * What `signWith` names, among private keys and wallet accounts: a private key's id or address first (as before
 * wallets), then a wallet account's address. A wallet account signs with the key derived at its path.
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
  const key = findSigningKey(organization, signWith);
  if (key) return { kind: 'privateKey', key };
  const account = organization.wallets.byAddress(signWith);
  if (!account) return undefined;
  return { kind: 'walletAccount', account, privateKey: organization.wallets.privateKeyOf(account) };
}
