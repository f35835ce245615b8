/**
 * One summary of an activity for every place of decision: the teammate's transfer and the unregistered unlimited
 * approve read differently, each naming function, recipient and amount; the risks are in the dialog's words; a
 * passkey enrolment reads as whose passkey for whom, not JSON.
 */
import * as assert from 'node:assert/strict';
import {
  activitySchema,
  decodeEthereumTransaction,
  encodeFunctionCall,
  summarizeTransaction,
  type RegisteredInterface,
} from '../../../src/api/remote';
import { SAMPLE_TOKEN_ABI, SAMPLE_TOKEN_ADDRESS, SAMPLE_TOKEN_LABEL } from '../../../src/api/sampleToken';
import {
  amountDetail,
  summarizeActivity,
  type SummaryInputs,
} from '../../../src/extension/wording/activitySummaryWords';
import { awaitingNotice } from '../../../src/extension/wording/approvalWords';
import { readableVoteDetail, type OrganizationNames } from '../../../src/extension/wording/voteDialogWords';
import { buildReviewModel } from '../../../src/extension/review/reviewModel';
import { namedAddress } from '../../../src/extension/wording/addressNames';
import { decodeRawPayload } from '../../../src/api/remote';
import { RECIPIENT, signingActivity, UNREGISTERED } from '../../support/transactionFixtures';
import { inTranslation } from '../../support/translatedBundle';

const sample: RegisteredInterface = {
  smartContractInterfaceId: 'sci-1',
  smartContractAddress: SAMPLE_TOKEN_ADDRESS,
  smartContractInterface: JSON.stringify(SAMPLE_TOKEN_ABI),
  label: SAMPLE_TOKEN_LABEL,
};
const names: OrganizationNames = {
  name: 'Team',
  threshold: 2,
  names: new Map([
    ['user-2', 'Team root user 2'],
    ['key-1', 'Team operations key'],
  ]),
};
const inputs: SummaryInputs = {
  decode: { transaction: decodeEthereumTransaction, summarize: summarizeTransaction },
  interfaces: [sample],
  descriptors: [],
  nameOf: (id) => names.names.get(id),
};

const signing = (id: string, to: string, data: string) => signingActivity(id, to, data);

const transfer = signing(
  'act-transfer',
  SAMPLE_TOKEN_ADDRESS,
  encodeFunctionCall('function transfer(address to, uint256 amount)', [RECIPIENT, 250n * 10n ** 18n]),
);
const unlimited = signing(
  'act-approve',
  UNREGISTERED,
  encodeFunctionCall('function approve(address spender, uint256 amount)', [RECIPIENT, 2n ** 256n - 1n]),
);

