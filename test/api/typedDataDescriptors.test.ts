/**
 * Typed data read with an ERC-7730 descriptor's `eip712` section: bound to the domain by its deployments and domain
 * values, and to the message's type by `encodeType`; labels, token amounts with their token path (in an array's
 * group too), dates and the intent applied; a field the descriptor does not name, or says never to show, still
 * shown; a descriptor for another domain or another type not applied; a permit's reading and risks unchanged.
 */
import * as assert from 'node:assert/strict';
import * as TypedData from 'ox/TypedData';
import {
  parseClearSigningDescriptor,
  summarizeSignature,
  type ClearSigningDescriptor,
  type SignatureContext,
  type SignatureReading,
} from '../../src/api/remote';
import { readFixture } from '../support/fixtures';
import { DAI, NOW, OWNER, permit2Single, USDC } from '../support/signatureFixtures';

const EXCHANGE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' as const;
const ENDS_AT = NOW / 1000 + 3600;

function descriptor(text = readFixture('clearSigning', 'eip712-test-exchange.json')): ClearSigningDescriptor {
  const read = parseClearSigningDescriptor(text, 'eip712-test-exchange.json');
  assert.ok(read.ok, read.ok ? '' : read.problem);
  return read.descriptor;
}

function order(domain: Record<string, unknown> = { name: 'Test Exchange', chainId: 1, verifyingContract: EXCHANGE }) {
  return {
    types: {
      Order: [
        { name: 'maker', type: 'address' },
        { name: 'give', type: 'Asset' },
        { name: 'take', type: 'Asset[]' },
        { name: 'endsAt', type: 'uint256' },
        { name: 'memo', type: 'string' },
      ],
      Asset: [
        { name: 'token', type: 'address' },
        { name: 'amount', type: 'uint256' },
      ],
    },
    primaryType: 'Order',
    domain,
    message: {
      maker: OWNER,
      give: { token: USDC, amount: '250000000' },
      take: [
        { token: DAI, amount: '1000000000000000000' },
        { token: USDC, amount: (2n ** 255n).toString() },
      ],
      endsAt: String(ENDS_AT),
      memo: 'first order',
    },
  };
}

function typed(document: unknown, descriptors: readonly ClearSigningDescriptor[]) {
  const context: SignatureContext = {
    interfaces: [],
    descriptors,
    nameOf: (a) => (a === OWNER ? 'Treasury' : undefined),
  };
  const summary = summarizeSignature(
    { payload: JSON.stringify(document), encoding: 'PAYLOAD_ENCODING_EIP712', hashFunction: 'HASH_FUNCTION_NO_OP' },
    context,
    NOW,
  );
  assert.equal(summary.reading.kind, 'typedData');
  return summary as typeof summary & { reading: Extract<SignatureReading, { kind: 'typedData' }> };
}

