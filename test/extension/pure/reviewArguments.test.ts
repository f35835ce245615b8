/**
 * Argument names on the review page and in the approval dialog: each value in its own row at its position, and a
 * visible warning where the interface names two arguments alike or leaves one unnamed.
 */
import * as assert from 'node:assert/strict';
import {
  activitySchema,
  decodeEthereumTransaction,
  decodeRawPayload,
  encodeFunctionCall,
  serializeUnsignedTransaction,
} from '../../../src/api/remote';
import { readableVoteDetail } from '../../../src/extension/wording/voteDialogWords';
import { buildReviewModel } from '../../../src/extension/review/reviewModel';
import { reviewPageMarkup } from '../../support/viewMarkup';

const CONTRACT = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const PAYEE = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
const DECOY = '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb';
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const at = { seconds: String(NOW / 1000 - 60), nanos: '0' };

/** A teammate's ABI: an order whose two addresses are both named "to", and an amount named `__proto__`. */
const ABI = [
  {
    type: 'function',
    name: 'pay',
    inputs: [
      {
        name: 'order',
        type: 'tuple',
        components: [
          { name: 'to', type: 'address' },
          { name: 'to', type: 'address' },
          { name: '__proto__', type: 'uint256' },
        ],
      },
    ],
    outputs: [],
    stateMutability: 'nonpayable',
  },
];

function activity(type: string, intent: Record<string, unknown>) {
  return activitySchema.parse({
    id: 'act-1',
    organizationId: 'org-1',
    status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED',
    type,
    intent,
    votes: [],
    fingerprint: 'sha256:abc',
    canApprove: true,
    canReject: true,
    createdAt: at,
  });
}

describe('extension (pure): argument names on the review page and in the approval dialog', () => {
  const unsignedTransaction = serializeUnsignedTransaction({
    chainId: 1,
    nonce: 0n,
    to: CONTRACT,
    data: encodeFunctionCall('function pay((address,address,uint256))', [[PAYEE, DECOY, 5n]]),
    gas: 9n,
    gasPrice: 1n,
  });
  const model = buildReviewModel({
    activity: activity('ACTIVITY_TYPE_SIGN_TRANSACTION_V2', {
      signTransactionIntentV2: { signWith: 'key-1', unsignedTransaction, type: 'TRANSACTION_TYPE_ETHEREUM' },
    }),
    names: undefined,
    interfaces: [
      {
        smartContractInterfaceId: 'sci-1',
        smartContractAddress: CONTRACT,
        smartContractInterface: JSON.stringify(ABI),
        label: 'Payments',
      },
    ],
    decode: { transaction: decodeEthereumTransaction, payload: decodeRawPayload },
  });
  const call = model.sections.find((s) => s.id === 'call');

  it('gives each component its own row: the first "to" (where the funds go), the second, and `__proto__`', () => {
    assert.deepEqual(
      call?.call?.arguments[0]?.parts?.map((p) => [p.name, p.text]),
      [
        ['to (#1)', PAYEE],
        ['to (#2)', DECOY],
        ['__proto__', '5'],
      ],
    );
    const html = reviewPageMarkup(model);
    const payee = html.indexOf(PAYEE);
    assert.ok(payee > 0, 'the first address is on the page');
    assert.ok(html.indexOf(DECOY) > payee, 'the second address is on the page, after the first');
    assert.ok(!html.includes('>{}<'), 'no value is drawn as an empty object');
  });

  it('warns on the page that the names cannot be trusted, and says to read by position', () => {
    const warnings = call?.notes.filter((n) => n.tone === 'warning') ?? [];
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]?.text ?? '', /"to" names arguments #1 and #2 of pay\.order/);
    assert.match(warnings[0]?.text ?? '', /read it by position/);
    assert.match(reviewPageMarkup(model), /<p class="note warning"[^>]*>(<bdi>)?Argument names cannot be trusted here/);
  });

  it('warns in the approval dialog of the interface that registers such an ABI, and not for a clean one', () => {
    const register = (abi: unknown) =>
      activity('ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE', {
        createSmartContractInterfaceIntent: {
          smartContractAddress: CONTRACT,
          smartContractInterface: JSON.stringify(abi),
          type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
          label: 'Payments',
        },
      });
    const detail = readableVoteDetail('approve', 'sha256:abc', 'org-1', register(ABI), undefined);
    assert.match(detail, /^ {2}ABI: 1 function, 0 events \(Open ABI shows it\)$/m);
    assert.match(
      detail,
      /^ {2}Warning: its argument names cannot tell every value apart: "to" names arguments #1 and #2 of pay\.order\. Calls to it are shown by position\.$/m,
    );

    const unnamed = [{ ...ABI[0], inputs: [{ name: '', type: 'address' }] }];
    assert.match(
      readableVoteDetail('approve', 'sha256:abc', 'org-1', register(unnamed), undefined),
      /Warning: .*argument #1 of pay has no name/,
    );
    const clean = [{ ...ABI[0], inputs: [{ name: 'to', type: 'address' }] }];
    assert.doesNotMatch(readableVoteDetail('approve', 'sha256:abc', 'org-1', register(clean), undefined), /Warning/);
  });
});
