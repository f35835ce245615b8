/**
 * One name for every address the organization owns: the lookup (hex addresses case-blind), the address with its
 * name, the key a signing activity signs with, and the review page's words for whether a recipient, a spender or a
 * delegate is in the organization or outside it.
 */
import * as assert from 'node:assert/strict';
import type { Activity, OrganizationData, Wallet, WalletAccount } from '../../../src/api';
import {
  activitySchema,
  decodeEthereumTransaction,
  decodeRawPayload,
  encodeFunctionCall,
  serializeUnsignedTransaction,
  summarizeSignature,
  summarizeTransaction,
} from '../../../src/api/remote';
import { organizationFacts } from '../../../src/extension/store/organizationFacts';
import { walletBookOf } from '../../../src/extension/store/walletBook';
import {
  namedAddress,
  organizationName,
  organizationNamer,
  ownershipWords,
} from '../../../src/extension/wording/addressNames';
import { activityTitle, signerText } from '../../../src/extension/wording/activityWords';
import { buildReviewModel } from '../../../src/extension/review/reviewModel';
import { whyContext } from '../../../src/extension/review/whyContext';
import { reviewPageMarkup } from '../../support/viewMarkup';

const COLD = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const HOT = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const OUTSIDE = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
const SOLANA = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

const wallet = (walletId: string, walletName: string) =>
  ({ walletId, walletName, imported: false, exported: false }) as unknown as Wallet;
const account = (walletId: string, address: string, path: string, name?: string) =>
  ({ walletAccountId: `${walletId}-${path}`, walletId, address, path, name }) as unknown as WalletAccount;

const book = walletBookOf(
  [wallet('w-cold', 'Treasury cold'), wallet('w-hot', 'Treasury hot')],
  [
    // The service may write an address in lower case: an EIP-55 lookup still finds it.
    account('w-cold', COLD.toLowerCase(), "m/44'/60'/0'/0/0"),
    account('w-hot', HOT, "m/44'/60'/0'/0/1"),
    account('w-hot', SOLANA, "m/44'/501'/0'/0'"),
  ],
);
const data = {
  organizationId: 'org-1',
  name: 'Treasury',
  users: [{ userId: 'user-2', userName: 'Team root user 2' }],
  privateKeys: [],
  tags: [],
  rootQuorum: { threshold: 1, userIds: ['user-2'] },
} as unknown as OrganizationData;
const facts = organizationFacts('user-1', data, book);
const nameOf = organizationNamer(facts.names);

