/**
 * What a new sandbox starts with: "Demo" (quorum 1, one root user, three private keys and "Demo wallet", with two
 * Ethereum accounts and a Solana account), "Team" (quorum 2, two root users, two private keys), "Demo
 * Sub-organization" (a sub-organization of Demo with its own root user and one private key that was never
 * exported) and "End user 1" (a sub-organization of Demo as an embedded-wallet product makes one per end user: its
 * own root user, and a wallet with one Ethereum account). API keys are fresh P-256 pairs; only their public halves
 * enter the journal, the private halves go to credentials.json alone. The secp256k1 private keys are real keys the
 * sandbox signs with; their private halves, like the wallets' mnemonics, are in the journal alone.
 *
 * Team's second root user also has a passkey, so a Team activity can be approved with a WebAuthn stamp.
 * It is simulated: a fresh P-256 pair like an API key's, whose private half is kept in credentials.json
 * for whatever plays the device (tests, tools), never in the journal.
 */
import { randomUUID } from 'node:crypto';
import type { SandboxOrganization } from './credentials';
import type { WalletAccountParams } from '../api';
import { ethereumAccountAt, privateKeyRecord, seedUser, seedWallet, solanaAccountAt } from './seedParts';
import type { Effect, OrganizationRecord, UserRecord } from './state';
import { createTreasury } from './treasurySeed';

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
  readonly wallets?: readonly { readonly name: string; readonly accounts: readonly WalletAccountParams[] }[];
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
    wallets: [{ name: 'Demo wallet', accounts: [ethereumAccountAt(0), ethereumAccountAt(1), solanaAccountAt(0)] }],
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
  {
    // An end user's sub-organization, as an embedded-wallet product makes one from its own (Demo's) backend.
    name: 'End user 1',
    rootQuorum: 1,
    parent: 'Demo',
    userNames: ['End user 1'],
    privateKeys: [],
    wallets: [{ name: 'End user 1 wallet', accounts: [ethereumAccountAt(0)] }],
  },
];

export interface Seed {
  readonly organizations: OrganizationRecord[];
  /** What the organizations hold besides users and keys: their wallets, Treasury's tags, interface and policies. */
  readonly effects: Effect[];
  readonly credentials: SandboxOrganization[];
}

export function createSeed(nowMs: number): Seed {
  const organizations: OrganizationRecord[] = [];
  const credentials: SandboxOrganization[] = [];
  const idsByName = new Map<string, string>();
  const effects: Effect[] = [];
  for (const plan of plans) {
    const organizationId = randomUUID();
    idsByName.set(plan.name, organizationId);
    const users: UserRecord[] = [];
    const credentialUsers: SandboxOrganization['users'] = [];
    for (const userName of plan.userNames) {
      const { user, credentialUser } = seedUser(userName, nowMs, plan.passkeyUsers?.includes(userName) === true);
      users.push(user);
      credentialUsers.push(credentialUser);
    }
    const privateKeys = plan.privateKeys.map((k) => privateKeyRecord(k.name, k.curve, k.exported, nowMs));
    const parentOrganizationId = plan.parent === undefined ? null : (idsByName.get(plan.parent) ?? null);
    for (const wallet of plan.wallets ?? [])
      effects.push(seedWallet(organizationId, wallet.name, wallet.accounts, nowMs).effect);
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
  const treasury = createTreasury(nowMs);
  organizations.push(treasury.organization);
  credentials.push(treasury.credentials);
  return { organizations, effects: [...effects, ...treasury.effects], credentials };
}
