/** Wallet activities as the service's schemas give them, and the organization's wallets the words read them with. */
import * as assert from 'node:assert/strict';
import type { Activity } from '../../src/api';
import {
  activitySchema,
  decodeEthereumTransaction,
  summarizeSignature,
  summarizeTransaction,
} from '../../src/api/remote';
import { summarizeActivity, type SummaryInputs } from '../../src/extension/wording/activitySummaryWords';
import type { WalletFacts } from '../../src/extension/wording/walletActivityWords';

export const COLD = 'wallet-cold';
export const PAYROLL = 'wallet-payroll';
export const ACCOUNT_0 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const TARGET = `04ab12cd${'0'.repeat(114)}a1b2c3`;
export const TARGET_SHORT = '04ab12cd…a1b2c3';

export function facts(exported: { cold?: boolean; payroll?: boolean } = {}): WalletFacts {
  const at = (walletId: string, n: number, address: string) => ({
    walletAccountId: `${walletId}-${n}`,
    walletId,
    address,
  });
  return {
    wallets: [
      {
        wallet: { walletId: COLD, walletName: 'Treasury cold', exported: exported.cold ?? false },
        accounts: [at(COLD, 0, ACCOUNT_0), at(COLD, 1, '0x0000000000000000000000000000000000000001')],
      },
      {
        wallet: { walletId: PAYROLL, walletName: 'Payroll', exported: exported.payroll ?? false },
        accounts: [at(PAYROLL, 0, '0x0000000000000000000000000000000000000002')],
      },
    ],
  };
}

export const names = new Map([
  [COLD, 'Treasury cold'],
  [PAYROLL, 'Payroll'],
  [ACCOUNT_0, 'Treasury cold · account 0'],
  [ACCOUNT_0.toLowerCase(), 'Treasury cold · account 0'],
  ['key-1', 'Team signing key'],
  ['user-1', 'Team root user 1'],
]);

export const inputs = (wallets: WalletFacts | undefined = facts()): SummaryInputs => ({
  decode: undefined,
  interfaces: undefined,
  descriptors: [],
  nameOf: (id) => names.get(id),
  wallets,
});

/** An activity of `type` whose intent is `parameters` as the schema parses them, under the service's intent key. */
export function activity(
  type: string,
  intentKey: string,
  schema: { parse(v: unknown): unknown },
  parameters: unknown,
): Activity {
  return activitySchema.parse({
    id: `act-${intentKey}`,
    organizationId: 'org-1',
    status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED',
    type,
    intent: { [intentKey]: schema.parse(parameters) },
    votes: [],
    fingerprint: `sha256:${intentKey}`,
    canApprove: true,
    canReject: true,
  });
}

export const DECODE = {
  transaction: decodeEthereumTransaction,
  summarize: summarizeTransaction,
  signature: summarizeSignature,
};

export const summary = (a: Activity, wallets?: WalletFacts) => {
  const read = summarizeActivity(a, inputs(wallets));
  assert.ok(read, `${a.type} has a summary`);
  return read;
};

export const HOSTILE = `**Pay**roll](command:countersign.approveActivity)\nnext line\u202Eevil ${'x'.repeat(200)}`;