describe('the summary of an activity', () => {
  it("names the transfer's function, recipient and amount in one line", () => {
    const summary = summarizeActivity(transfer, inputs);
    assert.ok(summary);
    assert.equal(summary.line, 'transfer(to 0xdbF03B…C8C6FB, amount 250 EXAMPLE)');
    assert.deepEqual(summary.flags, []);
    const details = Object.fromEntries(summary.details.map((d) => [d.label.trim(), d.value]));
    assert.equal(details['Function'], `transfer(to, amount) of "${SAMPLE_TOKEN_LABEL}"`);
    assert.equal(details['to'], RECIPIENT);
    assert.equal(
      details['amount'],
      '250 EXAMPLE (raw 250000000000000000000; 18 decimals from the built-in list of well-known tokens)',
    );
    assert.equal(details['Chain'], 'Sepolia (11155111)');
    assert.equal(details['Value'], '0 ETH');
  });

  it('names an address the organization owns as the signer, the rows and the review page do: Name (0x…)', () => {
    const account = 'Treasury cold · account 0';
    const owned: SummaryInputs = { ...inputs, nameOf: (id) => (id === RECIPIENT ? account : undefined) };
    const summary = summarizeActivity(transfer, owned);
    assert.ok(summary);
    assert.equal(summary.line, `transfer(to ${account} (0xdbF03B…C8C6FB), amount 250 EXAMPLE)`);
    assert.equal(summary.line, `transfer(to ${namedAddress(RECIPIENT, account)}, amount 250 EXAMPLE)`);
    const details = Object.fromEntries(summary.details.map((d) => [d.label.trim(), d.value]));
    assert.equal(details['to'], `${account} (${RECIPIENT})`);
    // A teammate's name keeps its hidden characters visible, in the same form.
    const tricky = summarizeActivity(transfer, {
      ...inputs,
      nameOf: (id) => (id === RECIPIENT ? 'Hot\u202eevil' : undefined),
    });
    assert.equal(tricky?.line, 'transfer(to Hot\\u202Eevil (0xdbF03B…C8C6FB), amount 250 EXAMPLE)');
  });

  it('reads the unregistered approve by its well-known signature, flagged, and differently from the transfer', () => {
    const summary = summarizeActivity(unlimited, inputs);
    assert.ok(summary);
    assert.equal(
      summary.line,
      "approve(spender 0xdbF03B…C8C6FB, amount unlimited) · not from your organization's interfaces",
    );
    assert.deepEqual(summary.risks, ['Unlimited approval', 'Unregistered contract']);
    assert.match(
      summary.flags[0] ?? '',
      /^Unlimited token approval: 0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB may spend/,
    );
    assert.notEqual(summary.line, summarizeActivity(transfer, inputs)?.line);
  });

  it('puts the risks first in the vote dialog, then the call instead of the raw bytes', () => {
    const summary = summarizeActivity(unlimited, inputs);
    const detail = readableVoteDetail('approve', unlimited.fingerprint, 'org-1', unlimited, names, summary);
    const lines = detail.split('\n');
    assert.match(lines[0] ?? '', /^⚠ Unlimited token approval/);
    assert.match(detail, /What it does: approve\(spender 0xdbF03B…C8C6FB, amount unlimited\)/);
    assert.match(
      detail,
      /amount: unlimited \(raw 115792089237316195423570985008687907853269984665640564039457584007913129639935 = 2\^256−1\)/,
    );
    assert.match(detail, /Signs with: Team operations key \(key-1\)/);
    assert.doesNotMatch(detail, /bytes\)/, 'the transaction is not shown as a byte count');
    const plain = readableVoteDetail('approve', transfer.fingerprint, 'org-1', transfer, names);
    assert.match(plain, /Transaction: Ethereum, 0x02/, 'without a summary the dialog says what it said before');
  });

  it('says in the notification its risk first, then what the request does', () => {
    const summary = summarizeActivity(unlimited, inputs);
    const notice = awaitingNotice(unlimited, 'Team root user 2', undefined, inputs.nameOf, summary);
    assert.match(
      notice,
      /^⚠ Unlimited approval, Unregistered contract\. Team root user 2 asks for your vote: Sign transaction with "Team operations key": approve\(/,
    );
    // One translated sentence, the risks inside it: no English fragment appended after the translation.
    const translated = inTranslation(
      (message) => `[${message}]`,
      () => awaitingNotice(unlimited, undefined, undefined, inputs.nameOf, summary),
    );
    assert.match(translated, /^\[⚠ Unlimited approval, Unregistered contract\. Your vote is asked for: .*\.\]$/);
  });

  it('reads a passkey enrolment as whose passkey for whom, not JSON', () => {
    const enrolment = activitySchema.parse({
      ...transfer,
      id: 'act-passkey',
      type: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
      intent: {
        createAuthenticatorsIntentV2: {
          userId: 'user-2',
          authenticators: [{ authenticatorName: 'Laptop', challenge: 'abc', attestation: { credentialId: 'x' } }],
        },
      },
    });
    const summary = summarizeActivity(enrolment, inputs);
    assert.equal(summary?.line, 'Adds passkey "Laptop" to Team root user 2');
    const detail = readableVoteDetail('approve', enrolment.fingerprint, 'org-1', enrolment, names, summary);
    assert.match(detail, /What it does: Adds passkey "Laptop" to Team root user 2/);
    assert.doesNotMatch(detail, /challenge|\[\{/);
  });

  it("keeps a teammate's hidden characters visible in an interface label", () => {
    const tricky = { ...sample, label: 'Token\u202eevil' };
    const summary = summarizeActivity(transfer, { ...inputs, interfaces: [tricky] });
    assert.ok(summary?.details.some((d) => d.value.includes('Token\\u202Eevil')));
  });

  it('shows an amount without known decimals as its raw value, saying so', () => {
    assert.equal(
      amountDetail({
        raw: '5',
        scaled: undefined,
        symbol: undefined,
        decimals: undefined,
        source: undefined,
        message: undefined,
        unlimited: false,
      }),
      'raw 5 (decimals not known)',
    );
  });

  it('flags the approval on the review page, reads it with the well-known signature, and offers Open ABI for a registered call', () => {
    const decode = {
      transaction: decodeEthereumTransaction,
      payload: decodeRawPayload,
      summarize: summarizeTransaction,
    };
    const approveModel = buildReviewModel({ activity: unlimited, names, interfaces: [sample], decode });
    const call = approveModel.sections.find((s) => s.id === 'call');
    assert.match(approveModel.risks[0] ?? '', /^Unlimited token approval/, 'the risk is the page’s, shown first');
    assert.equal(call?.call?.title, 'approve(spender, amount)');
    assert.equal(approveModel.openAbi, undefined, 'no registered ABI to open');
    const transferModel = buildReviewModel({ activity: transfer, names, interfaces: [sample], decode });
    const transferCall = transferModel.sections.find((s) => s.id === 'call');
    assert.deepEqual(transferModel.openAbi, { kind: 'registered', interfaceId: 'sci-1', label: SAMPLE_TOKEN_LABEL });
    assert.ok(transferCall?.actions.some((a) => a.id === 'openAbi'));
    assert.match(transferCall?.call?.arguments[1]?.text ?? '', /^250 EXAMPLE \(raw 250000000000000000000/);
  });
});
