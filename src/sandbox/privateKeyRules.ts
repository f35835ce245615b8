/**
 * Private keys and their tags: what create_private_keys (V2) and update_private_key_tag do once their quorum is
 * met, and the checks made when create_private_keys is submitted.
 *
 * The sandbox makes secp256k1 keys it can sign with (addresses: Ethereum and compressed) and Ed25519 keys it only
 * lists (address: compressed); any other curve or address format is refused with 400, nothing created. A key's name
 * is unique in its organization; tags are named by id and must exist.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { ActivityType, GrpcCode } from '../api';
import { operations } from '../api/remote';
import { PRIVATE_KEY_LIMIT } from './limits';
import { failed, type Outcome } from './outcome';
import { invalidRequest } from './rpcError';
import { newSigningKeyPair, SECP256K1 } from './signingKeys';
import type { ActivityRecord, Effect, Organization, PrivateKeyRecord } from './state';

const ED25519 = 'CURVE_ED25519';

/** The address formats the sandbox derives, per curve. */
const FORMATS: Readonly<Record<string, readonly string[]>> = {
  [SECP256K1]: ['ADDRESS_FORMAT_ETHEREUM', 'ADDRESS_FORMAT_COMPRESSED'],
  [ED25519]: ['ADDRESS_FORMAT_COMPRESSED'],
};

/** Refuses (400, nothing created) keys of a curve or address format the sandbox cannot make. */
export function checkPrivateKeysIntent(activityType: string, parameters: Record<string, unknown>): void {
  if (activityType !== ActivityType.CreatePrivateKeysV2) return;
  const { privateKeys } = operations.createPrivateKeys.parameters.parse(parameters);
  const names = new Set<string>();
  for (const [i, key] of privateKeys.entries()) {
    const at = `parameters.privateKeys[${i}]`;
    const formats = FORMATS[key.curve];
    if (formats === undefined)
      throw invalidRequest(
        `invalid request: the local sandbox creates ${SECP256K1} and ${ED25519} private keys only, not ${key.curve}`,
        [{ field: `${at}.curve`, description: `must be ${SECP256K1} or ${ED25519} in the local sandbox` }],
      );
    const unknown = key.addressFormats.find((f) => !formats.includes(f));
    if (unknown !== undefined)
      throw invalidRequest(
        `invalid request: the local sandbox derives ${formats.join(' and ')} addresses for ${key.curve} keys, not ${unknown.slice(0, 64)}`,
        [{ field: `${at}.addressFormats`, description: `must be among ${formats.join(', ')}` }],
      );
    if (names.has(key.privateKeyName))
      throw invalidRequest(`invalid request: the private key name "${key.privateKeyName}" is listed twice`, [
        { field: `${at}.privateKeyName`, description: 'is listed twice' },
      ]);
    names.add(key.privateKeyName);
  }
}

const privateKeyTagNotFound = (tagId: string): Outcome =>
  failed(
    GrpcCode.NotFound,
    `private key tag not found: no private key tag with ID ${tagId} in this organization`,
    'NOT_FOUND',
  );

function newKey(
  name: string,
  curve: string,
  formats: readonly string[],
  tags: readonly string[],
  now: number,
): PrivateKeyRecord {
  const base = {
    privateKeyId: randomUUID(),
    privateKeyName: name,
    curve,
    privateKeyTags: [...new Set(tags)],
    exported: false,
    imported: false,
    createdAtMs: now,
    updatedAtMs: now,
  };
  if (curve === SECP256K1) {
    // A key the sandbox signs with: its private half stays in the journal, never in an answer.
    const pair = newSigningKeyPair();
    return { ...base, ...pair, addresses: pair.addresses.filter((a) => formats.includes(a.format)) };
  }
  const jwk = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });
  const publicKey = Buffer.from(String(jwk.x), 'base64url').toString('hex');
  const addresses = formats.includes('ADDRESS_FORMAT_COMPRESSED')
    ? [{ format: 'ADDRESS_FORMAT_COMPRESSED', address: publicKey }]
    : [];
  return { ...base, publicKey, addresses };
}

export function createPrivateKeys(activity: ActivityRecord, organization: Organization, now: number): Outcome {
  const operation = operations.createPrivateKeys;
  const { privateKeys } = operation.parameters.parse(activity.intent[operation.intentKey]);
  const { record } = organization;
  if (record.privateKeys.length + privateKeys.length > PRIVATE_KEY_LIMIT) {
    return failed(
      GrpcCode.ResourceExhausted,
      `this organization already has ${record.privateKeys.length} private keys; an organization can have at most ${PRIVATE_KEY_LIMIT}`,
      'RESOURCE_LIMIT_EXCEEDED',
    );
  }
  const names = new Set(record.privateKeys.map((k) => k.privateKeyName));
  for (const key of privateKeys) {
    if (names.has(key.privateKeyName))
      return failed(
        GrpcCode.AlreadyExists,
        `a private key named "${key.privateKeyName}" already exists in this organization`,
        'REQUEST_INVALID',
      );
    const missing = key.privateKeyTags.find((id) => !organization.tags.has(id));
    if (missing !== undefined) return privateKeyTagNotFound(missing);
  }
  const organizationId = record.organizationId;
  const created = privateKeys.map((k) => newKey(k.privateKeyName, k.curve, k.addressFormats, k.privateKeyTags, now));
  const effects: Effect[] = created.map((key) => ({ op: 'putPrivateKey', organizationId, record: key }));
  return {
    status: 'ACTIVITY_STATUS_COMPLETED',
    result: {
      createPrivateKeysResultV2: {
        privateKeys: created.map((k) => ({ privateKeyId: k.privateKeyId, addresses: k.addresses })),
      },
    },
    effects,
  };
}

export function updatePrivateKeyTag(activity: ActivityRecord, organization: Organization, now: number): Outcome {
  const operation = operations.updatePrivateKeyTag;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
  const { privateKeyTagId, newPrivateKeyTagName } = intent;
  if (!organization.tags.has(privateKeyTagId)) return privateKeyTagNotFound(privateKeyTagId);
  if (newPrivateKeyTagName !== undefined) {
    for (const tag of organization.tags.values()) {
      if (tag.tagName === newPrivateKeyTagName && tag.tagId !== privateKeyTagId)
        return failed(
          GrpcCode.AlreadyExists,
          `a private key tag named "${newPrivateKeyTagName}" already exists in this organization`,
          'REQUEST_INVALID',
        );
    }
  }
  const known = new Set(organization.record.privateKeys.map((k) => k.privateKeyId));
  const missing = [...intent.addPrivateKeyIds, ...intent.removePrivateKeyIds].find((id) => !known.has(id));
  if (missing !== undefined)
    return failed(
      GrpcCode.NotFound,
      `private key not found: no private key with ID ${missing} in this organization`,
      'NOT_FOUND',
    );
  return {
    status: 'ACTIVITY_STATUS_COMPLETED',
    result: { updatePrivateKeyTagResult: { privateKeyTagId } },
    effects: [
      {
        op: 'updatePrivateKeyTag',
        organizationId: organization.record.organizationId,
        tagId: privateKeyTagId,
        ...(newPrivateKeyTagName !== undefined ? { tagName: newPrivateKeyTagName } : {}),
        addPrivateKeyIds: intent.addPrivateKeyIds,
        removePrivateKeyIds: intent.removePrivateKeyIds,
        updatedAtMs: now,
      },
    ],
  };
}