describe('typed data with an ERC-7730 eip712 descriptor', () => {
  it('applies the labels, token amounts (in an array group too), dates and intent of the descriptor bound to it', () => {
    const { reading } = typed(order(), [descriptor()]);
    assert.equal(reading.intent, 'Place an order');
    assert.equal(reading.descriptor, 'eip712-test-exchange.json');
    assert.equal(reading.domain.verifyingContract?.name, 'Test Exchange');
    const byPath = new Map(reading.fields.map((f) => [f.path, f]));
    assert.deepEqual([byPath.get('maker')?.label, byPath.get('maker')?.addressName], ['Maker', 'Treasury']);
    const give = byPath.get('give.amount');
    assert.deepEqual([give?.label, give?.amount?.scaled, give?.amount?.symbol], ['You give', '250', 'USDC']);
    // Each element of the array reads its own token: DAI for the first, USDC past the threshold for the second.
    const first = byPath.get('take[0].amount');
    assert.deepEqual([first?.label, first?.amount?.scaled, first?.amount?.symbol], ['You receive', '1', 'DAI']);
    assert.equal(byPath.get('take[1].amount')?.amount?.symbol, 'USDC');
    assert.equal(byPath.get('take[1].amount')?.amount?.unlimited, false);
    // A date where only the descriptor says so ("endsAt" is no deadline's usual name), from a definition.
    assert.deepEqual(
      [byPath.get('endsAt')?.label, byPath.get('endsAt')?.date],
      ['Order closes', new Date(ENDS_AT * 1000).toISOString()],
    );
  });

  it('still shows the fields the descriptor does not name, and the one it says never to show', () => {
    const { reading } = typed(order(), [descriptor()]);
    const paths = reading.fields.map((f) => f.path);
    assert.deepEqual(paths, [
      'maker',
      'give.token',
      'give.amount',
      'take[0].token',
      'take[0].amount',
      'take[1].token',
      'take[1].amount',
      'endsAt',
      'memo',
    ]);
    const memo = reading.fields.find((f) => f.path === 'memo');
    assert.deepEqual([memo?.text, memo?.label], ['first order', undefined]);
    assert.equal(reading.fields.find((f) => f.path === 'give.token')?.addressName, 'USDC');
  });

  it('is not applied to another domain, another chain, another contract or another type of the same name', () => {
    const applied = (document: unknown) => typed(document, [descriptor()]).reading.intent;
    assert.equal(applied(order({ name: 'Other Exchange', chainId: 1, verifyingContract: EXCHANGE })), undefined);
    assert.equal(applied(order({ name: 'Test Exchange', chainId: 137, verifyingContract: EXCHANGE })), undefined);
    assert.equal(applied(order({ name: 'Test Exchange', chainId: 1, verifyingContract: USDC })), undefined);
    assert.equal(applied(order({ name: 'Test Exchange' })), undefined);
    const otherType = order();
    otherType.types.Order = otherType.types.Order.filter((f) => f.name !== 'memo');
    assert.equal(applied(otherType), undefined);
    // Without a descriptor, the same typed data reads without labels, and "endsAt" is no date.
    const plain = typed(order(), []).reading;
    assert.equal(plain.fields.find((f) => f.path === 'endsAt')?.date, undefined);
    assert.equal(
      plain.fields.some((f) => f.label !== undefined),
      false,
    );
  });

  it('binds to a domain separator: applied when the domain hashes to it, not otherwise', () => {
    const domain = { name: 'Test Exchange', chainId: 1, verifyingContract: EXCHANGE };
    const separator = TypedData.hashDomain({ domain: { ...domain, chainId: 1n } });
    const text = readFixture('clearSigning', 'eip712-test-exchange.json');
    const bound = (hash: string) =>
      descriptor(text.replace('"domain": { "name": "Test Exchange" }', `"domainSeparator": "${hash}"`));
    assert.equal(typed(order(domain), [bound(separator)]).reading.intent, 'Place an order');
    assert.equal(typed(order({ ...domain, name: 'Test Exchange 2' }), [bound(separator)]).reading.intent, undefined);
  });

  it('binds a bare type name through the schema the descriptor gives for it', () => {
    const text = readFixture('clearSigning', 'eip712-test-exchange.json');
    const key = Object.keys((JSON.parse(text) as { display: { formats: object } }).display.formats)[0] ?? '';
    const bare = text.replace(JSON.stringify(key), '"Order"');
    assert.equal(typed(order(), [descriptor(bare)]).reading.intent, 'Place an order');
    const schema = (fields: readonly string[]) =>
      bare.replace(
        '"domain": { "name": "Test Exchange" }',
        `"domain": { "name": "Test Exchange" }, "schemas": [{ "primaryType": "Order", "types": { "Order": ${JSON.stringify(
          fields.map((name) => ({ name, type: 'string' })),
        )} } }]`,
      );
    assert.equal(typed(order(), [descriptor(schema(['memo']))]).reading.intent, undefined);
  });

  it('never changes what a permit reads or the risks it raises', () => {
    const permit2 = JSON.stringify({
      context: {
        eip712: {
          deployments: [{ chainId: 1, address: '0x000000000022D473030F116dDEE9F6B43aC78BA3' }],
        },
      },
      display: {
        formats: {
          'PermitSingle(PermitDetails details,address spender,uint256 sigDeadline)PermitDetails(address token,uint160 amount,uint48 expiration,uint48 nonce)':
            {
              intent: 'Allow spending',
              fields: [
                {
                  path: 'details.amount',
                  label: 'Allowance',
                  format: 'tokenAmount',
                  params: { token: DAI, threshold: '1', message: 'Small' },
                },
              ],
            },
        },
      },
    });
    const plain = typed(permit2Single(), []);
    const described = typed(permit2Single(), [descriptor(permit2)]);
    assert.equal(described.reading.intent, 'Allow spending');
    const amount = described.reading.fields.find((f) => f.path === 'details.amount');
    assert.deepEqual([amount?.label, amount?.amount?.symbol, amount?.amount?.unlimited], ['Allowance', 'USDC', true]);
    assert.deepEqual(described.flags, plain.flags);
  });
});
