/**
 * The parts every seeded organization is made of: users with fresh API keys, real private keys, and wallets with
 * fresh mnemonics (kept in the journal alone, as a created wallet's are: never in credentials.json or a log line).
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type { WalletAccountParams } from '../api';
import { generateApiKeyPair } from '../api/remote';
import type { SandboxUser } from './credentials';
import { newSigningKeyPair } from './signingKeys';
import type { Effect, PrivateKeyRecord, UserRecord } from './state';
import { newWalletEffect } from './wallets/walletRules';

/** The Ethereum account at `m/44'/60'/0'/0/<index>`, as wallet libraries derive their accounts. */
export const ethereumAccountAt = (index: number): WalletAccountParams => ({
  curve: 'CURVE_SECP256K1',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: `m/44'/60'/0'/0/${index}`,
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
});

/** The Solana account at `m/44'/501'/<index>'/0'` (hardened at every step, as SLIP-10 derives ed25519). */
export const solanaAccountAt = (index: number): WalletAccountParams => ({
  curve: 'CURVE_ED25519',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: `m/44'/501'/${index}'/0'`,
  addressFormat: 'ADDRESS_FORMAT_SOLANA',
});

/** A wallet of a fresh 12-word mnemonic and its accounts, as create_wallet makes one: its id, addresses and effect. */
export function seedWallet(
  organizationId: string,
  walletName: string,
  accounts: readonly WalletAccountParams[],
  nowMs: number,
): { walletId: string; addresses: string[]; effect: Effect } {
  return newWalletEffect(organizationId, { walletName, accounts }, nowMs);
}

/**
 * A real key of the curve, so listings look like the service's. A secp256k1 key is one the sandbox signs
 * with; an ed25519 key's private half is discarded.
 */
export function privateKeyRecord(
  name: string,
  curve: 'CURVE_SECP256K1' | 'CURVE_ED25519',
  exported: boolean,
  nowMs: number,
): PrivateKeyRecord {
  const base = {
    privateKeyId: randomUUID(),
    privateKeyName: name,
    curve,
    privateKeyTags: [],
    exported,
    imported: false,
    createdAtMs: nowMs,
    updatedAtMs: nowMs,
  };
  // A key the sandbox signs with: its private half stays in the journal, never in an answer.
  if (curve === 'CURVE_SECP256K1') return { ...base, ...newSigningKeyPair() };
  const jwk = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });
  const publicKey = Buffer.from(String(jwk.x), 'base64url').toString('hex');
  return { ...base, publicKey, addresses: [{ format: 'ADDRESS_FORMAT_COMPRESSED', address: publicKey }] };
}

/** A user with one fresh API key (and a simulated passkey when asked): the journal's record and credentials.json's. */
export function seedUser(
  userName: string,
  nowMs: number,
  withPasskey = false,
): { user: UserRecord; credentialUser: SandboxUser } {
  const pair = generateApiKeyPair();
  const apiKeyId = randomUUID();
  const apiKeyName = `${userName} API key`;
  const userId = randomUUID();
  const user: UserRecord = {
    userId,
    userName,
    createdAtMs: nowMs,
    apiKeys: [{ apiKeyId, apiKeyName, publicKey: pair.publicKey, createdAtMs: nowMs }],
  };
  const credentialUser: SandboxUser = {
    userId,
    userName,
    apiKeys: [{ apiKeyId, apiKeyName, publicKey: pair.publicKey, privateKey: pair.privateKey }],
  };
  if (withPasskey) {
    const passkey = generateApiKeyPair();
    const authenticator = {
      authenticatorId: randomUUID(),
      authenticatorName: `${userName} passkey`,
      credentialId: randomBytes(16).toString('base64url'),
      publicKey: passkey.publicKey,
    };
    user.authenticators = [{ ...authenticator, createdAtMs: nowMs }];
    credentialUser.authenticators = [{ ...authenticator, privateKey: passkey.privateKey }];
  }
  return { user, credentialUser };
}
