/**
 * The secp256k1 keys the sandbox signs with: making a key pair with its addresses (the compressed public
 * key and the EIP-55 Ethereum address), finding the key a `signWith` names (an id or an address), and
 * the once-only migration that gives a journal written before the sandbox could sign its signing keys.
 * Encoding, hashing and address derivation come from `ox`.
 */
import * as Address from 'ox/Address';
import * as PublicKey from 'ox/PublicKey';
import * as Secp256k1 from 'ox/Secp256k1';
import type { Organization, PrivateKeyRecord, SandboxState, SigningKeyGrant } from './state';

export const SECP256K1 = 'CURVE_SECP256K1';
export const ADDRESS_FORMAT_ETHEREUM = 'ADDRESS_FORMAT_ETHEREUM';

export interface SigningKeyPair {
  /** Compressed SEC1, hex without 0x. */
  readonly publicKey: string;
  readonly addresses: PrivateKeyRecord['addresses'];
  /** The private scalar, hex without 0x. */
  readonly signingKey: string;
}

/** A fresh secp256k1 key pair, listed as the service lists it: compressed public key and Ethereum address. */
export function newSigningKeyPair(): SigningKeyPair {
  const privateKey = Secp256k1.randomPrivateKey();
  const point = Secp256k1.getPublicKey({ privateKey });
  const compressed = PublicKey.toHex(PublicKey.compress(point)).slice(2);
  return {
    publicKey: compressed,
    addresses: [
      { format: 'ADDRESS_FORMAT_COMPRESSED', address: compressed },
      { format: ADDRESS_FORMAT_ETHEREUM, address: Address.checksum(Address.fromPublicKey(point)) },
    ],
    signingKey: privateKey.slice(2),
  };
}

/** The key `signWith` names in the organization: its id, or one of its addresses (any letter case). */
export function findSigningKey(organization: Organization, signWith: string): PrivateKeyRecord | undefined {
  const wanted = signWith.trim().toLowerCase();
  return organization.record.privateKeys.find(
    (key) =>
      key.privateKeyId.toLowerCase() === wanted ||
      key.addresses.some((a) => a.address.toLowerCase() === wanted || a.address.toLowerCase() === `0x${wanted}`),
  );
}

/** The Ethereum address of a key, when it has one. */
export function ethereumAddressOf(key: PrivateKeyRecord): string | undefined {
  return key.addresses.find((a) => a.format === ADDRESS_FORMAT_ETHEREUM)?.address;
}

/**
 * Grants for every secp256k1 key whose private half was never kept (journals from before the sandbox
 * signed: the seed discarded it). Each gets a fresh key pair under its own id, name and tags; nothing
 * could have been signed with the old public key, since nothing held its private half. Empty once done.
 */
export function missingSigningKeys(state: SandboxState): SigningKeyGrant[] {
  const grants: SigningKeyGrant[] = [];
  for (const organization of state.organizations.values()) {
    for (const key of organization.record.privateKeys) {
      if (key.curve !== SECP256K1 || key.signingKey !== undefined || key.imported) continue;
      grants.push({
        organizationId: organization.record.organizationId,
        privateKeyId: key.privateKeyId,
        ...newSigningKeyPair(),
      });
    }
  }
  return grants;
}
