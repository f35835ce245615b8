/**
 * The service's export and import bundles, made with Node's own crypto (the sandbox imports nothing else).
 *
 * Secrets travel encrypted with HPKE (RFC 9180, base mode: DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-256-GCM,
 * info "turnkey_hpke"), with the encapsulated key and the recipient's key, both uncompressed, as the additional data,
 * as the service's clients expect. What the enclave says (the ciphertext of an export, the target key of an import)
 * is a JSON object in hex under `data`, signed (ECDSA P-256, SHA-256, DER) by the enclave key, whose uncompressed public
 * key is `enclaveQuorumPublic`: `@turnkey/crypto` checks it against the key it is given.
 *
 * Wallets use the same two calls: `exportBundleFor(mnemonic, …)` and `openImportBundle(…)` read as UTF-8.
 */
import {
  createCipheriv,
  createDecipheriv,
  createECDH,
  createHmac,
  createPrivateKey,
  ECDH,
  hkdfSync,
  sign,
} from 'node:crypto';

const CURVE = 'prime256v1';
const KEM_SUITE = Buffer.from([0x4b, 0x45, 0x4d, 0x00, 0x10]); // "KEM", DHKEM(P-256, HKDF-SHA256)
const HPKE_SUITE = Buffer.from([0x48, 0x50, 0x4b, 0x45, 0x00, 0x10, 0x00, 0x01, 0x00, 0x02]); // "HPKE", KEM, KDF, AEAD
const VERSION = Buffer.from('HPKE-v1');
const INFO = Buffer.from('turnkey_hpke');
const BUNDLE_VERSION = 'v1.0.0';

/** Why a key or bundle cannot be used: its message names what is wrong, never a secret. */
export class BundleError extends Error {
  override readonly name = 'BundleError';
}

const labeledIkm = (suite: Buffer, label: string, ikm: Buffer): Buffer =>
  Buffer.concat([VERSION, suite, Buffer.from(label), ikm]);

const labeledInfo = (suite: Buffer, label: string, info: Buffer, length: number): Buffer =>
  Buffer.concat([Buffer.from([0, length]), VERSION, suite, Buffer.from(label), info]);

/** HKDF-Extract (an HMAC) of a labeled input, as RFC 9180's LabeledExtract. */
const labeledExtract = (salt: Buffer, label: string, ikm: Buffer): Buffer =>
  createHmac('sha256', salt.length > 0 ? salt : Buffer.alloc(32))
    .update(labeledIkm(HPKE_SUITE, label, ikm))
    .digest();

/** HKDF (extract, then expand) with RFC 9180's labels. */
function labeledHkdf(suite: Buffer, salt: Buffer, label: string, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', labeledIkm(suite, label, ikm), salt, info, length));
}

const KEY_SCHEDULE_CONTEXT = Buffer.concat([
  Buffer.from([0]),
  labeledExtract(Buffer.alloc(0), 'psk_id_hash', Buffer.alloc(0)),
  labeledExtract(Buffer.alloc(0), 'info_hash', INFO),
]);

/** The AES key and nonce for a message from `encapped` to `recipient` (both uncompressed), given their ECDH secret. */
function keySchedule(dh: Buffer, encapped: Buffer, recipient: Buffer): { key: Buffer; nonce: Buffer } {
  const kemContext = Buffer.concat([encapped, recipient]);
  const shared = labeledHkdf(
    KEM_SUITE,
    Buffer.alloc(0),
    'eae_prk',
    dh,
    labeledInfo(KEM_SUITE, 'shared_secret', kemContext, 32),
    32,
  );
  const secretIkm = Buffer.alloc(0);
  const key = labeledHkdf(
    HPKE_SUITE,
    shared,
    'secret',
    secretIkm,
    labeledInfo(HPKE_SUITE, 'key', KEY_SCHEDULE_CONTEXT, 32),
    32,
  );
  const nonce = labeledHkdf(
    HPKE_SUITE,
    shared,
    'secret',
    secretIkm,
    labeledInfo(HPKE_SUITE, 'base_nonce', KEY_SCHEDULE_CONTEXT, 12),
    12,
  );
  return { key, nonce };
}

/** A P-256 public key (compressed or not, hex) as uncompressed bytes; refuses anything that is not a P-256 point. */
export function p256PublicKey(hex: string, what: string): Buffer {
  if (!/^(04[0-9a-fA-F]{128}|0[23][0-9a-fA-F]{64})$/.test(hex))
    throw new BundleError(`${what} is not a P-256 public key (130 hex characters, uncompressed, starting 04)`);
  try {
    // convertKey checks that the point lies on the curve.
    return Buffer.from(ECDH.convertKey(hex, CURVE, 'hex', 'hex', 'uncompressed') as string, 'hex');
  } catch {
    throw new BundleError(`${what} is not a point of the P-256 curve`);
  }
}

/** Encrypts `plaintext` to the P-256 key `recipient` (uncompressed): the encapsulated key and the ciphertext. */
export function hpkeSeal(plaintext: Uint8Array, recipient: Buffer): { encapped: Buffer; ciphertext: Buffer } {
  const ephemeral = createECDH(CURVE);
  const encapped = ephemeral.generateKeys();
  let dh: Buffer;
  try {
    dh = ephemeral.computeSecret(recipient);
  } catch {
    throw new BundleError('the target public key is not a point of the P-256 curve');
  }
  const { key, nonce } = keySchedule(dh, encapped, recipient);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.concat([encapped, recipient]));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  return { encapped, ciphertext };
}

