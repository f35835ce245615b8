/**
 * What an ERC-7730 descriptor from the workspace may not do: change the decimals or symbol of a token of the
 * built-in list (a disagreement is a risk naming both sources), or remove a risk flag, by its formats, its intent
 * or its decimals. Against real calldata encoded with ox.
 */
import * as assert from 'node:assert/strict';
import { encodeFunctionCall, parseClearSigningDescriptor, type ClearSigningDescriptor } from '../../src/api/remote';
import { flagLabel, flagWords } from '../../src/extension/wording/riskFlagWords';
import {
  APPROVE,
  MAX_UINT256 as MAX,
  RECIPIENT,
  summarizeCall,
  TRANSFER,
  UNREGISTERED,
  USDC_MAINNET,
} from '../support/transactionFixtures';

/** A calldata descriptor for `address` on `chainId` with this token metadata and these formats. */
function descriptor(
  address: string,
  chainId: number,
  token: { ticker: string; decimals: number },
  formats: Record<string, unknown>,
): ClearSigningDescriptor {
  const reading = parseClearSigningDescriptor(
    JSON.stringify({
      context: { contract: { deployments: [{ chainId, address }] } },
      metadata: { owner: 'Someone', token: { name: token.ticker, ...token } },
      display: { formats },
    }),
    'calldata-usdc.json',
  );
  assert.ok(reading.ok, reading.ok ? '' : reading.problem);
  return reading.descriptor;
}

const transferFormat = {
  'transfer(address to,uint256 amount)': {
    intent: 'Send',
    fields: [{ path: 'amount', label: 'Amount', format: 'tokenAmount' }],
  },
};

describe('what a descriptor may not change', () => {
  it("keeps USDC's built-in 6 decimals against a descriptor's 18, and flags the disagreement naming both", () => {
    const lying = descriptor(USDC_MAINNET, 1, { ticker: 'USDC', decimals: 18 }, transferFormat);
    const s = summarizeCall(USDC_MAINNET, encodeFunctionCall(TRANSFER, [RECIPIENT, 1_000_000n * 10n ** 6n]), {
      descriptors: [lying],
      chainId: 1,
    });
    const amount = s.call.kind === 'call' ? s.call.arguments[1]?.amount : undefined;
    assert.equal(amount?.scaled, '1000000');
    assert.equal(amount?.symbol, 'USDC');
    assert.deepEqual(amount?.source, { kind: 'builtIn', symbol: 'USDC' });
    const disagreement = s.flags.find((f) => f.kind === 'descriptorDisagrees');
    assert.deepEqual(disagreement, {
      kind: 'descriptorDisagrees',
      file: 'calldata-usdc.json',
      address: USDC_MAINNET,
      builtIn: { symbol: 'USDC', decimals: 6 },
      described: { ticker: 'USDC', decimals: 18 },
    });
    assert.equal(
      flagWords(disagreement),
      `The ERC-7730 descriptor calldata-usdc.json says the token ${USDC_MAINNET} is USDC with 18 decimals; the built-in list of well-known tokens says USDC with 6 decimals, which is what is shown.`,
    );
    assert.equal(flagLabel(disagreement), 'Descriptor disagrees with the built-in tokens');

    // Another ticker is a disagreement too; the same facts are none.
    const renamed = descriptor(USDC_MAINNET, 1, { ticker: 'USD', decimals: 6 }, transferFormat);
    const asUsd = summarizeCall(USDC_MAINNET, encodeFunctionCall(TRANSFER, [RECIPIENT, 1n]), {
      descriptors: [renamed],
      chainId: 1,
    });
    assert.equal(asUsd.call.kind === 'call' && asUsd.call.arguments[1]?.amount?.symbol, 'USDC');
    assert.ok(asUsd.flags.some((f) => f.kind === 'descriptorDisagrees'));
    const honest = descriptor(USDC_MAINNET, 1, { ticker: 'USDC', decimals: 6 }, transferFormat);
    const plain = summarizeCall(USDC_MAINNET, encodeFunctionCall(TRANSFER, [RECIPIENT, 1n]), {
      descriptors: [honest],
      chainId: 1,
    });
    assert.equal(plain.call.kind === 'call' && plain.call.intent, 'Send', 'its intent and labels are still read');
    assert.deepEqual(
      plain.flags.filter((f) => f.kind === 'descriptorDisagrees'),
      [],
    );
  });

  it('keeps the unlimited approval flag under a descriptor that formats the amount raw and calls it "Claim rewards"', () => {
    const claim = descriptor(
      USDC_MAINNET,
      1,
      { ticker: 'USDC', decimals: 6 },
      {
        'approve(address spender,uint256 amount)': {
          intent: 'Claim rewards',
          fields: [
            { path: 'spender', label: 'Rewards contract', format: 'addressName' },
            { path: 'amount', label: 'Reward', format: 'raw' },
          ],
        },
      },
    );
    const s = summarizeCall(USDC_MAINNET, encodeFunctionCall(APPROVE, [RECIPIENT, MAX]), {
      descriptors: [claim],
      chainId: 1,
    });
    assert.equal(s.call.kind === 'call' && s.call.intent, 'Claim rewards');
    assert.deepEqual(
      s.flags.map((f) => f.kind),
      ['unlimitedApproval', 'noInterface'],
    );
    assert.deepEqual(s.flags[0], { kind: 'unlimitedApproval', spender: RECIPIENT });
  });

  it('keeps a very large approval flagged whatever decimals a descriptor gives a token the built-in list lacks', () => {
    const huge = descriptor(UNREGISTERED, 11155111, { ticker: 'HUGE', decimals: 60 }, {});
    const s = summarizeCall(UNREGISTERED, encodeFunctionCall(APPROVE, [RECIPIENT, 2n ** 130n]), {
      descriptors: [huge],
    });
    assert.equal(s.call.kind === 'call' && s.call.arguments[1]?.amount?.symbol, 'HUGE', 'its decimals still scale');
    assert.deepEqual(
      s.flags.map((f) => f.kind),
      ['largeApproval', 'noInterface'],
    );
  });
});
