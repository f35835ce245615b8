/** What deleting a sub-organization without export would lose, named in one sentence. */
import * as assert from 'node:assert/strict';
import type { Wallet } from '../../../src/api';
import { NAMED_AT_MOST, unexportedOf, unexportedSentence } from '../../../src/extension/wording/unexportedWords';

const epoch = { seconds: '0', nanos: '0' };

function wallet(walletName: string, exported: boolean): Wallet {
  return { walletId: `id-${walletName}`, walletName, exported, imported: false, createdAt: epoch, updatedAt: epoch };
}

const accounts = (n: number) => Array.from({ length: n }, () => ({}) as never);

describe('what a deletion without export loses, in words', () => {
  it('names each wallet never exported with its accounts, and each private key never exported', () => {
    const unexported = unexportedOf(
      {
        wallets: [
          { wallet: wallet('Savings', false), accounts: accounts(3) },
          { wallet: wallet('Spent', true), accounts: accounts(1) },
        ],
      },
      [
        { privateKeyId: 'k1', privateKeyName: 'Hot', exported: false },
        { privateKeyId: 'k2', privateKeyName: 'Backed up', exported: true },
      ],
    );
    assert.deepEqual(unexported, { wallets: [{ name: 'Savings', accounts: 3 }], privateKeys: ['Hot'] });
    assert.equal(
      unexportedSentence(unexported),
      'Wallet "Savings" (3 accounts) and private key "Hot" were never exported: their recovery phrases and keys are lost for good.',
    );
  });

  it('words one wallet, one key, several of one kind, and nothing', () => {
    assert.equal(
      unexportedSentence({ wallets: [{ name: 'Default', accounts: 1 }], privateKeys: [] }),
      'Wallet "Default" (1 account) was never exported: its recovery phrase is lost for good.',
    );
    assert.equal(
      unexportedSentence({ wallets: [], privateKeys: ['Sub-organization key'] }),
      'Private key "Sub-organization key" was never exported: it is lost for good.',
    );
    assert.equal(
      unexportedSentence({ wallets: [], privateKeys: ['A', 'B', 'C'] }),
      'Private key "A", private key "B", and private key "C" were never exported: they are lost for good.',
    );
    assert.equal(
      unexportedSentence({
        wallets: [
          { name: 'A', accounts: 0 },
          { name: 'B', accounts: 2 },
        ],
        privateKeys: [],
      }),
      'Wallet "A" (0 accounts) and wallet "B" (2 accounts) were never exported: their recovery phrases are lost for good.',
    );
    assert.equal(unexportedSentence({ wallets: [], privateKeys: [] }), undefined);
    assert.deepEqual(unexportedOf(undefined, []), { wallets: [], privateKeys: [] });
  });

  it(`names at most ${NAMED_AT_MOST} and counts the rest`, () => {
    const keys = Array.from({ length: NAMED_AT_MOST + 3 }, (_, i) => `key ${i}`);
    const sentence = unexportedSentence({ wallets: [], privateKeys: keys }) ?? '';
    assert.match(sentence, /private key "key 4", and 3 more wallets and private keys were never exported/);
    assert.doesNotMatch(sentence, /key 5/);
  });

  it("shows a teammate's name as text: hidden characters written out", () => {
    const sentence = unexportedSentence({ wallets: [{ name: 'evil\u202Egnp.exe', accounts: 1 }], privateKeys: [] });
    assert.ok(sentence?.includes('evil\\u202Egnp.exe'), sentence);
  });
});
