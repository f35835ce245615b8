/**
 * The "Treasury" organization of the seed, which shows policies at work: one root user (quorum 1), two approvers
 * tagged `finance` who are not root users, an untagged developer, a signing key tagged `hot`, two wallets ("Treasury
 * hot" and "Treasury cold", one Ethereum account each), the sample token's interface, and six policies:
 * - the developer may sign ERC-20 transfers to the token below a cap, alone, from anything but the cold wallet;
 * - a transfer of the cap or more needs two `finance` approvals;
 * - anything signed with a `hot`-tagged key to another address than the token (the one registered) is denied;
 * - the cold wallet signs only with two `finance` approvals, whatever it signs;
 * - the hot wallet signs transactions to the token (the one registered) only: to any other address, it is denied;
 * - an export of the cold wallet (its recovery phrase, or one account's key) needs two `finance` approvals.
 * Wallets have no tags, so the wallet policies name their wallet by id (`wallet.id`), and the developer's policy
 * leaves the cold wallet's account out by `eth.tx.from`, which every signing of a transaction reads.
 * A data directory seeded before Treasury existed gains it once, at start-up (see `missingTreasury`).
 */
import { randomUUID } from 'node:crypto';
import { SAMPLE_TOKEN_ABI, SAMPLE_TOKEN_ADDRESS, SAMPLE_TOKEN_LABEL } from '../api/remote';
import type { SandboxOrganization } from './credentials';
import type { PolicyRecord } from './policyRecords';
import { ethereumAccountAt, privateKeyRecord, seedUser, seedWallet } from './seedParts';
import type { Effect, OrganizationRecord, SandboxState } from './state';

export const TREASURY = 'Treasury';
/** 1000 tokens of 18 decimals: below it the developer signs alone, from it on two `finance` approvals are needed. */
export const TREASURY_TRANSFER_CAP = 1000n * 10n ** 18n;
export const TREASURY_USERS = {
  root: 'Treasury root user',
  approver1: 'Treasury approver 1',
  approver2: 'Treasury approver 2',
  developer: 'Treasury developer',
} as const;
export const TREASURY_HOT_KEY = 'Treasury hot key';
export const TREASURY_WALLETS = { hot: 'Treasury hot', cold: 'Treasury cold' } as const;

export interface TreasurySeed {
  readonly organization: OrganizationRecord;
  /** Its tags, the token's interface and its policies: applied right after the organization, in the same record. */
  readonly effects: Effect[];
  readonly credentials: SandboxOrganization;
}