function signing(intent: Record<string, unknown>, type = 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2'): Activity {
  return activitySchema.parse({
    id: 'act-1',
    organizationId: 'org-1',
    status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED',
    type,
    intent: {
      [type === 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' ? 'signTransactionIntentV2' : 'signRawPayloadIntentV2']: intent,
    },
    votes: [],
    fingerprint: 'sha256:abc',
    canApprove: true,
    canReject: true,
  });
}

const transaction = (to: string, data = '0x') =>
  serializeUnsignedTransaction({ chainId: 11155111, nonce: 1n, to, value: 5n, data, gas: 65_000n, maxFeePerGas: 1n });

function reviewOf(activity: Activity) {
  return buildReviewModel({
    activity,
    names: { name: 'Treasury', threshold: 1, names: facts.names },
    interfaces: [],
    decode: {
      transaction: decodeEthereumTransaction,
      payload: decodeRawPayload,
      summarize: summarizeTransaction,
      signature: summarizeSignature,
    },
    nameOf,
    now: Date.UTC(2026, 10, 28),
  });
}

const rowsOf = (model: ReturnType<typeof reviewOf>) => model.sections.flatMap((s) => s.rows);

describe('extension (pure): a name for every address the organization owns', () => {
  it('finds a wallet account by its address in any case (EIP-55, lower, upper hex), a base58 address as written', () => {
    for (const address of [COLD, COLD.toLowerCase(), `0x${COLD.slice(2).toUpperCase()}`])
      assert.equal(organizationName(address, facts.names), 'Treasury cold · account 0', address);
    assert.equal(organizationName(HOT.toLowerCase(), facts.names), 'Treasury hot · account 1');
    assert.equal(organizationName(SOLANA, facts.names), 'Treasury hot · account 0');
    assert.equal(organizationName(OUTSIDE, facts.names), undefined);
    assert.equal(organizationName('', facts.names), undefined);
    // Several sources: the first that knows the address names it.
    assert.equal(organizationName(OUTSIDE, new Map([[OUTSIDE.toLowerCase(), 'Elsewhere']]), facts.names), 'Elsewhere');
  });

  it('names an address as "Wallet · account N (0x…)", its name a teammate\'s text shown as text', () => {
    assert.equal(namedAddress(COLD, 'Treasury cold · account 0'), 'Treasury cold · account 0 (0x5aAeb6…1BeAed)');
    assert.equal(namedAddress(COLD, undefined), '0x5aAeb6…1BeAed');
    assert.equal(namedAddress(COLD, 'Cold', false), `Cold (${COLD})`);
    assert.equal(namedAddress(COLD, 'evil\u202Eloc'), 'evil\\u202Eloc (0x5aAeb6…1BeAed)');
  });

  it('says the key a signing activity signs with: a wallet account by its name and address, a key id by its name', () => {
    assert.equal(signerText(COLD, nameOf), 'Treasury cold · account 0 (0x5aAeb6…1BeAed)');
    assert.equal(
      signerText('key-1', () => 'Team key'),
      '"Team key"',
    );
    assert.equal(signerText(OUTSIDE, nameOf), '0xdbF03B…C8C6FB');
    const activity = signing({ signWith: COLD, type: 'TRANSACTION_TYPE_ETHEREUM', unsignedTransaction: '0x02' });
    assert.equal(
      activityTitle(activity, undefined, nameOf),
      'Sign transaction with Treasury cold · account 0 (0x5aAeb6…1BeAed)',
    );
  });

  it('says whether an address is in the organization or outside it, in plain words', () => {
    assert.equal(ownershipWords(HOT, nameOf), 'Treasury hot · account 1 (0xfB6916…c5d359), in your organization');
    assert.equal(ownershipWords(OUTSIDE, nameOf), '0xdbF03B…C8C6FB, outside your organization');
  });

  it("on the review page, names the wallet account that signs and says a transfer's recipient is in the organization", () => {
    const model = reviewOf(
      signing({ signWith: COLD, type: 'TRANSACTION_TYPE_ETHEREUM', unsignedTransaction: transaction(HOT) }),
    );
    const rows = rowsOf(model);
    assert.equal(rows.find((r) => r.label === 'Signs with')?.value, `Treasury cold · account 0 (${COLD})`);
    const recipient = rows.find((r) => r.label === 'Recipient');
    assert.equal(recipient?.value, 'Treasury hot · account 1 (0xfB6916…c5d359), in your organization');
    assert.equal(recipient?.title, HOT, 'the whole address is one hover away');
    assert.match(rows.find((r) => r.label === 'To')?.value ?? '', /Treasury hot · account 1/);
    // The page draws the whole address as the cell's hover.
    assert.match(reviewPageMarkup(model), new RegExp(`title="${HOT}"`));
  });

  it("says an approval's spender outside the organization, and an ERC-20 transfer's recipient inside it", () => {
    const approve = encodeFunctionCall('function approve(address spender, uint256 amount)', [OUTSIDE, 5n]);
    const spender = rowsOf(
      reviewOf(
        signing({ signWith: COLD, type: 'TRANSACTION_TYPE_ETHEREUM', unsignedTransaction: transaction(HOT, approve) }),
      ),
    );
    assert.equal(spender.find((r) => r.label === 'Spender')?.value, '0xdbF03B…C8C6FB, outside your organization');
    const send = encodeFunctionCall('function transfer(address to, uint256 amount)', [HOT.toLowerCase(), 5n]);
    const sent = rowsOf(
      reviewOf(
        signing({ signWith: COLD, type: 'TRANSACTION_TYPE_ETHEREUM', unsignedTransaction: transaction(OUTSIDE, send) }),
      ),
    );
    assert.match(
      sent.find((r) => r.label === 'Recipient')?.value ?? '',
      /^Treasury hot · account 1 \(.+\), in your organization$/,
    );
  });

  it("says a permit's spender and an EIP-7702 delegate, each in or outside the organization", () => {
    const permit = JSON.stringify({
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      domain: { name: 'Token', chainId: 1, verifyingContract: OUTSIDE },
      message: { owner: COLD, spender: HOT, value: '5', nonce: '0', deadline: '1800000000' },
    });
    const raw = (payload: string, encoding: string) =>
      signing(
        { signWith: COLD, payload, encoding, hashFunction: 'HASH_FUNCTION_NO_OP' },
        'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      );
    const permitRows = rowsOf(reviewOf(raw(permit, 'PAYLOAD_ENCODING_EIP712')));
    assert.equal(
      permitRows.find((r) => r.label === 'Spender')?.value,
      'Treasury hot · account 1 (0xfB6916…c5d359), in your organization',
    );
    const authorization = JSON.stringify({ address: OUTSIDE, chainId: 1, nonce: 0 });
    const delegated = rowsOf(reviewOf(raw(authorization, 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION')));
    assert.equal(delegated.find((r) => r.label === 'Delegate')?.value, '0xdbF03B…C8C6FB, outside your organization');
  });

  it('reads a signing by a wallet account for "why" as the service does: wallet and account, no private key', () => {
    const activity = signing({
      signWith: COLD,
      type: 'TRANSACTION_TYPE_ETHEREUM',
      unsignedTransaction: transaction(HOT),
    });
    const context = whyContext(activity, [], [], new Date(), book) as unknown as Record<string, unknown>;
    assert.deepEqual(context['wallet'], { id: 'w-cold', imported: false, exported: false, label: 'Treasury cold' });
    assert.equal((context['wallet_account'] as { address?: string } | undefined)?.address, COLD.toLowerCase());
    assert.equal(context['private_key'], undefined);
    assert.equal(
      (context['eth'] as { tx?: { from?: string } } | undefined)?.tx?.from?.toLowerCase(),
      COLD.toLowerCase(),
    );
  });
});
