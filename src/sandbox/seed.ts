/**
 * What a new sandbox starts with: "Demo" (quorum 1, one root user, three private keys), "Team" (quorum 2,
 * two root users, two private keys) and "Demo Sub-organization" (a sub-organization of Demo with its own
 * root user and one private key that was never exported). API keys are fresh P-256 pairs; only their
 * public halves enter the journal, the private halves go to credentials.json alone. The secp256k1 private
 * keys are real keys the sandbox signs with; their private halves are in the journal alone.
 *
 * Team's second root user also has a passkey, so a Team activity can be approved with a WebAuthn stamp.
 * It is simulated: a fresh P-256 pair like an API key's, whose private half is kept in credentials.json
 * for whatever plays the device (tests, tools), never in the journal.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { generateApiKeyPair } from '../api/remote';
import type { SandboxOrganization, SandboxUser } from './credentials';
import { newSigningKeyPair } from './signingKeys';
import type { OrganizationRecord, PrivateKeyRecord, UserRecord } from './state';

interface OrganizationPlan {
  readonly name: string;
  readonly rootQuorum: number;
  readonly parent?: string;
  readonly userNames: readonly string[];
  /** Users (by name) who also get a passkey. */
  readonly passkeyUsers?: readonly string[];
  readonly privateKeys: readonly {
    readonly name: string;
    readonly curve: 'CURVE_SECP256K1' | 'CURVE_ED25519';
    readonly exported: boolean;
  }[];
}

const plans: readonly OrganizationPlan[] = [
  {
    name: 'Demo',
    rootQuorum: 1,
    userNames: ['Demo root user'],
    privateKeys: [
      { name: 'Demo signing key', curve: 'CURVE_SECP256K1', exported: true },
      { name: 'Demo treasury key', curve: 'CURVE_SECP256K1', exported: false },
      { name: 'Demo Solana key', curve: 'CURVE_ED25519', exported: true },
    ],
  },
  {
    name: 'Team',
    rootQuorum: 2,
    userNames: ['Team root user 1', 'Team root user 2'],
    passkeyUsers: ['Team root user 2'],
    privateKeys: [
      { name: 'Team operations key', curve: 'CURVE_SECP256K1', exported: true },
      { name: 'Team reserve key', curve: 'CURVE_SECP256K1', exported: true },
    ],
  },
  {
    name: 'Demo Sub-organization',
    rootQuorum: 1,
    parent: 'Demo',
    userNames: ['Sub-organization root user'],
    privateKeys: [{ name: 'Sub-organization key', curve: 'CURVE_SECP256K1', exported: false }],
  },
];

/**
 * A real key of the curve, so listings look like the service's. A secp256k1 key is one the sandbox signs
 * with; an ed25519 key's private half is discarded.
 */
function privateKeyRecord(
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

export interface Seed {
  readonly organizations: OrganizationRecord[];
  readonly credentials: SandboxOrganization[];
}

export function createSeed(nowMs: number): Seed {
  const organizations: OrganizationRecord[] = [];
  const credentials: SandboxOrganization[] = [];
  const idsByName = new Map<string, string>();
  for (const plan of plans) {
    const organizationId = randomUUID();
    idsByName.set(plan.name, organizationId);
    const users: UserRecord[] = [];
    const credentialUsers: SandboxOrganization['users'] = [];
    for (const userName of plan.userNames) {
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
      if (plan.passkeyUsers?.includes(userName)) {
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
      users.push(user);
      credentialUsers.push(credentialUser);
    }
    const privateKeys = plan.privateKeys.map((k) => privateKeyRecord(k.name, k.curve, k.exported, nowMs));
    const parentOrganizationId = plan.parent === undefined ? null : (idsByName.get(plan.parent) ?? null);
    organizations.push({
      organizationId,
      name: plan.name,
      parentOrganizationId,
      rootQuorum: plan.rootQuorum,
      rootUserIds: users.map((u) => u.userId),
      users,
      privateKeys,
      createdAtMs: nowMs,
    });
    credentials.push({
      name: plan.name,
      organizationId,
      parentOrganizationId,
      rootQuorum: plan.rootQuorum,
      users: credentialUsers,
      privateKeyIds: privateKeys.map((k) => k.privateKeyId),
    });
  }
  return { organizations, credentials };
}