export function createTreasury(nowMs: number): TreasurySeed {
  const organizationId = randomUUID();
  const made = Object.values(TREASURY_USERS).map((name) => seedUser(name, nowMs));
  const users = made.map((m) => m.user);
  const [root, approver1, approver2, developer] = users.map((u) => u.userId) as [string, string, string, string];
  const key = privateKeyRecord(TREASURY_HOT_KEY, 'CURVE_SECP256K1', false, nowMs);
  const financeTagId = randomUUID();
  const hotTagId = randomUUID();
  const hotWallet = seedWallet(organizationId, TREASURY_WALLETS.hot, [ethereumAccountAt(0)], nowMs);
  const coldWallet = seedWallet(organizationId, TREASURY_WALLETS.cold, [ethereumAccountAt(0)], nowMs);
  const coldAddress = coldWallet.addresses[0] as string;
  const twoFinance = `approvers.filter(u, u.tags.contains('${financeTagId}')).count() >= 2`;
  const token = `'${SAMPLE_TOKEN_ADDRESS}'`;
  const transfer = `eth.tx.to == ${token} && eth.tx.function_name == 'transfer'`;
  const policy = (
    name: string,
    fields: Omit<PolicyRecord, 'policyId' | 'policyName' | 'createdAtMs' | 'updatedAtMs'>,
  ) => ({
    policyId: randomUUID(),
    policyName: name,
    ...fields,
    createdAtMs: nowMs,
    updatedAtMs: nowMs,
  });
  const policies: PolicyRecord[] = [
    policy('Developer transfers below the cap', {
      effect: 'EFFECT_ALLOW',
      consensus: `approvers.any(u, u.id == '${developer}')`,
      condition: `${transfer} && eth.tx.contract_call_args['amount'] < ${TREASURY_TRANSFER_CAP} && eth.tx.from != '${coldAddress}'`,
      notes: `The developer may sign transfers of the sample token below 1000 tokens alone, from any key or wallet but the cold wallet's account (${coldAddress}).`,
    }),
    policy('Large transfers need two finance approvals', {
      effect: 'EFFECT_ALLOW',
      consensus: twoFinance,
      condition: `${transfer} && eth.tx.contract_call_args['amount'] >= ${TREASURY_TRANSFER_CAP}`,
      notes: 'A transfer of 1000 tokens or more runs once two users tagged finance approve it.',
    }),
    policy('Hot keys sign only for registered contracts', {
      effect: 'EFFECT_DENY',
      condition: `private_key.tags.contains('${hotTagId}') && eth.tx.to != ${token}`,
      notes: `A key tagged hot signs transactions to the sample token (${SAMPLE_TOKEN_ADDRESS}) only: to any other address, it is denied.`,
    }),
    policy('Cold wallet signs only with two finance approvals', {
      effect: 'EFFECT_ALLOW',
      consensus: twoFinance,
      condition: `activity.action == 'SIGN' && wallet.id == '${coldWallet.walletId}'`,
      notes: 'Whatever the cold wallet signs runs once two users tagged finance approve it.',
    }),
    policy('Hot wallet signs only for registered contracts', {
      effect: 'EFFECT_DENY',
      condition: `activity.action == 'SIGN' && wallet.id == '${hotWallet.walletId}' && eth.tx.to != ${token}`,
      notes: `The hot wallet signs transactions to the sample token (${SAMPLE_TOKEN_ADDRESS}) only: to any other address, it is denied.`,
    }),
    policy('Cold wallet exports need two finance approvals', {
      effect: 'EFFECT_ALLOW',
      consensus: twoFinance,
      condition: `activity.resource == 'WALLET' && activity.action == 'EXPORT' && wallet.id == '${coldWallet.walletId}'`,
      notes:
        "An export of the cold wallet's recovery phrase, or of one of its accounts' keys, runs once two users tagged finance approve it.",
    }),
  ];
  const organization: OrganizationRecord = {
    organizationId,
    name: TREASURY,
    parentOrganizationId: null,
    rootQuorum: 1,
    rootUserIds: [root],
    users,
    privateKeys: [key],
    createdAtMs: nowMs,
  };
  const effects: Effect[] = [
    {
      op: 'putUserTag',
      organizationId,
      record: { tagId: financeTagId, tagName: 'finance', createdAtMs: nowMs, updatedAtMs: nowMs },
      userIds: [approver1, approver2],
    },
    {
      op: 'putTag',
      organizationId,
      record: { tagId: hotTagId, tagName: 'hot', privateKeyIds: [key.privateKeyId], createdAtMs: nowMs },
    },
    {
      op: 'putInterface',
      organizationId,
      record: {
        smartContractInterfaceId: randomUUID(),
        smartContractAddress: SAMPLE_TOKEN_ADDRESS,
        smartContractInterface: JSON.stringify(SAMPLE_TOKEN_ABI),
        type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
        label: SAMPLE_TOKEN_LABEL,
        notes: '',
        createdAtMs: nowMs,
      },
    },
    hotWallet.effect,
    coldWallet.effect,
    { op: 'putPolicies', organizationId, records: policies },
  ];
  const credentials: SandboxOrganization = {
    name: TREASURY,
    organizationId,
    parentOrganizationId: null,
    rootQuorum: 1,
    users: made.map((m) => m.credentialUser),
    privateKeyIds: [key.privateKeyId],
  };
  return { organization, effects, credentials };
}

/** Whether the journal predates Treasury (it has no top-level organization of that name). */
export function missingTreasury(state: SandboxState): boolean {
  for (const organization of state.organizations.values())
    if (organization.record.name === TREASURY && organization.record.parentOrganizationId === null) return false;
  return true;
}
