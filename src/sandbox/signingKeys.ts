/**
 * The secp256k1 keys the sandbox signs with: making a key pair listed as the service lists it (the
 * compressed public key and the EIP-55 Ethereum address), finding the key a `signWith` names (an id or an
 * address), and the once-only migration that gives a journal written before the sandbox could sign its
 * signing keys.
 */
import { generateEthereumKeyPair } from '../api/remote';
import type { Organization, PrivateKeyRecord, SandboxState, SigningKeyGrant } from './state';

export const SECP256K1 = 'CURVE_SECP256K1';

export interface SigningKeyPair {
  /** Compressed SEC1, hex without 0x. */
  readonly publicKey: string;
  readonly addresses: PrivateKeyRecord['addresses'];
  /** The private scalar, hex without 0x. */
  readonly signingKey: string;
}

/** A fresh secp256k1 key pair with its addresses. */
export function newSigningKeyPair(): SigningKeyPair {
  const pair = generateEthereumKeyPair();
  return {
    publicKey: pair.publicKey,
    addresses: [
      { format: 'ADDRESS_FORMAT_COMPRESSED', address: pair.publicKey },
      { format: 'ADDRESS_FORMAT_ETHEREUM', address: pair.address },
    ],
    signingKey: pair.privateKey,
  };
}

/** The key `signWith` names in the organization: its id, or one of its addresses (any letter case). */
export function findSigningKey(organization: Organization, signWith: string): PrivateKeyRecord | undefined {
  const wanted = signWith.trim().toLowerCase();
  return organization.record.privateKeys.find(
    (key) => key.privateKeyId.toLowerCase() === wanted || key.addresses.some((a) => a.address.toLowerCase() === wanted),
  );
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
