/**
 * Exporting and importing private keys: what export_private_key, init_import_private_key and import_private_key do
 * once their quorum is met, and the checks made when they are submitted (400, nothing created).
 *
 * An export encrypts the key to the caller's P-256 key in the service's bundle format (exportBundles.ts) and marks
 * the key exported. An import is initialised per user: the enclave's target key for it is derived from the enclave
 * key and the initialising activity, and the import that follows uses it once. The sandbox imports secp256k1 keys
 * (addresses: Ethereum and compressed); an imported key is marked imported and signs like any other.
 */
import { randomUUID } from 'node:crypto';
import { ActivityType, GrpcCode } from '../api';
import { ethereumKeyPairOf, operations } from '../api/remote';
import type { ImportKind } from './state';
import {
  BundleError,
  exportBundleFor,
  importBundleFor,
  importTargetKey,
  openImportBundle,
  p256PublicKey,
} from './exportBundles';
import { PRIVATE_KEY_LIMIT } from './limits';
import { failed, type Outcome } from './outcome';
import { userNotFound } from './peopleRules';
import { invalidRequest } from './rpcError';
import { SECP256K1 } from './signingKeys';
import type { ActivityRecord, Effect, Organization, PrivateKeyRecord, SandboxState } from './state';

const IMPORT_FORMATS: readonly string[] = ['ADDRESS_FORMAT_ETHEREUM', 'ADDRESS_FORMAT_COMPRESSED'];

const EXPORTS: readonly string[] = [
  ActivityType.ExportPrivateKey,
  ActivityType.ExportWallet,
  ActivityType.ExportWalletAccount,
];
const ENGLISH = 'MNEMONIC_LANGUAGE_ENGLISH';

/**
 * Refuses (400, nothing created) an export to a key that is not P-256 (of a key, a wallet or an account), a mnemonic
 * in a language the sandbox does not export, and imports the sandbox cannot make.
 */
export function checkKeyTransferIntent(activityType: string, parameters: Record<string, unknown>): void {
  if (EXPORTS.includes(activityType)) {
    const targetPublicKey = String(parameters['targetPublicKey']);
    try {
      p256PublicKey(targetPublicKey, 'the target public key');
    } catch (error) {
      if (!(error instanceof BundleError)) throw error;
      throw invalidRequest(`invalid request: ${error.message}`, [
        { field: 'parameters.targetPublicKey', description: 'must be an uncompressed P-256 public key in hex' },
      ]);
    }
  }
  if (activityType === ActivityType.ExportWallet) {
    const { language } = operations.exportWallet.parameters.parse(parameters);
    if (language !== undefined && language !== ENGLISH)
      throw invalidRequest(`invalid request: the local sandbox exports English mnemonics only, not ${language}`, [
        { field: 'parameters.language', description: `must be ${ENGLISH} in the local sandbox` },
      ]);
  }
  if (activityType === ActivityType.ImportPrivateKey) {
    const { curve, addressFormats } = operations.importPrivateKey.parameters.parse(parameters);
    if (curve !== SECP256K1)
      throw invalidRequest(`invalid request: the local sandbox imports ${SECP256K1} private keys only, not ${curve}`, [
        { field: 'parameters.curve', description: `must be ${SECP256K1} in the local sandbox` },
      ]);
    const unknown = addressFormats.find((f) => !IMPORT_FORMATS.includes(f));
    if (unknown !== undefined)
      throw invalidRequest(
        `invalid request: the local sandbox derives ${IMPORT_FORMATS.join(' and ')} addresses for imported keys, not ${unknown.slice(0, 64)}`,
        [{ field: 'parameters.addressFormats', description: `must be among ${IMPORT_FORMATS.join(', ')}` }],
      );
  }
}

/** The enclave key, which every start gives the state before it serves (index.ts). */
export function enclaveKeyOf(state: SandboxState): string {
  if (state.enclaveKey === undefined) throw new Error('the sandbox has no enclave key');
  return state.enclaveKey;
}

export const notDecrypted = (error: unknown): Outcome => {
  if (!(error instanceof BundleError)) throw error;
  return failed(GrpcCode.InvalidArgument, `invalid bundle: ${error.message}`, 'REQUEST_INVALID');
};

export function exportPrivateKey(
  activity: ActivityRecord,
  organization: Organization,
  now: number,
  state: SandboxState,
): Outcome {
  const operation = operations.exportPrivateKey;
  const { privateKeyId, targetPublicKey } = operation.parameters.parse(activity.intent[operation.intentKey]);
  const organizationId = organization.record.organizationId;
  const key = organization.record.privateKeys.find((k) => k.privateKeyId === privateKeyId);
  if (!key)
    return failed(
      GrpcCode.NotFound,
      `private key not found: no private key with ID ${privateKeyId} in this organization`,
      'NOT_FOUND',
    );
  if (key.signingKey === undefined)
    return failed(
      GrpcCode.FailedPrecondition,
      `private key ${key.privateKeyId} cannot be exported: the local sandbox keeps the private half of secp256k1 keys only, and this is a ${key.curve} key`,
      'REQUEST_INVALID',
    );
  let exportBundle: string;
  try {
    exportBundle = exportBundleFor(
      Buffer.from(key.signingKey, 'hex'),
      targetPublicKey,
      organizationId,
      enclaveKeyOf(state),
    );
  } catch (error) {
    return notDecrypted(error);
  }
  return {
    status: 'ACTIVITY_STATUS_COMPLETED',
    result: { exportPrivateKeyResult: { privateKeyId, exportBundle } },
    effects: [{ op: 'markPrivateKeyExported', organizationId, privateKeyId, updatedAtMs: now }],
  };
}

