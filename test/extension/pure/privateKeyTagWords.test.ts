import * as assert from 'node:assert/strict';
import { tagCreatedSentence } from '../../../src/extension/wording/privateKeyTagWords';

describe('wording: a private key tag created', () => {
  it('counts one key in the singular and several in the plural', () => {
    assert.equal(tagCreatedSentence('treasury', 1), 'Private key tag "treasury" created on 1 private key.');
    assert.equal(tagCreatedSentence('treasury', 3), 'Private key tag "treasury" created on 3 private keys.');
  });

  it('says that no key carries the tag yet rather than "0 private keys"', () => {
    assert.equal(tagCreatedSentence('treasury', 0), 'Private key tag "treasury" created, on no private key yet.');
  });
});