/** Decrypts what `hpkeSeal` (or `@turnkey/crypto`'s hpkeEncrypt) made for the holder of `privateKey` (hex). */
export function hpkeOpen(encapped: Buffer, ciphertext: Buffer, privateKey: string): Buffer {
  const recipient = createECDH(CURVE);
  recipient.setPrivateKey(Buffer.from(privateKey, 'hex'));
  const recipientPublic = recipient.getPublicKey();
  try {
    const dh = recipient.computeSecret(encapped);
    const { key, nonce } = keySchedule(dh, encapped, recipientPublic);
    if (ciphertext.length < 16) throw new Error('too short');
    const decipher = createDecipheriv('aes-256-gcm', key, nonce);
    decipher.setAAD(Buffer.concat([encapped, recipientPublic]));
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    return Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  } catch {
    throw new BundleError('the encrypted bundle does not decrypt with the key of the last import initialised');
  }
}

/** The enclave key's public half, uncompressed hex: what clients pass as the signer key. */
export function enclavePublicKey(enclaveKey: string): string {
  const ecdh = createECDH(CURVE);
  ecdh.setPrivateKey(Buffer.from(enclaveKey, 'hex'));
  return ecdh.getPublicKey('hex', 'uncompressed');
}

/** A fresh enclave key: a P-256 scalar in hex. */
export function newEnclaveKey(): string {
  const ecdh = createECDH(CURVE);
  ecdh.generateKeys();
  return ecdh.getPrivateKey('hex').padStart(64, '0');
}

/** Signs `data` (a JSON object) as the enclave: the bundle's outer JSON. */
function signedBundle(data: Record<string, string>, enclaveKey: string): string {
  const publicKey = enclavePublicKey(enclaveKey);
  const key = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: Buffer.from(enclaveKey.padStart(64, '0'), 'hex').toString('base64url'),
      x: Buffer.from(publicKey.slice(2, 66), 'hex').toString('base64url'),
      y: Buffer.from(publicKey.slice(66), 'hex').toString('base64url'),
    },
    format: 'jwk',
  });
  const dataBytes = Buffer.from(JSON.stringify(data), 'utf8');
  const signature = sign('sha256', dataBytes, { key, dsaEncoding: 'der' });
  return JSON.stringify({
    version: BUNDLE_VERSION,
    data: dataBytes.toString('hex'),
    dataSignature: signature.toString('hex'),
    enclaveQuorumPublic: publicKey,
  });
}

/**
 * An export bundle: `secret` (a private key's bytes, or a mnemonic as text) encrypted to `targetPublicKey` (P-256, hex),
 * for `organizationId`, signed by the enclave key. Throws BundleError when the target is not a P-256 key.
 */
export function exportBundleFor(
  secret: Uint8Array | string,
  targetPublicKey: string,
  organizationId: string,
  enclaveKey: string,
): string {
  const recipient = p256PublicKey(targetPublicKey, 'the target public key');
  const plaintext = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret;
  const { encapped, ciphertext } = hpkeSeal(plaintext, recipient);
  return signedBundle(
    { encappedPublic: encapped.toString('hex'), ciphertext: ciphertext.toString('hex'), organizationId },
    enclaveKey,
  );
}

/** An import bundle: the target key's public half for `userId` of `organizationId`, signed by the enclave key. */
export function importBundleFor(
  targetPrivateKey: string,
  organizationId: string,
  userId: string,
  enclaveKey: string,
): string {
  return signedBundle({ targetPublic: enclavePublicKey(targetPrivateKey), organizationId, userId }, enclaveKey);
}

/**
 * What the client encrypted to the import target (`@turnkey/crypto`'s encryptPrivateKeyToBundle or
 * encryptWalletToBundle: `{encappedPublic, ciphertext}` in hex). Throws BundleError when it does not decrypt.
 */
export function openImportBundle(encryptedBundle: string, targetPrivateKey: string): Buffer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(encryptedBundle);
  } catch {
    throw new BundleError('the encrypted bundle is not JSON');
  }
  const { encappedPublic, ciphertext } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof encappedPublic !== 'string' || typeof ciphertext !== 'string' || !/^([0-9a-fA-F]{2})+$/.test(ciphertext))
    throw new BundleError('the encrypted bundle needs encappedPublic and ciphertext, both in hex');
  const encapped = p256PublicKey(encappedPublic, "the bundle's encappedPublic");
  return hpkeOpen(encapped, Buffer.from(ciphertext, 'hex'), targetPrivateKey);
}

/**
 * The import target key for the import `activityId` initialised: derived from the enclave key, so that nothing
 * secret is written for it (the journal records only which activity initialised the user's import).
 */
export function importTargetKey(
  enclaveKey: string,
  organizationId: string,
  userId: string,
  kind: string,
  activityId: string,
): string {
  for (let counter = 0; ; counter++) {
    const candidate = Buffer.from(
      hkdfSync(
        'sha256',
        Buffer.from(enclaveKey, 'hex'),
        Buffer.from('countersign import target'),
        Buffer.from(`${organizationId}\n${userId}\n${kind}\n${activityId}\n${counter}`),
        32,
      ),
    );
    try {
      createECDH(CURVE).setPrivateKey(candidate);
      return candidate.toString('hex');
    } catch {
      // Out of the curve's range (about one in 2^32): the next counter.
    }
  }
}
