/**
 * Where the words of a wallet activity are read: the approve dialog and the notification lead with an export's
 * risk, the review page shows it first and what it does, and a signing through a wallet account names the account
 * and its wallet once.
 */
import * as assert from 'node:assert/strict';
import type { Activity } from '../../../src/api';
import { decodeRawPayload } from '../../../src/api/remote';
import { exportWalletParametersSchema } from '../../../src/api/schemas/keyTransfer';
import { signRawPayloadsParametersSchema } from '../../../src/api/schemas/wallet';
import { buildReviewModel } from '../../../src/extension/review/reviewModel';
import { summarizeActivity } from '../../../src/extension/wording/activitySummaryWords';
import { activityTitle } from '../../../src/extension/wording/activityWords';
import { awaitingNotice } from '../../../src/extension/wording/approvalWords';
import { readableVoteDetail } from '../../../src/extension/wording/voteDialogWords';
import {
  ACCOUNT_0,
  activity,
  COLD,
  DECODE,
  facts,
  inputs,
  names,
  summary,
  TARGET,
  TARGET_SHORT,
} from '../../support/walletActivityFixtures';

describe('wallet activities where a decision is taken', () => {
  it('a signing through a wallet account says which wallet account, once, in the dialog and the notification', () => {
    const a = activity('ACTIVITY_TYPE_SIGN_RAW_PAYLOADS', 'signRawPayloadsIntent', signRawPayloadsParametersSchema, {
      signWith: ACCOUNT_0,
      payloads: ['deadbeef'],
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_KECCAK256',
    });
    const read = summary(a);
    const signer = `Treasury cold · account 0 (${ACCOUNT_0})`;
    assert.equal(read.signer, signer);
    assert.equal(read.line, `Signs with ${signer}`);
    // Read by the signature's decoder, the payload's words follow the wallet account, named first.
    const decoded = summarizeActivity(a, { ...inputs(), decode: DECODE });
    assert.deepEqual(decoded?.details[0], { label: 'Signs with', value: signer });
    assert.equal(decoded?.signer, signer);
    // The dialog names the signer once, by the wallet account, not again by its bare address.
    const detail = readableVoteDetail('approve', a.fingerprint, a.organizationId, a, undefined, decoded);
    assert.equal(detail.split(ACCOUNT_0).length - 1, 1, detail);
    assert.ok(detail.includes(`  Signs with: ${signer}\n`), detail);
    assert.ok(activityTitle(a, undefined, (id) => names.get(id)).includes('Treasury cold · account 0 (0x'));
    // A private key is said as before: no wallet account is named.
    const byKey = activity(
      'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS',
      'signRawPayloadsIntent',
      signRawPayloadsParametersSchema,
      {
        signWith: 'key-1',
        payloads: ['deadbeef'],
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      },
    );
    assert.equal(summarizeActivity(byKey, inputs()), undefined);
  });

  it('the dialog and the notification lead with the risk of an export', () => {
    const a = activity('ACTIVITY_TYPE_EXPORT_WALLET', 'exportWalletIntent', exportWalletParametersSchema, {
      walletId: COLD,
      targetPublicKey: TARGET,
    });
    const read = summary(a);
    const detail = readableVoteDetail('approve', a.fingerprint, a.organizationId, a, undefined, read);
    assert.equal(detail.split('\n')[0], `⚠ ${read.flags[0]}`);
    assert.ok(detail.includes(`What it does: ${read.line}`), detail);
    assert.ok(!detail.includes(TARGET_SHORT.replace('…', '')), 'the raw intent is not listed');
    const notice = awaitingNotice(a, 'Team root user 2', undefined, undefined, read);
    assert.ok(notice.startsWith('⚠ Exports a recovery phrase. Team root user 2 asks for your vote'), notice);
  });

  it('the review page shows the risk first and what it does; a signing, its wallet account', () => {
    const exported = activity('ACTIVITY_TYPE_EXPORT_WALLET', 'exportWalletIntent', exportWalletParametersSchema, {
      walletId: COLD,
      targetPublicKey: TARGET,
    });
    const review = (a: Activity) =>
      buildReviewModel({
        activity: a,
        names: undefined,
        interfaces: [],
        decode: { ...DECODE, payload: decodeRawPayload },
        nameOf: (id) => names.get(id),
        wallets: facts(),
      });
    const model = review(exported);
    assert.deepEqual(model.risks, [summary(exported).flags[0]]);
    const rows = model.sections.find((s) => s.id === 'call')?.rows ?? [];
    assert.deepEqual(rows[0], { label: 'Does', value: summary(exported).line });
    const signing = activity(
      'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS',
      'signRawPayloadsIntent',
      signRawPayloadsParametersSchema,
      {
        signWith: ACCOUNT_0,
        payloads: ['deadbeef'],
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      },
    );
    assert.equal(
      review(signing).summary.find((r) => r.label === 'Signs with')?.value,
      `Treasury cold · account 0 (${ACCOUNT_0})`,
    );
  });
});
