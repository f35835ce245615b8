/**
 * A multicall in the words of every place of decision: one line naming its calls, the dialog listing each call
 * with its arguments and the risk of the hidden approve first, the row's risks once each, and the review page
 * showing the inner calls where the bytes were.
 */
import * as assert from 'node:assert/strict';
import {
  decodeEthereumTransaction,
  decodeRawPayload,
  encodeFunctionCall,
  summarizeTransaction,
} from '../../../src/api/remote';
import { SAMPLE_TOKEN_ADDRESS, SAMPLE_TOKEN_LABEL } from '../../../src/api/sampleToken';
import {
  APPROVE,
  MAX_UINT256 as MAX,
  MULTICALL,
  MULTICALL3,
  RECIPIENT,
  signingActivity,
  tokenWithMulticall,
  TRANSFER,
  UNREGISTERED,
} from '../../support/transactionFixtures';
import { buildReviewModel } from '../../../src/extension/review/reviewModel';
import type { ReviewArgument } from '../../../src/extension/review/reviewMessages';
import { summarizeActivity, type SummaryInputs } from '../../../src/extension/wording/activitySummaryWords';
import { readableVoteDetail, type OrganizationNames } from '../../../src/extension/wording/voteDialogWords';
import { inTranslation } from '../../support/translatedBundle';

const token = tokenWithMulticall;
const names: OrganizationNames = { name: 'Team', threshold: 2, names: new Map([['key-1', 'Team operations key']]) };
const decode = { transaction: decodeEthereumTransaction, summarize: summarizeTransaction };
const inputs: SummaryInputs = { decode, interfaces: [token], descriptors: [] };

const signing = (id: string, to: string, data: string) => signingActivity(id, to, data, 200_000n);

const transfer = encodeFunctionCall(TRANSFER, [RECIPIENT, 5n * 10n ** 18n]);
const unlimited = encodeFunctionCall(APPROVE, [RECIPIENT, MAX]);
const hidden = signing(
  'act-multicall',
  SAMPLE_TOKEN_ADDRESS,
  encodeFunctionCall(MULTICALL, [[transfer, unlimited, '0xdeadbeef', transfer]]),
);

describe('extension (pure): the calls inside a multicall in words', () => {
  it('says on one line how many calls the multicall makes and names the first ones', () => {
    const summary = summarizeActivity(hidden, inputs);
    assert.equal(
      summary?.line,
      'Multicall of 4 calls: transfer(…), approve(…), unreadable call 0xdeadbeef, and 1 more',
    );
    const one = summarizeActivity(signing('one', UNREGISTERED, encodeFunctionCall(MULTICALL, [[unlimited]])), inputs);
    assert.equal(one?.line, "Multicall of 1 call: approve(…) · not from your organization's interfaces");
  });

  it('puts the hidden unlimited approve first in the dialog, naming its call, then lists every call', () => {
    const summary = summarizeActivity(hidden, inputs);
    assert.deepEqual(summary?.risks, ['Unlimited approval', 'Unreadable call in a multicall']);
    const detail = readableVoteDetail('approve', hidden.fingerprint, 'org-1', hidden, names, summary);
    const lines = detail.split('\n');
    assert.match(lines[0] ?? '', /^⚠ In call 2 of the multicall: Unlimited token approval: 0xdbF03B40\w+ may spend/);
    assert.match(lines[1] ?? '', /^⚠ Call 3 of the multicall cannot be read \(selector 0xdeadbeef\)/);
    assert.match(detail, /\n {2}Call 1: transfer\(to 0xdbF03B…C8C6FB, amount 5 EXAMPLE\)\n/);
    assert.match(detail, /\n {2}Call 2: approve\(spender 0xdbF03B…C8C6FB, amount unlimited\)\n/);
    assert.match(
      detail,
      /\n {2}Call 3: data that does not match "Example token \(ERC-20\)" \(0xdeadbeef\): no function/,
    );
    assert.match(detail, /\n {2}Call 4: transfer\(/);
    assert.doesNotMatch(detail, /data: \[/, 'the calls are listed, not their bytes');
  });

  it('names the target of each call of aggregate3, and counts the calls past the bound', () => {
    const calls = Array.from({ length: 34 }, (_, i) => ({
      target: i === 1 ? UNREGISTERED : SAMPLE_TOKEN_ADDRESS,
      allowFailure: false,
      callData: transfer,
    }));
    const activity = signing(
      'act-aggregate3',
      MULTICALL3,
      encodeFunctionCall('function aggregate3((address target, bool allowFailure, bytes callData)[] calls)', [calls]),
    );
    const summary = summarizeActivity(activity, inputs);
    assert.match(
      summary?.line ?? '',
      /^Multicall of 34 calls: transfer\(…\), transfer\(…\), transfer\(…\), and 31 more/,
    );
    const details = new Map(summary?.details.map((d) => [d.label, d.value]));
    assert.equal(
      details.get('Call 1'),
      `transfer(to 0xdbF03B…C8C6FB, amount 5 EXAMPLE) on ${SAMPLE_TOKEN_LABEL} (0xfB6916…c5d359)`,
    );
    assert.match(details.get('Call 2') ?? '', /not from your organization's interfaces\) on 0xD1220A…7b9aDb$/);
    assert.equal(details.get('Call 33'), undefined);
    assert.equal(details.get('Not read'), '2 more calls, not read');
    assert.deepEqual(summary?.risks, ['Unregistered contract', 'Calls not read']);
    assert.ok(summary?.flags.includes('2 calls inside the multicall were not read: what they do is not shown here.'));
  });

  it('translates each sentence whole', () => {
    const summary = inTranslation(
      (message) => `[${message}]`,
      () => summarizeActivity(hidden, inputs),
    );
    assert.match(summary?.flags[0] ?? '', /^\[In call 2 of the multicall: \[Unlimited token approval: .*\]\]$/);
    assert.match(summary?.line ?? '', /^\[Multicall of 4 calls: \[.*, and 1 more\]\]$/);
  });

  it('shows the inner calls on the review page where the bytes were, with their arguments', () => {
    const model = buildReviewModel({
      activity: hidden,
      names,
      interfaces: [token],
      decode: { ...decode, payload: decodeRawPayload },
    });
    const call = model.sections.find((s) => s.id === 'call');
    assert.equal(call?.call?.title, 'multicall(data)');
    assert.match(model.risks[0] ?? '', /^In call 2 of the multicall: Unlimited token approval/);
    const data = call?.call?.arguments[0];
    const parts = data?.parts ?? [];
    assert.deepEqual(
      parts.map((p: ReviewArgument) => [p.name, p.type]),
      [
        ['[0] transfer(to, amount)', 'transfer(address,uint256)'],
        ['[1] approve(spender, amount)', 'approve(address,uint256)'],
        ['[2]', 'bytes'],
        ['[3] transfer(to, amount)', 'transfer(address,uint256)'],
      ],
    );
    assert.match(parts[1]?.parts?.[1]?.text ?? '', /^unlimited \(raw 1157920892/);
    assert.match(parts[2]?.text ?? '', /^the data does not match "Example token \(ERC-20\)": no function/);
  });
});