/** Starts an import for `userId`: the import bundle to encrypt to, and the effect that remembers it. */
export function initImport(
  activity: ActivityRecord,
  organization: Organization,
  state: SandboxState,
  userId: string,
  kind: ImportKind,
): { importBundle: string; effect: Effect } | Outcome {
  if (!organization.record.users.some((u) => u.userId === userId)) return userNotFound(userId);
  const organizationId = organization.record.organizationId;
  const enclaveKey = enclaveKeyOf(state);
  const target = importTargetKey(enclaveKey, organizationId, userId, kind, activity.id);
  return {
    importBundle: importBundleFor(target, organizationId, userId, enclaveKey),
    effect: { op: 'setImportTarget', organizationId, userId, kind, activityId: activity.id },
  };
}

/** What the user's initialised import received, decrypted; or why not. The effect uses the import up. */
export function openImport(
  organization: Organization,
  state: SandboxState,
  userId: string,
  kind: ImportKind,
  encryptedBundle: string,
): { plaintext: Buffer; effect: Effect } | Outcome {
  if (!organization.record.users.some((u) => u.userId === userId)) return userNotFound(userId);
  const organizationId = organization.record.organizationId;
  const initialised = organization.importTargets.get(`${kind}:${userId}`);
  if (initialised === undefined)
    return failed(
      GrpcCode.FailedPrecondition,
      `no import is initialised for user ${userId}: call init_import_${kind === 'wallet' ? 'wallet' : 'private_key'} first`,
      'REQUEST_INVALID',
    );
  try {
    const target = importTargetKey(enclaveKeyOf(state), organizationId, userId, kind, initialised);
    const plaintext = openImportBundle(encryptedBundle, target);
    return { plaintext, effect: { op: 'setImportTarget', organizationId, userId, kind, activityId: null } };
  } catch (error) {
    return notDecrypted(error);
  }
}

/**
 * init_import_private_key and init_import_wallet: the user's new import target, in a bundle for the client to
 * encrypt to, under the result key of the activity's type.
 */
export function initImportRule(
  operation: Pick<typeof operations.initImportWallet, 'parameters' | 'intentKey'>,
  kind: ImportKind,
  resultKey: 'initImportPrivateKeyResult' | 'initImportWalletResult',
) {
  return (activity: ActivityRecord, organization: Organization, _now: number, state: SandboxState): Outcome => {
    const { userId } = operation.parameters.parse(activity.intent[operation.intentKey]);
    const started = initImport(activity, organization, state, userId, kind);
    if ('status' in started) return started;
    return {
      status: 'ACTIVITY_STATUS_COMPLETED',
      result: { [resultKey]: { importBundle: started.importBundle } },
      effects: [started.effect],
    };
  };
}

export const initImportPrivateKey = initImportRule(
  operations.initImportPrivateKey,
  'privateKey',
  'initImportPrivateKeyResult',
);

export function importPrivateKey(
  activity: ActivityRecord,
  organization: Organization,
  now: number,
  state: SandboxState,
): Outcome {
  const operation = operations.importPrivateKey;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
  const { record } = organization;
  if (record.privateKeys.length >= PRIVATE_KEY_LIMIT)
    return failed(
      GrpcCode.ResourceExhausted,
      `this organization already has ${record.privateKeys.length} private keys; an organization can have at most ${PRIVATE_KEY_LIMIT}`,
      'RESOURCE_LIMIT_EXCEEDED',
    );
  if (record.privateKeys.some((k) => k.privateKeyName === intent.privateKeyName))
    return failed(
      GrpcCode.AlreadyExists,
      `a private key named "${intent.privateKeyName}" already exists in this organization`,
      'REQUEST_INVALID',
    );
  const opened = openImport(organization, state, intent.userId, 'privateKey', intent.encryptedBundle);
  if ('status' in opened) return opened;
  let pair: ReturnType<typeof ethereumKeyPairOf>;
  try {
    if (opened.plaintext.length !== 32) throw new Error('not 32 bytes');
    pair = ethereumKeyPairOf(opened.plaintext.toString('hex'));
  } catch {
    return failed(
      GrpcCode.InvalidArgument,
      'invalid bundle: what it holds is not a secp256k1 private key (32 bytes)',
      'REQUEST_INVALID',
    );
  } finally {
    opened.plaintext.fill(0);
  }
  const addresses = [
    { format: 'ADDRESS_FORMAT_COMPRESSED', address: pair.publicKey },
    { format: 'ADDRESS_FORMAT_ETHEREUM', address: pair.address },
  ].filter((a) => intent.addressFormats.includes(a.format));
  const key: PrivateKeyRecord = {
    privateKeyId: randomUUID(),
    privateKeyName: intent.privateKeyName,
    publicKey: pair.publicKey,
    curve: SECP256K1,
    addresses,
    signingKey: pair.privateKey,
    privateKeyTags: [],
    exported: false,
    imported: true,
    createdAtMs: now,
    updatedAtMs: now,
  };
  return {
    status: 'ACTIVITY_STATUS_COMPLETED',
    result: { importPrivateKeyResult: { privateKeyId: key.privateKeyId, addresses } },
    effects: [opened.effect, { op: 'putPrivateKey', organizationId: record.organizationId, record: key }],
  };
}
